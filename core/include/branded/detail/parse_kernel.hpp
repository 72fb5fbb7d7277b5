// The hot path of parse(): checks and decodes one 14-byte id. Inline so that parse(), valid() and the batch
// loops compile it into their callers. Three forms of one contract: SSE2 on x86-64 (every x86-64 CPU has it),
// and elsewhere (the wasm build included: there, wasm SIMD measured no faster) a portable form with two
// 256-entry tables, and for the batch loops a pair-table form (one 64 Ki-entry lookup per two digits).
// tests/core/kernels_test.cpp holds them to each other and to a 128-bit oracle, byte by byte.
#pragma once
#include <array>
#include <cstdint>
#include <cstring>

#include "branded/base62.hpp"
#include "branded/detail/isa.hpp"
#include "branded/detail/pow62.hpp"
#include "branded/result.hpp"
#include "branded/snowflake.hpp"

namespace branded::detail {

// The value of an id that passed the length check, or the first error class in the contract's order.
struct Decoded {
  std::uint64_t snowflake = 0;
  Error error = Error::none;
};

// The payload's value is high3 * 62^8 + low8 with low8 < 62^8 (high3: the first three digits). It is below
// 2^63 iff (high3, low8) <= (RANGE_HIGH3, RANGE_LOW8) — the same test as comparing the payload with
// BASE62_MAX byte by byte, done on numbers that cannot overflow.
inline constexpr std::uint32_t RANGE_HIGH3 = static_cast<std::uint32_t>(MAX_SNOWFLAKE / POW62_8);
inline constexpr std::uint64_t RANGE_LOW8 = MAX_SNOWFLAKE % POW62_8;

constexpr Decoded in_range(std::uint32_t high3, std::uint64_t low8) {
  if (high3 > RANGE_HIGH3 || (high3 == RANGE_HIGH3 && low8 > RANGE_LOW8)) return {0, Error::range};
  return {high3 * POW62_8 + low8, Error::none};
}

constexpr bool is_upper(char c) { return static_cast<unsigned char>(c - 'A') < 26; }

// ---- portable form: two 256-entry tables, a digit pair per two loads, no multiply chain ----

// A byte outside the alphabet maps to a bit no valid entry or pair sum reaches (61 * 62 + 61 < 0x1000).
inline constexpr std::uint16_t NOT_A_DIGIT = 0x1000;
inline constexpr std::uint32_t NOT_A_DIGIT_BITS = 0xF000;

constexpr std::array<std::uint16_t, 256> digit_table(std::uint16_t weight) {
  std::array<std::uint16_t, 256> table{};
  for (auto& entry : table) entry = NOT_A_DIGIT;
  for (std::size_t i = 0; i < BASE62_ALPHABET.size(); ++i)
    table[static_cast<unsigned char>(BASE62_ALPHABET[i])] = static_cast<std::uint16_t>(i * weight);
  return table;
}
inline constexpr auto DIGIT_VALUE = digit_table(1);
inline constexpr auto DIGIT_VALUE_X62 = digit_table(62);

inline std::uint32_t digit_value(char c) { return DIGIT_VALUE[static_cast<unsigned char>(c)]; }
// d[0] * 62 + d[1]: independent of every other pair, so the pairs load and add in parallel.
inline std::uint32_t digit_pair(const char* d) {
  return std::uint32_t{DIGIT_VALUE_X62[static_cast<unsigned char>(d[0])]} + digit_value(d[1]);
}

// 11 Base62 digits from the first one's value and the five pairs' (any may carry NOT_A_DIGIT_BITS): `charset`
// or `range` or the value. `pair_at(d)` is d[0] * 62 + d[1].
template <typename PairAt>
BRANDED_ALWAYS_INLINE Decoded decode_payload(const char* digits, PairAt pair_at) {
  const std::uint32_t first = digit_value(digits[0]), p12 = pair_at(digits + 1), p34 = pair_at(digits + 3),
                      p56 = pair_at(digits + 5), p78 = pair_at(digits + 7), p910 = pair_at(digits + 9);
  if ((first | p12 | p34 | p56 | p78 | p910) & NOT_A_DIGIT_BITS) return {0, Error::charset};
  constexpr auto pair = static_cast<std::uint32_t>(POW62_2);
  const std::uint32_t high3 = first * pair + p12;
  const std::uint64_t low8 = std::uint64_t{p34 * pair + p56} * POW62_4 + (p78 * pair + p910);
  return in_range(high3, low8);
}

BRANDED_ALWAYS_INLINE Decoded decode_payload_portable(const char* digits) {
  return decode_payload(digits, [](const char* d) { return digit_pair(d); });
}

BRANDED_ALWAYS_INLINE Decoded decode_id_portable(const char* id14) {
  if (!is_upper(id14[0]) || !is_upper(id14[1]) || !is_upper(id14[2])) return {0, Error::namespace_};
  return decode_payload_portable(id14 + 3);
}

// ---- pair-table form, for the batch loops without SSE2 (wasm's among them): one lookup per two digits ----

// digit_pair(d) for every two bytes d, indexed by the two bytes read as one uint16_t (in the target's byte
// order: one load). 128 KiB, built on the first call rather than carried in the binary.
using PairTable = std::array<std::uint16_t, 1 << 16>;
const PairTable& pair_table();

inline std::uint16_t two_bytes(const char* d) {
  std::uint16_t word;
  std::memcpy(&word, d, sizeof word);
  return word;
}

inline std::uint32_t table_pair(const std::uint16_t* pairs, const char* d) { return pairs[two_bytes(d)]; }

BRANDED_ALWAYS_INLINE Decoded decode_id_pairs(const char* id14, const std::uint16_t* pairs) {
  if (!is_upper(id14[0]) || !is_upper(id14[1]) || !is_upper(id14[2])) return {0, Error::namespace_};
  return decode_payload(id14 + 3, [pairs](const char* d) { return table_pair(pairs, d); });
}

// ---- SSE2 form: the 14 bytes as 16 lanes (bytes 0-7 and 6-13), checked and weighted in vector registers ----
#if BRANDED_SSE2

inline __m128i load_id_lanes(const char* id14) {
  const __m128i head = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(id14));
  const __m128i tail = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(id14 + 6));
  return _mm_unpacklo_epi64(head, tail);  // lanes: ns0 ns1 ns2 p0 p1 p2 p3 p4 | p3 p4 p5 p6 p7 p8 p9 p10
}

// Bytes compare as signed: a byte >= 0x80 is negative and falls in no range below.
inline __m128i between(__m128i v, char low, char high) {
  return _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(static_cast<char>(low - 1))),
                       _mm_cmplt_epi8(v, _mm_set1_epi8(static_cast<char>(high + 1))));
}

// One bit per lane: set where the lane holds what it must (A-Z in lanes 0-2, a Base62 digit elsewhere).
inline int valid_lanes(__m128i v) {
  const __m128i ns_lanes = _mm_setr_epi8(-1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  const __m128i upper = between(v, 'A', 'Z');
  const __m128i alnum = _mm_or_si128(_mm_or_si128(between(v, '0', '9'), upper), between(v, 'a', 'z'));
  return _mm_movemask_epi8(_mm_or_si128(_mm_and_si128(ns_lanes, upper), _mm_andnot_si128(ns_lanes, alnum)));
}

// Digit values (0-61) of lanes already known to hold alphabet bytes: c - '0', minus 7 more from 'A', 6 more from 'a'.
inline __m128i digit_values(__m128i v) {
  const __m128i from_upper = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('A' - 1)), _mm_set1_epi8(7));
  const __m128i from_lower = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('a' - 1)), _mm_set1_epi8(6));
  return _mm_sub_epi8(_mm_sub_epi8(_mm_sub_epi8(v, _mm_set1_epi8('0')), from_upper), from_lower);
}

// The value of lanes known to hold an id's alphabet bytes, or `range`.
BRANDED_ALWAYS_INLINE Decoded weigh_id_sse2(__m128i v) {
  const __m128i d = digit_values(v), zero = _mm_setzero_si128();
  // Pairs d[i] * 62 + d[i+1] in 32-bit lanes: p3p4 p5p6 p7p8 p9p10 from the tail; from the head (shifted by two
  // lanes: ns2 p0 p1 p2) the first digit alone and p1p2.
  const __m128i tail_pairs = _mm_madd_epi16(_mm_unpackhi_epi8(d, zero), _mm_setr_epi16(62, 1, 62, 1, 62, 1, 62, 1));
  const __m128i head_pairs =
      _mm_madd_epi16(_mm_unpacklo_epi8(_mm_srli_si128(d, 2), zero), _mm_setr_epi16(0, 1, 62, 1, 0, 0, 0, 0));
  // Pairs of pairs: p3..p6, p7..p10 and the high three digits, in 32-bit lanes 0, 1, 2.
  const __m128i quads =
      _mm_madd_epi16(_mm_packs_epi32(tail_pairs, head_pairs), _mm_setr_epi16(3844, 1, 3844, 1, 3844, 1, 0, 0));
  const auto low_quads = static_cast<std::uint64_t>(_mm_cvtsi128_si64(quads));
  const auto high3 = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_unpackhi_epi64(quads, quads)));
  return in_range(high3, (low_quads & 0xFFFFFFFF) * POW62_4 + (low_quads >> 32));
}

BRANDED_ALWAYS_INLINE Decoded decode_id_sse2(const char* id14) {
  const __m128i v = load_id_lanes(id14);
  const int valid = valid_lanes(v);
  if (valid != 0xFFFF) return {0, (valid & 0x7) != 0x7 ? Error::namespace_ : Error::charset};
  return weigh_id_sse2(v);
}

BRANDED_ALWAYS_INLINE Decoded decode_id(const char* id14) { return decode_id_sse2(id14); }
#else
BRANDED_ALWAYS_INLINE Decoded decode_id(const char* id14) { return decode_id_portable(id14); }
#endif

// What a loop over many ids decodes with: `BatchDecoder decode;` once, then decode(id14) per id. SSE2 where
// the target has it; elsewhere the pair table, whose first build would be a single id's whole cost.
// `known(id14)`: an id already known to be three capitals and eleven letters or digits (a scan's candidate), whose
// range alone is left to check.
struct BatchDecoder {
#if BRANDED_SSE2
  BRANDED_ALWAYS_INLINE Decoded operator()(const char* id14) const { return decode_id_sse2(id14); }
  BRANDED_ALWAYS_INLINE Decoded known(const char* id14) const { return weigh_id_sse2(load_id_lanes(id14)); }
#else
  const std::uint16_t* pairs = pair_table().data();
  BRANDED_ALWAYS_INLINE Decoded operator()(const char* id14) const { return decode_id_pairs(id14, pairs); }
  BRANDED_ALWAYS_INLINE Decoded known(const char* id14) const { return decode_id_pairs(id14, pairs); }
#endif
};

}  // namespace branded::detail
