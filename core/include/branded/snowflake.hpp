// The 63-bit Snowflake: ts(41) << 22 | node(10) << 12 | seq(12), ts in ms since EPOCH_MS (contract.md §2).
#pragma once
#include <cstdint>

#include "branded/result.hpp"

namespace branded {

inline constexpr std::int64_t EPOCH_MS = 1704067200000;  // 2024-01-01T00:00:00Z
inline constexpr int TS_BITS = 41, NODE_BITS = 10, SEQ_BITS = 12;
inline constexpr std::uint64_t MAX_SNOWFLAKE = (std::uint64_t{1} << 63) - 1;
inline constexpr std::uint32_t MAX_NODE = (1u << NODE_BITS) - 1;  // 1023
inline constexpr std::uint32_t MAX_SEQ = (1u << SEQ_BITS) - 1;    // 4095
inline constexpr std::int64_t MAX_TS = (std::int64_t{1} << TS_BITS) - 1;
// The last millisecond a Snowflake can carry: 2093-09-06T15:47:35.551Z.
inline constexpr std::int64_t HORIZON_MS = EPOCH_MS + MAX_TS;

struct Fields {
  std::int64_t unix_ms = 0;
  std::uint32_t node = 0;
  std::uint32_t seq = 0;
};

// ts << 22 | node << 12 | seq; the callers keep each part within its bits.
constexpr std::uint64_t pack_snowflake(std::uint64_t ts, std::uint32_t node, std::uint32_t seq) {
  return ts << (NODE_BITS + SEQ_BITS) | std::uint64_t{node} << SEQ_BITS | seq;
}

constexpr std::int64_t unix_ms(std::uint64_t s) { return static_cast<std::int64_t>(s >> 22) + EPOCH_MS; }
constexpr std::uint32_t node_of(std::uint64_t s) { return static_cast<std::uint32_t>((s >> 12) & MAX_NODE); }
constexpr std::uint32_t seq_of(std::uint64_t s) { return static_cast<std::uint32_t>(s & MAX_SEQ); }
constexpr Fields fields(std::uint64_t s) { return {unix_ms(s), node_of(s), seq_of(s)}; }

// Whether an instant lies in [EPOCH_MS, HORIZON_MS], the span a Snowflake can represent.
constexpr bool representable_ms(std::int64_t ms) { return ms >= EPOCH_MS && ms <= HORIZON_MS; }

// The Snowflake of (ms, node, seq); an instant outside the horizon is `range`, a node > 1023 is `node`,
// a seq > 4095 is `range`.
constexpr Result<std::uint64_t> compose(std::int64_t ms, std::uint32_t node, std::uint32_t seq) {
  if (!representable_ms(ms) || seq > MAX_SEQ) return Result<std::uint64_t>::failure(Error::range);
  if (node > MAX_NODE) return Result<std::uint64_t>::failure(Error::node);
  return {pack_snowflake(static_cast<std::uint64_t>(ms - EPOCH_MS), node, seq)};
}

// The smallest Snowflake mintable at or after instant t: the half-open lower bound of a time-range scan.
// The exclusive upper bound of [t0, t1) is min_for(t1). Outside the horizon: `range`.
constexpr Result<std::uint64_t> min_for(std::int64_t ms) {
  if (!representable_ms(ms)) return Result<std::uint64_t>::failure(Error::range);
  return {pack_snowflake(static_cast<std::uint64_t>(ms - EPOCH_MS), 0, 0)};
}

}  // namespace branded
