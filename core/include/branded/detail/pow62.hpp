// Powers of 62 shared by the parse and encode kernels. An 11-digit payload splits as high3 (digits 0-2) and
// low8 (digits 3-10): value = high3 * 62^8 + low8, and low8 = quad1 * 62^4 + quad2.
#pragma once
#include <cstdint>

namespace branded::detail {

inline constexpr std::uint64_t POW62_2 = std::uint64_t{62} * 62;
inline constexpr std::uint64_t POW62_4 = POW62_2 * POW62_2;
inline constexpr std::uint64_t POW62_8 = POW62_4 * POW62_4;

}  // namespace branded::detail
