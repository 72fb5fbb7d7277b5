// Stream entry ids: parse_entry_id on any bytes agrees with an independent grammar oracle and formats
// back to the same text; snowflake_of inverts the injection; the injection preserves order on pairs; a
// window's bounds contain exactly the Snowflakes of its instants.
#include <fuzzer/FuzzedDataProvider.h>

#include <tuple>

#include "branded/branded.hpp"
#include "property.hpp"

namespace {

// "<ms>-<seq>": two canonical unsigned decimals (no sign, no leading zero but "0") that fit 64 bits.
bool decimal(std::string_view text, std::uint64_t& out) {
  if (text.empty() || text.size() > 20 || (text.size() > 1 && text[0] == '0')) return false;
  unsigned __int128 value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + static_cast<unsigned>(c - '0');
  }
  if (value > UINT64_MAX) return false;
  out = static_cast<std::uint64_t>(value);
  return true;
}

bool expected_entry_id(std::string_view text, branded::EntryId& out) {
  const std::size_t dash = text.find('-');
  return dash != std::string_view::npos && decimal(text.substr(0, dash), out.ms) &&
         decimal(text.substr(dash + 1), out.seq);
}

bool before(branded::EntryId a, branded::EntryId b) { return std::tie(a.ms, a.seq) < std::tie(b.ms, b.seq); }

void check_text(std::string_view text) {
  const auto parsed = branded::parse_entry_id(text);
  branded::EntryId expected;
  PROPERTY(parsed.ok() == expected_entry_id(text, expected));
  if (!parsed.ok()) {
    PROPERTY(parsed.error == branded::Error::entry_id);
    return;
  }
  PROPERTY(parsed.value == expected);
  PROPERTY(branded::format_entry_id(parsed.value) == text);

  const auto snowflake = branded::snowflake_of(parsed.value);
  const bool seq_fits = expected.seq <= 0x3FFFFF;
  const bool ms_fits = expected.ms >= 1704067200000ull && expected.ms <= 1704067200000ull + ((1ull << 41) - 1);
  PROPERTY(snowflake.error == (!seq_fits  ? branded::Error::entry_id
                               : !ms_fits ? branded::Error::range
                                          : branded::Error::none));
  if (!snowflake.ok()) return;
  PROPERTY(snowflake.value <= branded::MAX_SNOWFLAKE);
  PROPERTY(branded::entry_id(snowflake.value) == parsed.value);
  PROPERTY(branded::stream_id(snowflake.value) == text);
}

void check_injection(std::uint64_t s, std::uint64_t t) {
  const branded::EntryId es = branded::entry_id(s), et = branded::entry_id(t);
  const auto back = branded::snowflake_of(es);
  PROPERTY(back.ok() && back.value == s);
  const auto reparsed = branded::parse_entry_id(branded::stream_id(s));
  PROPERTY(reparsed.ok() && reparsed.value == es);
  PROPERTY((s < t) == before(es, et));
  PROPERTY((s == t) == (es == et));
}

void check_window(std::int64_t t0, std::int64_t t1, std::uint64_t s) {
  const auto w = branded::window(t0, t1);
  PROPERTY(w.ok() == (t0 >= 0 && t0 < t1));
  if (!w.ok()) {
    PROPERTY(w.error == branded::Error::range);
    return;
  }
  const auto start = branded::parse_entry_id(w.value.start);
  const auto last = branded::parse_entry_id(w.value.inclusive_end);
  PROPERTY(w.value.end.size() > 1 && w.value.end[0] == '(');
  const auto end = branded::parse_entry_id(std::string_view(w.value.end).substr(1));
  PROPERTY(start.ok() && start.value == branded::EntryId{std::uint64_t(t0), 0});
  PROPERTY(end.ok() && end.value == branded::EntryId{std::uint64_t(t1), 0});
  PROPERTY(last.ok() && last.value == branded::EntryId{std::uint64_t(t1) - 1, 0x3FFFFF});
  const branded::EntryId e = branded::entry_id(s);
  const bool in_instants = branded::unix_ms(s) >= t0 && branded::unix_ms(s) < t1;
  PROPERTY(in_instants == (!before(e, start.value) && before(e, end.value)));
  PROPERTY(in_instants == (!before(e, start.value) && !before(last.value, e)));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  check_text(oracle::to_view(data, size));

  FuzzedDataProvider input(data, size);
  const std::uint64_t s = input.ConsumeIntegral<std::uint64_t>() & branded::MAX_SNOWFLAKE;
  const std::uint64_t t = input.ConsumeBool() ? s + input.ConsumeIntegralInRange<std::uint64_t>(0, 1 << 23)
                                              : input.ConsumeIntegral<std::uint64_t>();
  check_injection(s, t & branded::MAX_SNOWFLAKE);
  const std::int64_t t0 = input.ConsumeBool() ? branded::unix_ms(s) - input.ConsumeIntegralInRange(-2, 2)
                                              : input.ConsumeIntegral<std::int64_t>();
  std::int64_t t1 = 0;
  if (!input.ConsumeBool() || __builtin_add_overflow(t0, input.ConsumeIntegralInRange(-2, 3), &t1))
    t1 = input.ConsumeIntegral<std::int64_t>();
  check_window(t0, t1, s);
  return 0;
}
