// Stream entry ids (contract.md §6): the one injection <unix_ms(s)>-<s & 0x3FFFFF>, and [t0, t1) windows.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "branded/result.hpp"
#include "branded/snowflake.hpp"

namespace branded {

inline constexpr std::uint64_t ENTRY_SEQ_MASK = 0x3FFFFF;  // node << 12 | seq: the low 22 bits
inline constexpr std::size_t MAX_ENTRY_ID_LENGTH = 20 + 1 + 20;

struct EntryId {
  std::uint64_t ms = 0;
  std::uint64_t seq = 0;
  friend constexpr bool operator==(const EntryId&, const EntryId&) = default;
};

constexpr EntryId entry_id(std::uint64_t snowflake) {
  return {static_cast<std::uint64_t>(unix_ms(snowflake)), snowflake & ENTRY_SEQ_MASK};
}

// Writes "<ms>-<seq>" and returns its length (at most MAX_ENTRY_ID_LENGTH).
std::size_t write_entry_id(EntryId id, char* out);
std::string format_entry_id(EntryId id);
inline std::string stream_id(std::uint64_t snowflake) { return format_entry_id(entry_id(snowflake)); }

// Parses "<ms>-<seq>": two unsigned decimal 64-bit numbers, nothing else. Error: `entry_id`.
Result<EntryId> parse_entry_id(std::string_view text);
// The Snowflake an injected entry id came from. Errors: `entry_id` when seq has more than 22 bits,
// `range` when ms lies outside the Snowflake horizon.
Result<std::uint64_t> snowflake_of(EntryId id);

// XRANGE arguments for the instants [t0, t1): start "<t0>-0", exclusive end "(<t1>-0" (Valkey >= 6.2),
// or the equivalent inclusive end "<t1-1>-4194303". Error `range` unless 0 <= t0 < t1.
struct Window {
  std::string start;
  std::string end;
  std::string inclusive_end;
};
Result<Window> window(std::int64_t t0_ms, std::int64_t t1_ms);

}  // namespace branded
