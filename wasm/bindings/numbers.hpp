// JavaScript numbers arrive as doubles (the facade has already refused non-integers). A value outside the
// C type becomes one that core refuses, never a wrapped or clamped one that core would accept.
#pragma once
#include <cstdint>
#include <limits>

namespace branded::wasm {

// An instant outside int64 becomes INT64_MIN: before the epoch for compose/min_for, below 0 for windows.
inline std::int64_t to_i64(double d) {
  constexpr double two_63 = 9223372036854775808.0;
  if (!(d >= -two_63 && d < two_63)) return std::numeric_limits<std::int64_t>::min();
  return static_cast<std::int64_t>(d);
}

// A node or seq outside uint32 becomes UINT32_MAX, which core refuses (`node`, `range`).
inline std::uint32_t to_u32(double d) {
  if (!(d >= 0 && d <= 4294967295.0)) return std::numeric_limits<std::uint32_t>::max();
  return static_cast<std::uint32_t>(d);
}

}  // namespace branded::wasm
