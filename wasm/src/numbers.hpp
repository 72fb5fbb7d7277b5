// JavaScript numbers arrive as doubles (the facade has already refused non-integers). A value outside the
// C type becomes one that core refuses, never a wrapped one.
#pragma once
#include <cstdint>
#include <limits>

namespace branded::wasm {

inline std::int64_t to_i64(double d) {
  constexpr double limit = 9223372036854775807.0;  // rounds to 2^63
  if (d >= limit) return std::numeric_limits<std::int64_t>::max();
  if (d < -limit) return std::numeric_limits<std::int64_t>::min();
  return static_cast<std::int64_t>(d);
}

inline std::uint32_t to_u32(double d) {
  if (d < 0 || d > 4294967295.0) return std::numeric_limits<std::uint32_t>::max();
  return static_cast<std::uint32_t>(d);
}

}  // namespace branded::wasm
