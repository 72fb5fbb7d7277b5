// The hot path of encode(): a value below 2^63 as 11 Base62 digits after the 3 namespace bytes. Two forms of one
// contract, like the parse kernel: SSE2 on x86-64 (every x86-64 CPU has it), a digit-pair table everywhere else
// (the wasm build included). tests/core/encode_kernel_test.cpp holds them to each other (every chunk value through
// both) and to a digit-by-digit oracle.
//
// Both split the value into three chunks (digits 0-2, 3-6, 7-10; each below 62^4 < 2^24) with two multiply-high
// divisions; then a chunk is two digit pairs, c / 62^2 and c % 62^2, and a pair is two digits.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "branded/base62.hpp"
#include "branded/detail/isa.hpp"
#include "branded/detail/parse_kernel.hpp"
#include "branded/detail/pow62.hpp"

namespace branded::detail {

static_assert(std::endian::native == std::endian::little, "the id is assembled as little-endian words");

// Any 64-bit value fits 11 digits (62^11 > 2^64): high3 < 62^3, so the first digit indexes the alphabet.
struct Chunks {
  std::uint32_t high3, quad1, quad2;  // digits 0-2, 3-6, 7-10
};
// Both quotients straight from v (rather than the second from the first's remainder), so they run side by side.
inline Chunks split_chunks(std::uint64_t v) {
  const std::uint64_t high3 = v / POW62_8, high7 = v / POW62_4;
  return {static_cast<std::uint32_t>(high3), static_cast<std::uint32_t>(high7 - high3 * POW62_4),
          static_cast<std::uint32_t>(v - high7 * POW62_4)};
}

// The 3 namespace bytes as the low bytes of a little-endian word.
inline std::uint32_t namespace_word(const char* ns3) {
  return std::uint32_t{static_cast<unsigned char>(ns3[0])} | std::uint32_t{static_cast<unsigned char>(ns3[1])} << 8 |
         std::uint32_t{static_cast<unsigned char>(ns3[2])} << 16;
}

// ---- table form: the two characters of every digit pair (62 * 62 entries) ----

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
  std::memcpy(&chars, &DIGIT_PAIRS[std::size_t{2} * pair], 2);
  return chars;
}

// Every digit pair lands on an even offset (4, 6, ..., 12), so the id is two words: bytes 0-7 and bytes 6-13
// (they overlap on the pair at 6-7). Byte-sized stores read back as words would stall store-to-load forwarding.
inline void write_id_table(const char* ns3, std::uint64_t v, char* out14) {
  const Chunks c = split_chunks(v);
  const std::uint64_t pair67 = pair_chars(c.quad1 / PAIR);
  const std::uint64_t head = namespace_word(ns3) |
                             std::uint64_t{static_cast<unsigned char>(BASE62_ALPHABET[c.high3 / PAIR])} << 24 |
                             pair_chars(c.high3 % PAIR) << 32 | pair67 << 48;
  const std::uint64_t tail =
      pair67 | pair_chars(c.quad1 % PAIR) << 16 | pair_chars(c.quad2 / PAIR) << 32 | pair_chars(c.quad2 % PAIR) << 48;
  std::memcpy(out14, &head, 8);
  std::memcpy(out14 + 6, &tail, 8);
}

// The 11 digits alone (base62()): first digit, then five pairs.
inline void write_base62(std::uint64_t v, char* out11) {
  const Chunks c = split_chunks(v);
  const std::uint64_t pairs[] = {pair_chars(c.high3 % PAIR), pair_chars(c.quad1 / PAIR), pair_chars(c.quad1 % PAIR),
                                 pair_chars(c.quad2 / PAIR), pair_chars(c.quad2 % PAIR)};
  out11[0] = BASE62_ALPHABET[c.high3 / PAIR];
  for (std::size_t i = 0; i < 5; ++i) std::memcpy(out11 + 1 + 2 * i, &pairs[i], 2);
}

// ---- SSE2 form: the three chunks in one register, divided and turned into characters lane-parallel ----
#if BRANDED_SSE2

// GCC expands a multiply by a constant vector into shifts and subtractions (four instructions instead of one
// pmullw); hiding the constant's value keeps the multiply.
inline __m128i opaque(__m128i constant) {
#if defined(__GNUC__)
  asm("" : "+x"(constant));
#endif
  return constant;
}

// 32-bit lanes (c0, c2, c1, 0), each c < 62^4, to 16-bit lanes (c0 / 62^2, c0 % 62^2, c1 / 62^2, c1 % 62^2, ...).
// c / 62^2 = (c * ceil(2^36 / 62^2)) >> 36 for every c < 62^4. _mm_mul_epu32 multiplies lanes 0 and 2, a second one
// lanes 1 and 3; the products' high halves, taken in the order c0 c1 c2 (hence the lanes' order on the way in), are
// the quotients times 16. The remainders fit 16 bits, so 16-bit arithmetic computes them exactly.
inline __m128i chunk_pairs(__m128i chunks) {
  const __m128i magic = _mm_set1_epi32(17877076);
  const __m128 even = _mm_castsi128_ps(_mm_mul_epu32(chunks, magic));
  const __m128 odd = _mm_castsi128_ps(_mm_mul_epu32(_mm_srli_epi64(chunks, 32), magic));
  const __m128i quotients = _mm_srli_epi32(_mm_castps_si128(_mm_shuffle_ps(even, odd, _MM_SHUFFLE(3, 1, 3, 1))), 4);
  const __m128i in_order = _mm_shuffle_epi32(chunks, _MM_SHUFFLE(3, 1, 2, 0));
  const __m128i remainders = _mm_sub_epi16(in_order, _mm_mullo_epi16(quotients, _mm_set1_epi32(3844)));
  return _mm_or_si128(quotients, _mm_slli_epi32(remainders, 16));
}

// 16-bit lanes p < 62^2 to byte pairs (p / 62, p % 62): p / 62 = (p * 4229) >> 18, and the lane is
// p / 62 + (p % 62) * 256 = p * 256 + (p / 62) * (1 - 62 * 256).
inline __m128i pair_digits(__m128i pairs) {
  const __m128i high = _mm_srli_epi16(_mm_mulhi_epu16(pairs, _mm_set1_epi16(4229)), 2);
  const __m128i weight = opaque(_mm_set1_epi16(static_cast<short>(1 - 62 * 256)));
  return _mm_add_epi16(_mm_slli_epi16(pairs, 8), _mm_mullo_epi16(high, weight));
}

// Digits 0-61 to the alphabet: '0' + d, 7 more from 'A' (d >= 10), 6 more from 'a' (d >= 36). Lanes where
// `zero_char` is 0 rather than '0' (they hold no digit) stay 0.
inline __m128i digit_chars(__m128i digits, __m128i zero_char) {
  const __m128i from_upper = _mm_and_si128(_mm_cmpgt_epi8(digits, _mm_set1_epi8(9)), _mm_set1_epi8(7));
  const __m128i from_lower = _mm_and_si128(_mm_cmpgt_epi8(digits, _mm_set1_epi8(35)), _mm_set1_epi8(6));
  return _mm_add_epi8(_mm_add_epi8(digits, zero_char), _mm_add_epi8(from_upper, from_lower));
}

// The 11 characters in bytes 1-11 (byte 0 is the first chunk's always-zero leading digit), zero bytes 0 and 12-15.
inline __m128i digit_lanes(std::uint64_t v) {
  const Chunks c = split_chunks(v);
  const auto high3_quad2 = static_cast<long long>(c.high3 | std::uint64_t{c.quad2} << 32);
  const __m128i chunks =
      _mm_unpacklo_epi64(_mm_cvtsi64_si128(high3_quad2), _mm_cvtsi32_si128(static_cast<int>(c.quad1)));
  const __m128i zero_char = _mm_setr_epi8(0, '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', 0, 0, 0, 0);
  return digit_chars(pair_digits(chunk_pairs(chunks)), zero_char);
}

// Bytes 0-7 from a general register (the namespace joins there), bytes 6-13 straight from the vector.
BRANDED_ALWAYS_INLINE void write_id_sse2(const char* ns3, std::uint64_t v, char* out14) {
  const __m128i digits = digit_lanes(v);
  const std::uint64_t head = static_cast<std::uint64_t>(_mm_cvtsi128_si64(digits)) << 16 | namespace_word(ns3);
  std::memcpy(out14, &head, 8);
  _mm_storel_epi64(reinterpret_cast<__m128i*>(out14 + 6), _mm_srli_si128(digits, 4));
}

// The id and two zero bytes as one 16-byte store.
BRANDED_ALWAYS_INLINE void write_id_padded_sse2(const char* ns3, std::uint64_t v, char* out16) {
  const __m128i ns = _mm_cvtsi32_si128(static_cast<int>(namespace_word(ns3)));
  const __m128i id = _mm_or_si128(_mm_slli_si128(digit_lanes(v), 2), ns);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out16), id);
}

BRANDED_ALWAYS_INLINE void write_id(const char* ns3, std::uint64_t v, char* out14) { write_id_sse2(ns3, v, out14); }
BRANDED_ALWAYS_INLINE void write_id_padded(const char* ns3, std::uint64_t v, char* out16) {
  write_id_padded_sse2(ns3, v, out16);
}
#else
BRANDED_ALWAYS_INLINE void write_id(const char* ns3, std::uint64_t v, char* out14) { write_id_table(ns3, v, out14); }
BRANDED_ALWAYS_INLINE void write_id_padded(const char* ns3, std::uint64_t v, char* out16) {
  write_id_table(ns3, v, out16);
  out16[14] = out16[15] = 0;
}
#endif

}  // namespace branded::detail
