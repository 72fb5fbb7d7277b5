// A row's numbers and their digit words, converted in one pass: the baseline converts them two at a time, the
// AVX2 form (chosen at run time by format.cpp) all eight at once. Internal to core.
#pragma once
#include <cstdint>

#include "branded/detail/isa.hpp"
#include "branded/format.hpp"
#include "branded/hash32.hpp"
#include "branded/stream.hpp"
#include "digits.hpp"

namespace branded::digits {

// A Snowflake's instant in unix ms, which always has 13 digits (EPOCH_MS to HORIZON_MS), as two words of
// ASCII digits: the first 5, then 8.
struct MsDigits {
  std::uint64_t first5, last8;
};
static_assert(EPOCH_MS >= 1'000'000'000'000 && HORIZON_MS < 10'000'000'000'000);
inline char* put_ms(char* out, MsDigits ms) {
  store8(out, ms.first5);
  store8(out + 5, ms.last8);
  return out + 13;
}

// A place's numbers in a digit pass: its line when below 10^8 (else 0: the line is written apart) and its
// offset's low 8 digits.
struct PlaceLanes {
  std::uint32_t line = 0, offset_low = 0;
};
inline PlaceLanes place_lanes(const RowPlace& place) {
  return {place.line < E8 ? static_cast<std::uint32_t>(place.line) : 0, static_cast<std::uint32_t>(place.offset % E8)};
}

// The numbers a row prints, split where they are printed: the Snowflake's digits above its low 16 and its two
// groups of 8 below; the instant's first 5 and last 8; hash32's part above 10^8 and its low 8; the stream seq; and
// of its place (scan's rows), the line when below 10^8 (else 0, written apart) and the offset's low 8 digits.
struct RowNumbers {
  std::uint32_t snowflake_top, snowflake_middle, snowflake_low, ms_high, ms_low, hash_high, hash_low, seq;
  std::uint32_t line = 0, offset_low = 0;
};
inline RowNumbers row_numbers(std::uint64_t snowflake, std::int64_t ms, const RowPlace* place) {
  const auto instant = static_cast<std::uint64_t>(ms);
  const std::uint32_t hash = hash32(snowflake), hash_high = hash / 100'000'000;
  const PlaceLanes lanes = place ? place_lanes(*place) : PlaceLanes{};
  // each part from the number itself, not one from another: the divisions run side by side
  return {static_cast<std::uint32_t>(snowflake / E16),
          static_cast<std::uint32_t>(snowflake / E8 % E8),
          static_cast<std::uint32_t>(snowflake % E8),
          static_cast<std::uint32_t>(instant / E8),
          static_cast<std::uint32_t>(instant % E8),
          hash_high,
          hash - hash_high * 100'000'000,
          static_cast<std::uint32_t>(entry_id(snowflake).seq),
          lanes.line,
          lanes.offset_low};
}

// The digit words (eight_digits) of a row's numbers below 10^8 (its place's two only with a place).
struct RowDigits {
  std::uint64_t snowflake_middle, snowflake_low, ms_high, ms_low, hash_low, seq, line, offset_low;
};
inline RowDigits row_digits(const RowNumbers& n, bool placed) {
  const DigitWords snowflake = eight_digits_pair(n.snowflake_middle, n.snowflake_low);
  const DigitWords ms = eight_digits_pair(n.ms_high, n.ms_low);
  const DigitWords hash_seq = eight_digits_pair(n.hash_low, n.seq);
  const DigitWords place = placed ? eight_digits_pair(n.line, n.offset_low) : DigitWords{};
  return {snowflake.first, snowflake.second, ms.first,    ms.second,
          hash_seq.first,  hash_seq.second,  place.first, place.second};
}

#if BRANDED_X86_DISPATCH
// Four numbers' digit words from their halves (< 10^4, in 32-bit lanes: each number's first four digits, then its
// last four), as eight_digits_pair makes two.
__attribute__((target("avx2"))) inline __m256i digit_words_avx2(__m256i halves) {
  const __m256i hundreds = _mm256_srli_epi32(_mm256_madd_epi16(halves, _mm256_set1_epi32(10486)), 20);
  const __m256i pairs = _mm256_or_si256(
      hundreds, _mm256_slli_epi32(_mm256_sub_epi32(halves, _mm256_madd_epi16(hundreds, _mm256_set1_epi32(100))), 16));
  const __m256i tens = _mm256_srli_epi16(_mm256_mullo_epi16(pairs, _mm256_set1_epi16(103)), 10);
  return _mm256_or_si256(
      tens, _mm256_slli_epi16(_mm256_sub_epi16(pairs, _mm256_mullo_epi16(tens, _mm256_set1_epi16(10))), 8));
}

// The same eight words in one pass: eight_digits_pair's steps on 256-bit vectors, four numbers a vector, the split
// at 10^4 done in the vector too. Not always_inline: it is inlined where its caller is compiled for AVX2.
__attribute__((target("avx2"))) inline RowDigits row_digits_avx2(const RowNumbers& n) {
  const __m256i v =
      _mm256_setr_epi32(static_cast<int>(n.snowflake_middle), static_cast<int>(n.snowflake_low),
                        static_cast<int>(n.ms_high), static_cast<int>(n.ms_low), static_cast<int>(n.hash_low),
                        static_cast<int>(n.seq), static_cast<int>(n.line), static_cast<int>(n.offset_low));
  // v / 10^4 (first_four), the even and odd lanes' 64-bit products apart
  const __m256i reciprocal = _mm256_set1_epi64x(109951163);
  const __m256i even = _mm256_srli_epi64(_mm256_mul_epu32(v, reciprocal), 40);
  const __m256i odd = _mm256_srli_epi64(_mm256_mul_epu32(_mm256_srli_epi64(v, 32), reciprocal), 40);
  const __m256i high = _mm256_or_si256(even, _mm256_slli_epi64(odd, 32));
  const __m256i low = _mm256_sub_epi32(v, _mm256_mullo_epi32(high, _mm256_set1_epi32(10000)));
  // each number's halves side by side, as eight_digits_pair lays them out: numbers 0, 1, 4, 5 and 2, 3, 6, 7
  alignas(32) std::uint64_t first[4], second[4];
  _mm256_store_si256(reinterpret_cast<__m256i*>(first), digit_words_avx2(_mm256_unpacklo_epi32(high, low)));
  _mm256_store_si256(reinterpret_cast<__m256i*>(second), digit_words_avx2(_mm256_unpackhi_epi32(high, low)));
  return {first[0], first[1], second[0], second[1], first[2], first[3], second[2], second[3]};
}
#endif

}  // namespace branded::digits
