#include "branded/instant.hpp"

#include "branded/explain.hpp"

namespace branded {
namespace {

constexpr std::int64_t MS_PER_DAY = 86400000;

constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Reads text as it is consumed: the parsers below advance it and say whether the form held.
struct Reader {
  std::string_view text;

  bool done() const { return text.empty(); }
  char peek() const { return text.empty() ? '\0' : text[0]; }
  bool take(char c) {
    if (peek() != c) return false;
    text.remove_prefix(1);
    return true;
  }
  bool take(std::string_view word) {
    if (text.substr(0, word.size()) != word) return false;
    text.remove_prefix(word.size());
    return true;
  }
  void skip_spaces() {
    while (peek() == ' ' || peek() == '\t') text.remove_prefix(1);
  }
  // Exactly `count` digits as a number, or -1.
  std::int64_t fixed_digits(std::size_t count) {
    std::int64_t value = 0;
    for (std::size_t i = 0; i < count; ++i) {
      if (!is_digit(peek())) return -1;
      value = value * 10 + (text[0] - '0');
      text.remove_prefix(1);
    }
    return value;
  }
};

// Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar (H. Hinnant's days_from_civil).
constexpr std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

constexpr unsigned days_in_month(std::int64_t y, std::int64_t m) {
  constexpr unsigned DAYS[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return m == 2 && leap ? 29 : DAYS[m - 1];
}

// YYYY-MM-DD[(T| )HH:MM[:SS[.f{1,3}]]][Z|±HH[:]MM]: the instant, or error form.
Instant iso_instant(Reader in) {
  const Instant bad{0, InstantError::form};
  const std::int64_t year = in.fixed_digits(4);
  if (year < 0 || !in.take('-')) return bad;
  const std::int64_t month = in.fixed_digits(2);
  if (month < 1 || month > 12 || !in.take('-')) return bad;
  const std::int64_t day = in.fixed_digits(2);
  if (day < 1 || static_cast<unsigned>(day) > days_in_month(year, month)) return bad;
  std::int64_t ms = days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day)) * MS_PER_DAY;
  if (in.take('T') || in.take(' ')) {
    const std::int64_t hour = in.fixed_digits(2);
    if (hour < 0 || hour > 23 || !in.take(':')) return bad;
    const std::int64_t minute = in.fixed_digits(2);
    if (minute < 0 || minute > 59) return bad;
    ms += (hour * 60 + minute) * 60000;
    if (in.take(':')) {
      const std::int64_t second = in.fixed_digits(2);
      if (second < 0 || second > 59) return bad;
      ms += second * 1000;
      if (in.take('.')) {
        std::int64_t scale = 100;
        if (!is_digit(in.peek())) return bad;
        for (; is_digit(in.peek()); scale /= 10) {
          if (scale == 0) return bad;
          ms += (in.peek() - '0') * scale;
          in.text.remove_prefix(1);
        }
      }
    }
  }
  if (in.take('Z')) return in.done() ? Instant{ms} : bad;
  if (in.done()) return {ms};
  const char sign = in.peek();
  if (!in.take('+') && !in.take('-')) return bad;
  const std::int64_t zone_hours = in.fixed_digits(2);
  in.take(':');
  const std::int64_t zone_minutes = in.fixed_digits(2);
  if (zone_hours < 0 || zone_hours > 23 || zone_minutes < 0 || zone_minutes > 59 || !in.done()) return bad;
  const std::int64_t zone = (zone_hours * 60 + zone_minutes) * 60000;
  return {sign == '+' ? ms - zone : ms + zone};
}

std::int64_t unit_ms(Reader& in) {
  if (in.take("ms")) return 1;
  if (in.take('s')) return 1000;
  if (in.take('m')) return 60000;
  if (in.take('h')) return 3600000;
  if (in.take('d')) return MS_PER_DAY;
  return 0;
}

// One term of an offset: a number (decimals allowed) and its unit. `unitless` lets a number without a unit
// stand for milliseconds; `had_unit` says whether it had one.
Instant offset_term(Reader& in, bool unitless, bool& had_unit) {
  if (!is_digit(in.peek())) return {0, InstantError::form};
  std::int64_t whole = 0;
  bool far = false;
  for (; is_digit(in.peek()); in.text.remove_prefix(1)) {
    whole = whole * 10 + (in.peek() - '0');
    if (whole > MAX_INSTANT_MS) {
      far = true;
      whole = MAX_INSTANT_MS;
    }
  }
  std::int64_t fraction = 0;
  std::int64_t scale = 1;
  if (in.take('.')) {
    if (!is_digit(in.peek())) return {0, InstantError::form};
    for (; is_digit(in.peek()); in.text.remove_prefix(1)) {
      if (scale < 1000000000) {
        fraction = fraction * 10 + (in.peek() - '0');
        scale *= 10;
      } else if (in.peek() != '0') {
        return {0, InstantError::fraction};
      }
    }
  }
  in.skip_spaces();
  std::int64_t unit = unit_ms(in);
  had_unit = unit != 0;
  if (!had_unit && !unitless) return {0, InstantError::form};
  if (!had_unit) unit = 1;
  if (far || whole > MAX_INSTANT_MS / unit) return {0, InstantError::far};
  if (fraction * unit % scale != 0) return {0, InstantError::fraction};
  return {whole * unit + fraction * unit / scale};
}

// `from` moved by every offset of `in`: groups of a sign and terms (now-1h30m, now - 5m, +10ms, +10).
Instant offsets(Reader in, std::int64_t from) {
  std::int64_t ms = from;
  for (in.skip_spaces(); !in.done(); in.skip_spaces()) {
    const bool minus = in.peek() == '-';
    if (!in.take('+') && !in.take('-')) return {0, InstantError::form};
    in.skip_spaces();
    std::int64_t group = 0;
    bool first = true;
    do {
      bool had_unit = false;
      const Instant term = offset_term(in, first, had_unit);
      if (!term.ok()) return term;
      group += term.ms;
      if (group > MAX_INSTANT_MS) return {0, InstantError::far};
      in.skip_spaces();
      if (!had_unit && is_digit(in.peek())) return {0, InstantError::form};  // "+10" is 10 ms; "+10 5m" is nothing
      first = false;
    } while (is_digit(in.peek()));
    ms += minus ? -group : group;
    if (ms > MAX_INSTANT_MS || ms < -MAX_INSTANT_MS) return {0, InstantError::far};
  }
  return {ms};
}

// -?digits: Unix milliseconds.
bool is_integer(std::string_view text) {
  if (!text.empty() && text[0] == '-') text.remove_prefix(1);
  if (text.empty()) return false;
  for (char c : text)
    if (!is_digit(c)) return false;
  return true;
}

}  // namespace

Instant parse_instant(std::string_view text, std::int64_t now_ms, std::int64_t base_ms) {
  Reader in{trim_whitespace(text)};
  if (is_integer(in.text)) {
    const bool minus = in.take('-');
    std::int64_t ms = 0;
    for (char c : in.text) {
      ms = ms * 10 + (c - '0');
      if (ms > MAX_INSTANT_MS) return {0, InstantError::far};
    }
    return {minus ? -ms : ms};
  }
  if (in.take("now")) return offsets(in, now_ms);
  if (in.peek() == '+' || in.peek() == '-') return offsets(in, base_ms);
  return iso_instant(in);
}

std::string_view instant_error_text(InstantError error) {
  switch (error) {
    case InstantError::none: return "";
    case InstantError::fraction: return "an offset must come to whole milliseconds";
    case InstantError::far: return "beyond the instants every surface holds exactly (2^53 - 1 ms from 1970)";
    case InstantError::form: break;
  }
  return "not an instant: use Unix ms (1781000000010), an ISO 8601 time (2026-06-09T10:13:20.010Z), now with "
         "offsets (now-5m) or an offset (+10ms)";
}

}  // namespace branded
