#include "branded/stream.hpp"

#include <array>
#include <bit>
#include <charconv>
#include <cstring>

namespace branded {
namespace {

constexpr std::array<char, 200> decimal_pair_table() {
  std::array<char, 200> table{};
  for (std::size_t i = 0; i < 100; ++i) {
    table[2 * i] = static_cast<char>('0' + i / 10);
    table[2 * i + 1] = static_cast<char>('0' + i % 10);
  }
  return table;
}
constexpr auto DECIMAL_PAIRS = decimal_pair_table();
constexpr std::uint32_t TEN_TO_4 = 10'000, TEN_TO_8 = 100'000'000;

void write_decimal_pair(std::uint32_t pair, char* out2) { std::memcpy(out2, &DECIMAL_PAIRS[std::size_t{2} * pair], 2); }

// Exactly 8 digits of v < 10^8, zero-padded: two independent 4-digit halves.
void write_8_digits(std::uint32_t v, char* out8) {
  const std::uint32_t high = v / TEN_TO_4, low = v % TEN_TO_4;
  write_decimal_pair(high / 100, out8);
  write_decimal_pair(high % 100, out8 + 2);
  write_decimal_pair(low / 100, out8 + 4);
  write_decimal_pair(low % 100, out8 + 6);
}

// v < 10^8 without leading zeros ("0" for 0), written back to front two digits at a time.
char* write_small(std::uint32_t v, char* out) {
  constexpr std::uint32_t powers[] = {1, 10, 100, 1'000, 10'000, 100'000, 1'000'000, 10'000'000, 100'000'000};
  const int approx =
      static_cast<int>((std::bit_width(v | 1) * 1233) >> 12);  // floor(log10) or one more: 1233 / 4096 ~ log10(2)
  char* const end = out + approx + ((v | 1) >= powers[approx]);
  char* p = end;
  for (; v >= 100; v /= 100) write_decimal_pair(v % 100, p -= 2);
  if (v >= 10)
    write_decimal_pair(v, p - 2);
  else
    p[-1] = static_cast<char>('0' + v);
  return end;
}

// Any 64-bit value: up to two 8-digit blocks below a leading part < 10^8, all in 32-bit arithmetic.
char* write_decimal(std::uint64_t v, char* out) {
  if (v < TEN_TO_8) return write_small(static_cast<std::uint32_t>(v), out);
  const std::uint64_t high = v / TEN_TO_8;
  if (high < TEN_TO_8) {
    out = write_small(static_cast<std::uint32_t>(high), out);
  } else {
    out = write_small(static_cast<std::uint32_t>(high / TEN_TO_8), out);
    write_8_digits(static_cast<std::uint32_t>(high % TEN_TO_8), out);
    out += 8;
  }
  write_8_digits(static_cast<std::uint32_t>(v % TEN_TO_8), out);
  return out + 8;
}

}  // namespace

std::size_t write_entry_id(EntryId id, char* out) {
  char* end = write_decimal(id.ms, out);
  *end++ = '-';
  end = write_decimal(id.seq, end);
  return static_cast<std::size_t>(end - out);
}

std::string format_entry_id(EntryId id) {
  char buffer[MAX_ENTRY_ID_LENGTH];
  return std::string(buffer, write_entry_id(id, buffer));
}

namespace {

// One unsigned decimal: digits only (no sign, space or empty), no leading zero unless it is "0", fits 64 bits.
bool parse_decimal(std::string_view text, std::uint64_t& out) {
  if (text.empty() || text.size() > 20 || (text.size() > 1 && text[0] == '0')) return false;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && ptr == text.data() + text.size();
}

}  // namespace

Result<EntryId> parse_entry_id(std::string_view text) {
  const std::size_t dash = text.find('-');
  EntryId id;
  if (dash == std::string_view::npos || !parse_decimal(text.substr(0, dash), id.ms) ||
      !parse_decimal(text.substr(dash + 1), id.seq))
    return Result<EntryId>::failure(Error::entry_id);
  return {id};
}

Result<std::uint64_t> snowflake_of(EntryId id) {
  if (id.seq > ENTRY_SEQ_MASK) return Result<std::uint64_t>::failure(Error::entry_id);
  if (id.ms < static_cast<std::uint64_t>(EPOCH_MS) || id.ms > static_cast<std::uint64_t>(HORIZON_MS))
    return Result<std::uint64_t>::failure(Error::range);
  return {(id.ms - static_cast<std::uint64_t>(EPOCH_MS)) << 22 | id.seq};
}

Result<Window> window(std::int64_t t0_ms, std::int64_t t1_ms) {
  if (t0_ms < 0 || t1_ms <= t0_ms) return Result<Window>::failure(Error::range);
  const auto t0 = static_cast<std::uint64_t>(t0_ms), t1 = static_cast<std::uint64_t>(t1_ms);
  Window w;
  w.start = format_entry_id({t0, 0});
  w.end.push_back('(');
  w.end.append(format_entry_id({t1, 0}));
  w.inclusive_end = format_entry_id({t1 - 1, ENTRY_SEQ_MASK});
  return {std::move(w)};
}

}  // namespace branded
