#include "branded/format.hpp"

#include <array>
#include <bit>
#include <cstring>

#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif

// The batch writers convert a row's six 8-digit numbers in one AVX2 pass where the CPU has it (chosen at run time).
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__EMSCRIPTEN__)
#define BRANDED_ROWS_AVX2 1
#include <immintrin.h>
#else
#define BRANDED_ROWS_AVX2 0
#endif

#include "branded/hash32.hpp"
#include "branded/snowflake.hpp"
#include "branded/stream.hpp"

namespace branded {
namespace {

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
#if defined(__SSE2__) && defined(__x86_64__)
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
std::uint32_t leading_zeros(std::uint64_t digits, std::uint32_t most) {
  if (digits == 0) return most;
  const auto zeros = static_cast<std::uint32_t>(std::countr_zero(digits)) / 8;
  return zeros < most ? zeros : most;
}

void store8(char* out, std::uint64_t word) { std::memcpy(out, &word, 8); }

// The digits writers below store whole words: they may write up to ROW_SLACK bytes past the end they return,
// which the next field (or the caller's slack) overwrites.

// A number < 10^8 from its digit word, without leading zeros.
char* put_small_digits(char* out, std::uint64_t digits) {
  const std::uint32_t zeros = leading_zeros(digits, 7);
  store8(out, (digits + ASCII_ZEROS) >> (8 * zeros));
  return out + 8 - zeros;
}

// v < 10^8 without leading zeros.
char* put_small(char* out, std::uint32_t v) { return put_small_digits(out, eight_digits(v)); }

// A 32-bit number without leading zeros, from its part above 10^8 (its 1 or 2 leading digits, from the pair
// table: "0d" read from its second byte) and its low 8 digits' word.
char* put_u32_parts(char* out, std::uint32_t high, std::uint64_t digits) {
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

// Text as the little-endian word a table below stores (its first byte lowest), `text`'s bytes and then zeros.
constexpr std::uint64_t word_of(const char* text, std::size_t size) {
  std::uint64_t word = 0;
  for (std::size_t i = size; i-- > 0;) word = word << 8 | static_cast<unsigned char>(text[i]);
  return word;
}

// Numbers met in every row, looked up rather than converted: a row's node and seq (right-aligned in 4 columns) and
// an ISO time's "THH:MM:" (each minute of a day) and ".mmmZ" (each millisecond of a second).
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

constexpr auto MINUTE_WORDS = [] {
  std::array<std::uint64_t, std::size_t{24} * 60> words{};
  for (std::size_t m = 0; m < words.size(); ++m) {
    const char text[7] = {'T', DIGIT_PAIRS[m / 60 * 2], DIGIT_PAIRS[m / 60 * 2 + 1],
                          ':', DIGIT_PAIRS[m % 60 * 2], DIGIT_PAIRS[m % 60 * 2 + 1],
                          ':'};
    words[m] = word_of(text, 7);
  }
  return words;
}();

constexpr auto MILLI_WORDS = [] {
  std::array<std::uint64_t, 1000> words{};
  for (std::size_t m = 0; m < words.size(); ++m) {
    const char text[5] = {'.', static_cast<char>('0' + m / 100), DIGIT_PAIRS[m % 100 * 2], DIGIT_PAIRS[m % 100 * 2 + 1],
                          'Z'};
    words[m] = word_of(text, 5);
  }
  return words;
}();

// A node and a seq, each right-aligned in 4 columns, with `between` (2 bytes) between them.
char* put_padded4_pair(char* out, std::uint32_t first, std::uint32_t second, const char* between) {
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
char* put_padded10(char* out, std::uint32_t high, std::uint64_t digits) {
  std::memcpy(out, &PADDED2[high], 2);
  // a mask of the low word's leading zeros' bytes, shown as spaces when nothing is above them
  const std::uint32_t zeros = high == 0 ? leading_zeros(digits, 7) : 0;
  const std::uint64_t spaces = zeros == 0 ? 0 : ~std::uint64_t{0} >> (64 - 8 * zeros);
  store8(out + 2, ((digits + ASCII_ZEROS) & ~spaces) | (SPACES & spaces));
  return out + 10;
}

// A Snowflake's instant in unix ms, which always has 13 digits (EPOCH_MS to HORIZON_MS), as two words of
// ASCII digits: the first 5, then 8.
struct MsDigits {
  std::uint64_t first5, last8;
};
static_assert(EPOCH_MS >= 1'000'000'000'000 && HORIZON_MS < 10'000'000'000'000);
char* put_ms(char* out, MsDigits ms) {
  store8(out, ms.first5);
  store8(out + 5, ms.last8);
  return out + 13;
}

// A place's numbers in a digit pass: its line when below 10^8 (else 0: the line is written apart) and its
// offset's low 8 digits.
struct PlaceLanes {
  std::uint32_t line = 0, offset_low = 0;
};
PlaceLanes place_lanes(const RowPlace& place) {
  return {place.line < E8 ? static_cast<std::uint32_t>(place.line) : 0, static_cast<std::uint32_t>(place.offset % E8)};
}

// The numbers a row prints, split where they are printed: the Snowflake's digits above its low 16 and its two
// groups of 8 below; the instant's first 5 and last 8; hash32's part above 10^8 and its low 8; the stream seq; and
// of its place (scan's rows), the line when below 10^8 (else 0, written apart) and the offset's low 8 digits.
struct RowNumbers {
  std::uint32_t snowflake_top, snowflake_middle, snowflake_low, ms_high, ms_low, hash_high, hash_low, seq;
  std::uint32_t line = 0, offset_low = 0;
};
RowNumbers row_numbers(std::uint64_t snowflake, std::int64_t ms, const RowPlace* place) {
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
RowDigits row_digits(const RowNumbers& n, bool placed) {
  const DigitWords snowflake = eight_digits_pair(n.snowflake_middle, n.snowflake_low);
  const DigitWords ms = eight_digits_pair(n.ms_high, n.ms_low);
  const DigitWords hash_seq = eight_digits_pair(n.hash_low, n.seq);
  const DigitWords place = placed ? eight_digits_pair(n.line, n.offset_low) : DigitWords{};
  return {snowflake.first, snowflake.second, ms.first,    ms.second,
          hash_seq.first,  hash_seq.second,  place.first, place.second};
}

#if BRANDED_ROWS_AVX2
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

// The Snowflake from its parts: from 17 digits on (every Snowflake from 28 days past the epoch) its top digits
// and two digit words, else as put_decimal writes it.
[[gnu::always_inline]] inline char* put_snowflake(char* out, std::uint64_t snowflake, const RowNumbers& n,
                                                  const RowDigits& d) {
  if (n.snowflake_top == 0) return put_decimal(out, snowflake);
  out = put_top(out, n.snowflake_top);
  store8(out, d.snowflake_middle + ASCII_ZEROS);
  store8(out + 8, d.snowflake_low + ASCII_ZEROS);
  return out + 16;
}

// A Snowflake (at most 19 digits) then spaces up to 19 columns. From 17 digits on (every Snowflake from 28 days
// past the epoch), spaces first and then the digits, which leave no stray bytes over them.
[[gnu::always_inline]] inline char* put_snowflake_column(char* out, std::uint64_t snowflake, const RowNumbers& n,
                                                         const RowDigits& d) {
  store8(out + 8, SPACES);
  store8(out + 11, SPACES);
  char* end = put_snowflake(out, snowflake, n, d);
  if (snowflake < E16)
    for (char* space = end; space < out + 19; space += 8) store8(space, SPACES);
  return out + 19;
}

// The stream entry id "ms-seq" of a Snowflake, as write_entry_id writes it (stream.hpp).
char* put_stream_id(char* out, MsDigits ms, std::uint64_t seq_digits) {
  out = put_ms(out, ms);
  *out++ = '-';
  return put_small_digits(out, seq_digits);
}

void two(char* out, unsigned v) { std::memcpy(out, DIGIT_PAIRS + std::size_t{v} * 2, 2); }

char* put(char* out, std::string_view text) {
  std::memcpy(out, text.data(), text.size());
  return out + text.size();
}

// `text` copied with whole-word moves inline (a place's prefix, the same bytes row after row): no call per row.
char* put_short(char* out, std::string_view text) {
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

// A place, given the digit words of its line (when below 10^8) and of its offset's low 8 digits.
[[gnu::always_inline]] inline char* put_place(RowStyle style, const RowPlace& place, std::uint64_t line_digits,
                                              std::uint64_t offset_digits, char* out) {
  const auto put_line = [&](char* at) {
    return place.line < E8 ? put_small_digits(at, line_digits) : put_decimal(at, place.line);
  };
  if (style == RowStyle::json) {
    out = put_short(out, place.prefix);
    out = put(put_decimal_low(put(out, "\"offset\":"), place.offset, offset_digits), ",\"line\":");
    return put(put_line(out), ",");
  }
  // table: "FILE:LINE" (or "LINE") in place.width columns, then the offset in 8
  if (place.prefix.size() < MAX_ROW_BYTES - 20 - ROW_SLACK) {
    char* const start = out;
    out = put_line(put_short(out, place.prefix));
    const std::size_t prefix_columns =
        place.prefix_columns == static_cast<std::size_t>(-1) ? place.prefix.size() : place.prefix_columns;
    const std::size_t columns = static_cast<std::size_t>(out - start) - place.prefix.size() + prefix_columns;
    const std::size_t width = place.width < MAX_PLACE_WIDTH ? place.width : MAX_PLACE_WIDTH;
    if (width > columns) {
      // two words of spaces whatever the width (a loop of stores would become a call to memset), more when wider
      char* const end = out + (width - columns);
      store8(out, SPACES);
      store8(out + 8, SPACES);
      for (char* space = out + 16; space < end; space += 8) store8(space, SPACES);
      out = end;
    }
  } else {  // a very long file name: written directly, no alignment to keep
    out = put_line(put(out, place.prefix));
  }
  return put(put_padded8(put(out, "  "), place.offset, offset_digits), "  ");
}

// A place, its digits converted here.
char* put_place(RowStyle style, const RowPlace& place, char* out) {
  const PlaceLanes lanes = place_lanes(place);
  const DigitWords digits = eight_digits_pair(lanes.line, lanes.offset_low);
  return put_place(style, place, digits.first, digits.second, out);
}

}  // namespace

namespace {

// "YYYY-MM-DD" of a day since 1970 (proleptic Gregorian), after H. Hinnant's days_from_civil inverse.
void write_date(std::uint32_t days, char* out) {
  const std::uint32_t z = days + 719468, era = z / 146097;
  const unsigned doe = z - era * 146097;
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
  const unsigned day = doy - (153 * mp + 2) / 5 + 1, month = mp < 10 ? mp + 3 : mp - 9;
  const unsigned year = yoe + era * 400 + (month <= 2);
  two(out, year / 100);
  two(out + 2, year % 100);
  out[4] = '-';
  two(out + 5, month);
  out[7] = '-';
  two(out + 8, day);
}

// Inlined into the row writer, as put_decimal and eight_digits_pair are (wasm's inliner declines them).
[[gnu::always_inline]] inline void write_iso_inline(std::int64_t unix_ms, char* out) {
  // ids in a batch mostly span a few days: the dates of the last days met are kept, one slot per day % 16
  struct Date {
    std::uint32_t days = ~0u;
    char text[10];
  };
  thread_local std::array<Date, 16> dates;
  const auto instant = static_cast<std::uint64_t>(unix_ms);
  const auto days = static_cast<std::uint32_t>(instant / 86'400'000);
  const auto ms = static_cast<unsigned>(instant % 86'400'000);
  Date& date = dates[days % dates.size()];
  if (date.days != days) {
    write_date(days, date.text);
    date.days = days;
  }
  std::memcpy(out, date.text, 10);
  const unsigned minute = ms / 60'000, in_minute = ms - minute * 60'000;
  const unsigned second = in_minute / 1000, milli = in_minute - second * 1000;
  store8(out + 10, MINUTE_WORDS[minute]);  // its last byte is the seconds' first, written next
  two(out + 17, second);
  std::memcpy(out + 19, &MILLI_WORDS[milli], 5);
}

}  // namespace

void write_iso(std::int64_t unix_ms, char* out) { write_iso_inline(unix_ms, out); }

namespace {

// write_decoded_row's body, inlined into the loops below: a row costs no call. `wide`: its digits by AVX2.
template <bool wide = false>
[[gnu::always_inline]] inline std::size_t decoded_row(RowStyle style, const char* id14, std::uint64_t snowflake,
                                                      const RowPlace* place, char* row) {
  const std::int64_t ms = unix_ms(snowflake);
  char* out = row;
  const RowNumbers n = row_numbers(snowflake, ms, place);
#if BRANDED_ROWS_AVX2
  const RowDigits d = wide ? row_digits_avx2(n) : row_digits(n, place != nullptr);
#else
  static_assert(!wide);
  const RowDigits d = row_digits(n, place != nullptr);
#endif
  if (style == RowStyle::json) out = put(out, "{");
  if (place) out = put_place(style, *place, d.line, d.offset_low, out);
  const MsDigits ms_text{(d.ms_high + ASCII_ZEROS) >> 24, d.ms_low + ASCII_ZEROS};
  if (style == RowStyle::json) {
    out = put(put(put(out, "\"id\":\""), {id14, 14}), "\",\"ok\":true,\"namespace\":\"");
    out = put(put(out, {id14, 3}), "\",\"snowflake\":\"");
    out = put(put_snowflake(out, snowflake, n, d), "\",\"unixMs\":");
    out = put(put_ms(out, ms_text), ",\"iso\":\"");
    write_iso_inline(ms, out);
    out = put(out + 24, "\",\"node\":");
    out = put(put_small4(put(put_small4(out, node_of(snowflake)), ",\"seq\":"), seq_of(snowflake)), ",\"hash32\":");
    out = put(put_u32_parts(out, n.hash_high, d.hash_low), ",\"streamId\":\"");
    out = put(put_stream_id(out, ms_text, d.seq), "\"}\n");
  } else {
    out = put(put(put(put(out, {id14, 14}), "  "), {id14, 3}), "  ");
    out = put(put_snowflake_column(out, snowflake, n, d), "  ");
    write_iso_inline(ms, out);
    out = put_padded4_pair(put(out + 24, "  "), node_of(snowflake), seq_of(snowflake), "  ");
    out = put_padded10(put(out, "  "), n.hash_high, d.hash_low);
    out = put_stream_id(put(out, "  "), ms_text, d.seq);
    *out++ = '\n';
  }
  return static_cast<std::size_t>(out - row);
}

// The batch writers' loops, one per style (the other style's code left out of it) and digit kernel. They keep
// `out` and the columns in locals: every row's bytes are stored through a char*, which may alias anything in
// memory, and would make the compiler reload and store them row after row.
template <RowStyle style, bool wide>
[[gnu::always_inline]] inline std::size_t decoded_rows(const LinesToRows& lines, char*& out) {
  const LinesToRows in = lines;
  char* at = out;
  std::size_t i = 0;
  for (; i < in.count && in.error[i] == 0; ++i)
    at += decoded_row<wide>(style, in.text + in.offset[i], in.snowflake[i], nullptr, at);
  out = at;
  return i;
}

template <RowStyle style, bool wide>
[[gnu::always_inline]] inline std::size_t scan_rows(const FoundToRows& found, RowPlace place, char*& out) {
  const FoundToRows in = found;
  const std::uint64_t first_line = place.line;
  char* at = out;
  std::size_t shown = 0;
  for (std::size_t i = 0; i < in.count; ++i) {
    place.offset = in.byte_base + in.offset[i];
    place.line = first_line + in.newlines[i];
    const char* id = in.text + in.offset[i];
    if (in.error[i] == 0) {
      at += decoded_row<wide>(style, id, in.snowflake[i], &place, at);
    } else if (!in.valid_only) {
      at += write_refused_candidate(style, id, place, at);
    } else {
      continue;
    }
    ++shown;
  }
  out = at;
  return shown;
}

template <RowStyle style>
std::size_t decoded_rows_baseline(const LinesToRows& lines, char*& out) {
  return decoded_rows<style, false>(lines, out);
}
template <RowStyle style>
std::size_t scan_rows_baseline(const FoundToRows& found, const RowPlace& place, char*& out) {
  return scan_rows<style, false>(found, place, out);
}

#if BRANDED_ROWS_AVX2
template <RowStyle style>
__attribute__((target("avx2"))) std::size_t decoded_rows_avx2(const LinesToRows& lines, char*& out) {
  return decoded_rows<style, true>(lines, out);
}
template <RowStyle style>
__attribute__((target("avx2"))) std::size_t scan_rows_avx2(const FoundToRows& found, const RowPlace& place,
                                                           char*& out) {
  return scan_rows<style, true>(found, place, out);
}
#endif

detail::RowKernel pinned_kernel = detail::RowKernel::best;

bool rows_by_avx2() {
#if BRANDED_ROWS_AVX2
  static const bool has = __builtin_cpu_supports("avx2");
  return has && pinned_kernel == detail::RowKernel::best;
#else
  return false;
#endif
}

}  // namespace

std::size_t write_decoded_row(RowStyle style, const char* id14, std::uint64_t snowflake, const RowPlace* place,
                              char* row) {
  return decoded_row(style, id14, snowflake, place, row);
}

std::size_t write_decoded_rows(RowStyle style, const LinesToRows& lines, char*& out) {
  const bool json = style == RowStyle::json;
#if BRANDED_ROWS_AVX2
  if (rows_by_avx2())
    return json ? decoded_rows_avx2<RowStyle::json>(lines, out) : decoded_rows_avx2<RowStyle::table>(lines, out);
#endif
  return json ? decoded_rows_baseline<RowStyle::json>(lines, out) : decoded_rows_baseline<RowStyle::table>(lines, out);
}

std::size_t write_scan_rows(RowStyle style, const FoundToRows& found, RowPlace place, char*& out) {
  const bool json = style == RowStyle::json;
#if BRANDED_ROWS_AVX2
  if (rows_by_avx2())
    return json ? scan_rows_avx2<RowStyle::json>(found, place, out)
                : scan_rows_avx2<RowStyle::table>(found, place, out);
#endif
  return json ? scan_rows_baseline<RowStyle::json>(found, place, out)
              : scan_rows_baseline<RowStyle::table>(found, place, out);
}

namespace detail {
void pin_row_kernel(RowKernel kernel) { pinned_kernel = kernel; }
bool rows_use_avx2() { return rows_by_avx2(); }
}  // namespace detail

std::size_t write_refused_candidate(RowStyle style, const char* id14, const RowPlace& place, char* row) {
  char* out = row;
  if (style == RowStyle::json) {
    out = put_place(style, place, put(out, "{"));
    out = put(put(put(out, "\"id\":\""), {id14, 14}), "\",\"ok\":false,\"error\":\"range\"}\n");
  } else {
    out = put(put(put_place(style, place, out), {id14, 14}), "  refused: range (the 11 digits after ");
    out = put(put(out, {id14, 3}), " encode 2^63 or more)\n");
  }
  return static_cast<std::size_t>(out - row);
}

}  // namespace branded
