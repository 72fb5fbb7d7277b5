#include "words.hpp"

#include "branded/format.hpp"
#include "branded/text.hpp"

namespace branded::cli {

std::string decimal(std::uint64_t value) {
  char digits[20];
  return {digits, write_decimal(value, digits)};
}

std::string decimal(std::int64_t value) {
  if (value >= 0) return decimal(static_cast<std::uint64_t>(value));
  return "-" + decimal(~static_cast<std::uint64_t>(value) + 1);
}

std::string with_commas(std::int64_t value) {
  const std::string digits =
      decimal(value < 0 ? ~static_cast<std::uint64_t>(value) + 1 : static_cast<std::uint64_t>(value));
  std::string out = value < 0 ? "-" : "";
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

namespace {

// The civil date of a day since 1970 (H. Hinnant's civil_from_days), for any day a Date holds.
struct Civil {
  std::int64_t year;
  unsigned month, day;
};
Civil civil_from_days(std::int64_t days) {
  days += 719468;
  const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const auto doe = static_cast<unsigned>(days - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
  const unsigned day = doy - (153 * mp + 2) / 5 + 1, month = mp < 10 ? mp + 3 : mp - 9;
  return {static_cast<std::int64_t>(yoe) + era * 400 + (month <= 2), month, day};
}

void two_digits(std::string& out, unsigned value) {
  out.push_back(static_cast<char>('0' + value / 10));
  out.push_back(static_cast<char>('0' + value % 10));
}

}  // namespace

std::string iso_instant(std::int64_t ms) {
  constexpr std::int64_t DAY = 86400000, MOST = 8640000000000000;
  if (ms > MOST || ms < -MOST) return "";
  const std::int64_t days = (ms >= 0 ? ms : ms - (DAY - 1)) / DAY;
  const auto in_day = static_cast<unsigned>(ms - days * DAY);
  const Civil date = civil_from_days(days);
  std::string out;
  if (date.year >= 0 && date.year <= 9999) {
    const std::string year = decimal(date.year);
    out.append(4 - year.size(), '0').append(year);
  } else {
    const std::string year = decimal(date.year < 0 ? -date.year : date.year);
    out.push_back(date.year < 0 ? '-' : '+');
    out.append(6 - year.size(), '0').append(year);
  }
  out.push_back('-');
  two_digits(out, date.month);
  out.push_back('-');
  two_digits(out, date.day);
  out.push_back('T');
  two_digits(out, in_day / 3600000);
  out.push_back(':');
  two_digits(out, in_day / 60000 % 60);
  out.push_back(':');
  two_digits(out, in_day / 1000 % 60);
  out.push_back('.');
  out.push_back(static_cast<char>('0' + in_day % 1000 / 100));
  two_digits(out, in_day % 100);
  out.push_back('Z');
  return out;
}

std::string count_of(std::int64_t count, std::string_view thing) {
  std::string out = with_commas(count);
  out.append(" ").append(thing);
  if (count != 1) out.push_back('s');
  return out;
}

}  // namespace branded::cli
