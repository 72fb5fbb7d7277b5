// The hot path of encode(): 11 Base62 digits through a table of all 62 * 62 digit pairs, so a value costs two
// 64-bit divisions by constants (multiplications, once compiled) and 32-bit work after that. A whole id is
// assembled in two registers and stored with two 8-byte writes: byte-sized stores read back as words would
// stall store-to-load forwarding, and most callers copy the id right away.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "branded/base62.hpp"
#include "branded/detail/pow62.hpp"

namespace branded::detail {

static_assert(std::endian::native == std::endian::little, "the id is assembled as little-endian words");

constexpr std::array<char, 2 * POW62_2> digit_pair_table() {
  std::array<char, 2 * POW62_2> table{};
  for (std::size_t pair = 0; pair < POW62_2; ++pair) {
    table[2 * pair] = BASE62_ALPHABET[pair / 62];
    table[2 * pair + 1] = BASE62_ALPHABET[pair % 62];
  }
  return table;
}
inline constexpr auto DIGIT_PAIRS = digit_pair_table();
inline constexpr auto PAIR = static_cast<std::uint32_t>(POW62_2);

// The two characters of a digit pair (< 62 * 62) as a little-endian 16-bit word.
inline std::uint64_t pair_chars(std::uint32_t pair) {
  std::uint16_t chars;
  std::memcpy(&chars, &DIGIT_PAIRS[2 * pair], 2);
  return chars;
}

// Any 64-bit value fits 11 digits (62^11 > 2^64): high3 < 62^3, so the first digit indexes the alphabet.
struct Digits {
  std::uint32_t high3, quad1, quad2;  // digits 0-2, 3-6, 7-10
};
inline Digits split_digits(std::uint64_t v) {
  const std::uint64_t high3 = v / POW62_8, low8 = v - high3 * POW62_8;
  const auto quad1 = static_cast<std::uint32_t>(low8 / POW62_4);
  return {static_cast<std::uint32_t>(high3), quad1, static_cast<std::uint32_t>(low8 - quad1 * POW62_4)};
}

// 3 namespace bytes + 11 digits. Every digit pair lands on an even offset (4, 6, ..., 12), so the id is two
// words: bytes 0-7 and bytes 6-13 (they overlap on the pair at 6-7).
inline void write_id(const char* ns3, std::uint64_t v, char* out14) {
  const Digits d = split_digits(v);
  const std::uint64_t pair67 = pair_chars(d.quad1 / PAIR);
  const std::uint64_t head = std::uint64_t{static_cast<unsigned char>(ns3[0])} |
                             std::uint64_t{static_cast<unsigned char>(ns3[1])} << 8 |
                             std::uint64_t{static_cast<unsigned char>(ns3[2])} << 16 |
                             std::uint64_t{static_cast<unsigned char>(BASE62_ALPHABET[d.high3 / PAIR])} << 24 |
                             pair_chars(d.high3 % PAIR) << 32 | pair67 << 48;
  const std::uint64_t tail = pair67 | pair_chars(d.quad1 % PAIR) << 16 | pair_chars(d.quad2 / PAIR) << 32 |
                             pair_chars(d.quad2 % PAIR) << 48;
  std::memcpy(out14, &head, 8);
  std::memcpy(out14 + 6, &tail, 8);
}

// The 11 digits alone (base62_encode): first digit, then five pairs.
inline void write_base62(std::uint64_t v, char* out11) {
  const Digits d = split_digits(v);
  const std::uint64_t pairs[] = {pair_chars(d.high3 % PAIR), pair_chars(d.quad1 / PAIR), pair_chars(d.quad1 % PAIR),
                                 pair_chars(d.quad2 / PAIR), pair_chars(d.quad2 % PAIR)};
  out11[0] = BASE62_ALPHABET[d.high3 / PAIR];
  for (int i = 0; i < 5; ++i) std::memcpy(out11 + 1 + 2 * i, &pairs[i], 2);
}

}  // namespace branded::detail
