// Time ranges as id ranges (contract.md §1: the digits are in ASCII order, so the ids of one namespace sort
// bytewise in the order of their Snowflakes, and so of their instants). A store that sorts ids bytewise answers
// "the ids minted in [t0, t1)" with the plain range [min_id(ns, t0), min_id(ns, t1)).
#pragma once
#include <cstdint>
#include <string_view>

#include "branded/branded_id.hpp"
#include "branded/result.hpp"
#include "branded/snowflake.hpp"

namespace branded {

// The least id of namespace `ns` minted at or after instant `ms` (Unix ms): node 0, sequence 0.
// Errors: `namespace`, then `range` (the instant outside the Snowflake horizon).
inline Result<Id> min_id(std::string_view ns, std::int64_t ms) {
  if (!valid_namespace(ns)) return Result<Id>::failure(Error::namespace_);
  const auto snowflake = min_for(ms);
  if (!snowflake) return Result<Id>::failure(snowflake.error);
  return encode(ns, snowflake.value);
}

// The ids of `ns` minted in [t0, t1): start inclusive, end exclusive.
struct IdRange {
  Id start{};
  Id end{};
};

// Errors: `namespace`, then `range` unless t0 < t1 and both lie in the Snowflake horizon.
inline Result<IdRange> id_range(std::string_view ns, std::int64_t t0_ms, std::int64_t t1_ms) {
  const auto start = min_id(ns, t0_ms);
  if (!start) return Result<IdRange>::failure(start.error);
  const auto end = min_id(ns, t1_ms);
  if (!end) return Result<IdRange>::failure(end.error);
  if (t0_ms >= t1_ms) return Result<IdRange>::failure(Error::range);
  return {IdRange{start.value, end.value}};
}

}  // namespace branded
