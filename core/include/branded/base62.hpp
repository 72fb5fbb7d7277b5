// Fixed-width Base62: 11 digits, most significant first, zero-padded, alphabet in ASCII order.
#pragma once
#include <array>
#include <cstdint>
#include <string_view>

#include "branded/result.hpp"

namespace branded {

inline constexpr std::string_view BASE62_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
inline constexpr std::size_t BASE62_DIGITS = 11;
// 2^63 - 1 in Base62; because the alphabet is ASCII-ordered, a payload is in range iff it compares <= this.
inline constexpr std::string_view BASE62_MAX = "AzL8n0Y58m7";

// Exactly 11 digits of v (v < 2^63 is the caller's promise; larger values are still written correctly modulo
// 62^11, but no branded API lets them through).
std::array<char, BASE62_DIGITS> base62(std::uint64_t v);

// Decodes 11 digits. Errors: `length` (not 11 bytes), `charset`, `range` (value >= 2^63).
Result<std::uint64_t> base62_decode(std::string_view digits);

}  // namespace branded
