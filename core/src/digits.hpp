// Decimal digits for the row writers (format.cpp, iso_time.hpp): numbers below 10^8 as one word of digits,
// several at once in vector lanes, and the padded forms a table row prints. Internal to core.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "branded/detail/isa.hpp"
#include "branded/format.hpp"
#include "branded/snowflake.hpp"

namespace branded::digits {

static_assert(std::endian::native == std::endian::little, "the digit words are stored little-endian");

constexpr char DIGIT_PAIRS[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

constexpr std::uint64_t ASCII_ZEROS = 0x3030303030303030;
constexpr std::uint64_t SPACES = 0x2020202020202020;

// Two numbers < 10^4 as the decimal digits of one little-endian word (each byte 0..9, most significant first):
// `low`'s 4 in the low bytes, `high`'s 4 above them. Each half is split into 2 pairs and each pair into 2 digits,
// all lanes at once by multiplying with reciprocals (exact for these ranges).
constexpr std::uint64_t digits_of_halves(std::uint32_t low, std::uint32_t high) {
  std::uint64_t x = low | std::uint64_t{high} << 32;
  const std::uint64_t hundreds = ((x * 10486) >> 20) & 0x0000007F0000007F;
  x = hundreds | (x - hundreds * 100) << 16;
  const std::uint64_t tens = ((x * 103) >> 10) & 0x000F000F000F000F;
  return tens | (x - tens * 10) << 8;
}

// The number of v < 10^8's first 4 digits (v / 10^4, by a reciprocal exact in this range).
constexpr std::uint32_t first_four(std::uint32_t v) {
  return static_cast<std::uint32_t>((std::uint64_t{v} * 109951163) >> 40);
}

// The 8 decimal digits of v < 10^8 as one word, as above: v's first 4 digits are the low half.
constexpr std::uint64_t eight_digits(std::uint32_t v) {
  const std::uint32_t first = first_four(v);
  return digits_of_halves(first, v - first * 10000);
}

// Two numbers < 10^8 at once, as eight_digits gives each: the same steps on the lanes of one 16-byte vector
// (SSE2 natively, SIMD128 in wasm), where the halves need no masks.
using U32x4 = std::uint32_t __attribute__((vector_size(16)));
using U16x8 = std::uint16_t __attribute__((vector_size(16)));
struct DigitWords {
  std::uint64_t first, second;
};
[[gnu::always_inline]] inline DigitWords eight_digits_pair(std::uint32_t first, std::uint32_t second) {
  const std::uint32_t first_high = first_four(first), second_high = first_four(second);
#if BRANDED_SSE2
  // SSE2 has no 32-bit lane multiply; the halves (< 10^4) and the factors fit 16 bits, which pmaddwd multiplies
  const __m128i halves = _mm_setr_epi32(static_cast<int>(first_high), static_cast<int>(first - first_high * 10000),
                                        static_cast<int>(second_high), static_cast<int>(second - second_high * 10000));
  const __m128i hundreds = _mm_srli_epi32(_mm_madd_epi16(halves, _mm_set1_epi32(10486)), 20);
  const __m128i pairs =
      _mm_or_si128(hundreds, _mm_slli_epi32(_mm_sub_epi32(halves, _mm_madd_epi16(hundreds, _mm_set1_epi32(100))), 16));
  const __m128i tens = _mm_srli_epi16(_mm_mullo_epi16(pairs, _mm_set1_epi16(103)), 10);
  const __m128i digits =
      _mm_or_si128(tens, _mm_slli_epi16(_mm_sub_epi16(pairs, _mm_mullo_epi16(tens, _mm_set1_epi16(10))), 8));
#else
  const U32x4 halves = {first_high, first - first_high * 10000, second_high, second - second_high * 10000};
  const U32x4 hundreds = (halves * 10486) >> 20;
  const auto pairs = reinterpret_cast<U16x8>(hundreds | (halves - hundreds * 100) << 16);
  const U16x8 tens = (pairs * 103) >> 10;
  const U16x8 digits = tens | (pairs - tens * 10) << 8;
#endif
  DigitWords words;
  std::memcpy(&words, &digits, sizeof words);
  return words;
}

// Leading zero digits of a digit word (its low zero bytes), at most `most`.
inline std::uint32_t leading_zeros(std::uint64_t digits, std::uint32_t most) {
  if (digits == 0) return most;
  const auto zeros = static_cast<std::uint32_t>(std::countr_zero(digits)) / 8;
  return zeros < most ? zeros : most;
}

inline void store8(char* out, std::uint64_t word) { std::memcpy(out, &word, 8); }

// The digits writers below store whole words: they may write up to ROW_SLACK bytes past the end they return,
// which the next field (or the caller's slack) overwrites.

// A number < 10^8 from its digit word, without leading zeros.
inline char* put_small_digits(char* out, std::uint64_t digits) {
  const std::uint32_t zeros = leading_zeros(digits, 7);
  store8(out, (digits + ASCII_ZEROS) >> (8 * zeros));
  return out + 8 - zeros;
}

// v < 10^8 without leading zeros.
inline char* put_small(char* out, std::uint32_t v) { return put_small_digits(out, eight_digits(v)); }

// A 32-bit number without leading zeros, from its part above 10^8 (its 1 or 2 leading digits, from the pair
// table: "0d" read from its second byte) and its low 8 digits' word.
inline char* put_u32_parts(char* out, std::uint32_t high, std::uint64_t digits) {
  if (high == 0) return put_small_digits(out, digits);
  const std::uint32_t one = high < 10 ? 1 : 0;
  std::memcpy(out, DIGIT_PAIRS + std::size_t{high} * 2 + one, 2);
  store8(out + 2 - one, digits + ASCII_ZEROS);
  return out + 10 - one;
}

constexpr std::uint64_t E8 = 100'000'000, E16 = E8 * E8;

// A 64-bit number's digits above its low 16 (1 to 1844), from the pair table.
inline char* put_top(char* out, std::uint32_t top) {
  if (top < 10) {
    *out = static_cast<char>('0' + top);
    return out + 1;
  }
  if (top < 100) {
    std::memcpy(out, DIGIT_PAIRS + std::size_t{top} * 2, 2);
    return out + 2;
  }
  if (top >= 1000) return put_small(out, top);
  *out = static_cast<char>('0' + top / 100);
  std::memcpy(out + 1, DIGIT_PAIRS + std::size_t{top % 100} * 2, 2);
  return out + 3;
}

[[gnu::always_inline]] inline char* put_decimal(char* out, std::uint64_t v) {
  if (v < E8) return put_small(out, static_cast<std::uint32_t>(v));
  if (v <= ~std::uint32_t{0})
    return put_u32_parts(out, static_cast<std::uint32_t>(v / E8), eight_digits(static_cast<std::uint32_t>(v % E8)));
  // the three parts from v each, not one from another: the divisions run side by side
  const std::uint64_t top = v / E16;
  const auto middle = static_cast<std::uint32_t>(v / E8 % E8), low = static_cast<std::uint32_t>(v % E8);
  if (top > 0) {
    out = put_top(out, static_cast<std::uint32_t>(top));
    const DigitWords digits = eight_digits_pair(middle, low);
    store8(out, digits.first + ASCII_ZEROS);
    store8(out + 8, digits.second + ASCII_ZEROS);
    return out + 16;
  } else {
    out = put_small(out, middle);
  }
  store8(out, eight_digits(low) + ASCII_ZEROS);
  return out + 8;
}

// v without leading zeros, given the digit word of its low 8 digits.
[[gnu::always_inline]] inline char* put_decimal_low(char* out, std::uint64_t v, std::uint64_t low) {
  if (v < E8) return put_small_digits(out, low);
  if (v >= E16) return put_decimal(out, v);
  out = put_top(out, static_cast<std::uint32_t>(v / E8));
  store8(out, low + ASCII_ZEROS);
  return out + 8;
}

// v right-aligned in 8 columns, or wider when it needs more, given the digit word of its low 8 digits.
[[gnu::always_inline]] inline char* put_padded8(char* out, std::uint64_t v, std::uint64_t digits) {
  if (v >= E8) return put_decimal_low(out, v, digits);
  const std::uint32_t zeros = leading_zeros(digits, 7);
  const std::uint64_t spaces = zeros == 0 ? 0 : ~std::uint64_t{0} >> (64 - 8 * zeros);
  store8(out, ((digits + ASCII_ZEROS) & ~spaces) | (SPACES & spaces));
  return out + 8;
}

// Text as the little-endian word a table stores (its first byte lowest), `text`'s bytes and then zeros.
constexpr std::uint64_t word_of(const char* text, std::size_t size) {
  std::uint64_t word = 0;
  for (std::size_t i = size; i-- > 0;) word = word << 8 | static_cast<unsigned char>(text[i]);
  return word;
}

// A row's node and seq, right-aligned in 4 columns, looked up rather than converted.
constexpr auto PADDED4 = [] {
  std::array<std::uint32_t, MAX_SEQ + 1> words{};
  for (unsigned v = 0; v < words.size(); ++v) {
    char text[4] = {' ', ' ', ' ', ' '};
    for (unsigned rest = v, at = 4; at-- > 0 && (rest > 0 || at == 3); rest /= 10)
      text[at] = static_cast<char>('0' + rest % 10);
    words[v] = static_cast<std::uint32_t>(word_of(text, 4));
  }
  return words;
}();
static_assert(MAX_NODE <= MAX_SEQ, "node and seq share the table");

// A node and a seq, each right-aligned in 4 columns, with `between` (2 bytes) between them.
inline char* put_padded4_pair(char* out, std::uint32_t first, std::uint32_t second, const char* between) {
  std::memcpy(out, &PADDED4[first], 4);
  std::memcpy(out + 4, between, 2);
  std::memcpy(out + 6, &PADDED4[second], 4);
  return out + 10;
}

// A node or a seq without leading zeros: its right-aligned word with the spaces shifted out (a digit's byte has
// bit 4 set, a space's has not). Stores 4 bytes.
[[gnu::always_inline]] inline char* put_small4(char* out, std::uint32_t v) {
  const std::uint32_t word = PADDED4[v];
  const auto spaces = static_cast<unsigned>(std::countr_zero(word & 0x10101010u)) / 8;
  const std::uint32_t text = word >> (8 * spaces);
  std::memcpy(out, &text, 4);
  return out + 4 - spaces;
}

// The part of a 32-bit number above 10^8 (0 to 42) right-aligned in 2 columns, spaces for its leading zeros.
constexpr auto PADDED2 = [] {
  std::array<std::uint16_t, 43> words{};
  for (std::size_t v = 0; v < words.size(); ++v) {
    const char text[2] = {v >= 10 ? DIGIT_PAIRS[v * 2] : ' ', v > 0 ? DIGIT_PAIRS[v * 2 + 1] : ' '};
    words[v] = static_cast<std::uint16_t>(word_of(text, 2));
  }
  return words;
}();
static_assert(~std::uint32_t{0} / 100'000'000 < PADDED2.size());

// A 32-bit number right-aligned in 10 columns, from its part above 10^8 and its low 8 digits' word. No branch on
// the part above (hash32's is 0 to 42 at random).
inline char* put_padded10(char* out, std::uint32_t high, std::uint64_t digits) {
  std::memcpy(out, &PADDED2[high], 2);
  // a mask of the low word's leading zeros' bytes, shown as spaces when nothing is above them
  const std::uint32_t zeros = high == 0 ? leading_zeros(digits, 7) : 0;
  const std::uint64_t spaces = zeros == 0 ? 0 : ~std::uint64_t{0} >> (64 - 8 * zeros);
  store8(out + 2, ((digits + ASCII_ZEROS) & ~spaces) | (SPACES & spaces));
  return out + 10;
}

inline void two(char* out, unsigned v) { std::memcpy(out, DIGIT_PAIRS + std::size_t{v} * 2, 2); }

inline char* put(char* out, std::string_view text) {
  std::memcpy(out, text.data(), text.size());
  return out + text.size();
}

// `text` copied with whole-word moves inline (a place's prefix, the same bytes row after row): no call per row.
inline char* put_short(char* out, std::string_view text) {
  const char* from = text.data();
  const std::size_t n = text.size();
  if (n >= 8) {
    std::uint64_t word = 0;
    for (std::size_t i = 0; i + 8 < n; i += 8) {
      std::memcpy(&word, from + i, 8);
      store8(out + i, word);
    }
    std::memcpy(&word, from + n - 8, 8);  // the last 8, overlapping the word before
    store8(out + n - 8, word);
  } else {
    for (std::size_t i = 0; i < n; ++i) out[i] = from[i];
  }
  return out + n;
}

}  // namespace branded::digits
