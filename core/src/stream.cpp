#include "branded/stream.hpp"

#include <charconv>

namespace branded {

std::size_t write_entry_id(EntryId id, char* out) {
  char* end = std::to_chars(out, out + 20, id.ms).ptr;
  *end++ = '-';
  end = std::to_chars(end, end + 20, id.seq).ptr;
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
