#include "branded/scan.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "branded/branded_id.hpp"
#include "branded/detail/isa.hpp"
#include "branded/detail/parse_kernel.hpp"

namespace branded {
namespace {

// One bit per byte of a 64-byte block, bit i for byte i.
struct Masks {
  std::uint64_t alnum = 0;
  std::uint64_t upper = 0;
  std::uint64_t newline = 0;
};

constexpr std::size_t BLOCK = 64;
constexpr std::size_t GROUP = 16;  // blocks classified per kernel call

using Classify = void (*)(const char* blocks, std::size_t count, Masks* out);

constexpr bool is_alnum(char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

// ---- portable kernel: a class table, one byte at a time ----

constexpr std::uint8_t ALNUM = 1, UPPER = 2, NEWLINE = 4;

constexpr std::array<std::uint8_t, 256> class_table() {
  std::array<std::uint8_t, 256> table{};
  for (int c = 0; c < 256; ++c) {
    const char ch = static_cast<char>(c);
    table[c] = static_cast<std::uint8_t>((is_alnum(ch) ? ALNUM : 0) | (ch >= 'A' && ch <= 'Z' ? UPPER : 0) |
                                         (ch == '\n' ? NEWLINE : 0));
  }
  return table;
}
constexpr auto BYTE_CLASS = class_table();

[[maybe_unused]] void classify_portable(const char* blocks, std::size_t count, Masks* out) {
  for (std::size_t b = 0; b < count; ++b) {
    const char* p = blocks + b * BLOCK;
    Masks m;
    for (std::size_t i = 0; i < BLOCK; ++i) {
      const std::uint64_t c = BYTE_CLASS[static_cast<unsigned char>(p[i])];
      m.alnum |= (c & ALNUM) << i;
      m.upper |= ((c >> 1) & 1) << i;
      m.newline |= ((c >> 2) & 1) << i;
    }
    out[b] = m;
  }
}

// ---- SSE2 kernel: 16 bytes per compare; bytes >= 0x80 compare as negative and fall in no range ----
#if BRANDED_SSE2

inline __m128i in_range16(__m128i v, char low, char high) {
  return _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(static_cast<char>(low - 1))),
                       _mm_cmplt_epi8(v, _mm_set1_epi8(static_cast<char>(high + 1))));
}

void classify_sse2(const char* blocks, std::size_t count, Masks* out) {
  for (std::size_t b = 0; b < count; ++b) {
    Masks m;
    for (unsigned part = 0; part < BLOCK / 16; ++part) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(blocks + b * BLOCK + std::size_t{part} * 16));
      const __m128i letter = in_range16(_mm_or_si128(v, _mm_set1_epi8(0x20)), 'a', 'z');
      const __m128i alnum = _mm_or_si128(letter, in_range16(v, '0', '9'));
      const unsigned shift = part * 16;
      m.alnum |= std::uint64_t(static_cast<std::uint16_t>(_mm_movemask_epi8(alnum))) << shift;
      m.upper |= std::uint64_t(static_cast<std::uint16_t>(_mm_movemask_epi8(in_range16(v, 'A', 'Z')))) << shift;
      m.newline |= std::uint64_t(static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')))))
                   << shift;
    }
    out[b] = m;
  }
}
#endif

// ---- wasm SIMD128 kernel: 16 bytes per compare, ranges as unsigned compares of the byte less the range's start ----
#if BRANDED_SIMD128

inline v128_t in_range_simd(v128_t v, char low, std::uint8_t width) {
  return wasm_u8x16_lt(wasm_i8x16_sub(v, wasm_i8x16_splat(low)), wasm_i8x16_splat(static_cast<std::int8_t>(width)));
}

void classify_simd128(const char* blocks, std::size_t count, Masks* out) {
  for (std::size_t b = 0; b < count; ++b) {
    Masks m;
    for (unsigned part = 0; part < BLOCK / 16; ++part) {
      const v128_t v = wasm_v128_load(blocks + b * BLOCK + std::size_t{part} * 16);
      const v128_t letter = in_range_simd(wasm_v128_or(v, wasm_i8x16_splat(0x20)), 'a', 26);
      const v128_t alnum = wasm_v128_or(letter, in_range_simd(v, '0', 10));
      const unsigned shift = part * 16;
      m.alnum |= std::uint64_t(wasm_i8x16_bitmask(alnum)) << shift;
      m.upper |= std::uint64_t(wasm_i8x16_bitmask(in_range_simd(v, 'A', 26))) << shift;
      m.newline |= std::uint64_t(wasm_i8x16_bitmask(wasm_i8x16_eq(v, wasm_i8x16_splat('\n')))) << shift;
    }
    out[b] = m;
  }
}
#endif

// ---- AVX2 kernel: 32 bytes per compare, chosen at run time when the CPU has it ----
#if BRANDED_X86_DISPATCH

__attribute__((target("avx2"))) inline __m256i in_range32(__m256i v, char low, char high) {
  return _mm256_and_si256(_mm256_cmpgt_epi8(v, _mm256_set1_epi8(static_cast<char>(low - 1))),
                          _mm256_cmpgt_epi8(_mm256_set1_epi8(static_cast<char>(high + 1)), v));
}

__attribute__((target("avx2"))) inline std::uint64_t bits32(__m256i lanes) {
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(lanes));
}

__attribute__((target("avx2"))) void classify_avx2(const char* blocks, std::size_t count, Masks* out) {
  for (std::size_t b = 0; b < count; ++b) {
    Masks m;
    for (unsigned part = 0; part < BLOCK / 32; ++part) {
      const __m256i v =
          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(blocks + b * BLOCK + std::size_t{part} * 32));
      const __m256i letter = in_range32(_mm256_or_si256(v, _mm256_set1_epi8(0x20)), 'a', 'z');
      const __m256i alnum = _mm256_or_si256(letter, in_range32(v, '0', '9'));
      const unsigned shift = part * 32;
      m.alnum |= bits32(alnum) << shift;
      m.upper |= bits32(in_range32(v, 'A', 'Z')) << shift;
      m.newline |= bits32(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n'))) << shift;
    }
    out[b] = m;
  }
}
#endif

// ---- AVX-512 kernel: a block per compare, straight into mask registers ----
#if BRANDED_X86_DISPATCH

// Lanes of v in [low, low + width), as an unsigned compare of the lane less low.
__attribute__((target("avx512bw"))) inline std::uint64_t in_range64(__m512i v, char low, char width) {
  return _mm512_cmplt_epu8_mask(_mm512_sub_epi8(v, _mm512_set1_epi8(low)), _mm512_set1_epi8(width));
}

__attribute__((target("avx512bw"))) void classify_avx512(const char* blocks, std::size_t count, Masks* out) {
  for (std::size_t b = 0; b < count; ++b) {
    const __m512i v = _mm512_loadu_si512(blocks + b * BLOCK);
    const std::uint64_t letter = in_range64(_mm512_or_si512(v, _mm512_set1_epi8(0x20)), 'a', 26);
    out[b] = {letter | in_range64(v, '0', 10), in_range64(v, 'A', 26),
              _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\n'))};
  }
}
#endif

// Bits i of the block whose byte i + k is set, reading past the block into the next one (1 <= k <= 63).
constexpr std::uint64_t ahead(std::uint64_t block, std::uint64_t next, unsigned k) {
  return block >> k | next << (64 - k);
}

// Where a candidate starts: a letter/digit after none (`before`: byte -1 is one), 14 of them in a row, no 15th,
// and the first three upper case. No early way out for a block of none: in a log of many ids, blocks with one and
// without alternate unpredictably, and a mispredicted branch costs more than the rest of the steps.
constexpr std::uint64_t candidates(const Masks& m, const Masks& next, std::uint64_t before) {
  const std::uint64_t a = m.alnum, an = next.alnum;
  std::uint64_t starts = a & ~(a << 1 | before) & m.upper & ~ahead(a, an, ID_LENGTH);
  starts &= ahead(m.upper, next.upper, 1) & ahead(m.upper, next.upper, 2);
  // runs of 2, 4, 8, then 14 letters/digits from each bit on, by doubling (the next block's runs are needed only
  // for its first 13 bits, which its own bits decide)
  const std::uint64_t run2 = a & ahead(a, an, 1), run2_next = an & an >> 1;
  const std::uint64_t run4 = run2 & ahead(run2, run2_next, 2), run4_next = run2_next & run2_next >> 2;
  const std::uint64_t run8 = run4 & ahead(run4, run4_next, 4), run8_next = run4_next & run4_next >> 4;
  static_assert(ID_LENGTH == 14, "a run of 14 is two runs of 8 overlapping by 2");
  return starts & run8 & ahead(run8, run8_next, 6);
}

// Masks of `count` blocks from block `first` on, of the first `end` bytes of text (bytes from `end` on count
// as neither letter nor digit).
template <class ClassifyFn>
BRANDED_ALWAYS_INLINE void classify_blocks(ClassifyFn classify, const char* text, std::size_t end, std::size_t first,
                                           std::size_t count, Masks* out) {
  const std::size_t whole = end / BLOCK;
  std::size_t b = first;
  if (b < whole) {
    const std::size_t n = std::min(count, whole - b);
    classify(text + b * BLOCK, n, out);
    b += n;
  }
  for (; b < first + count; ++b) {
    Masks& m = out[b - first];
    m = Masks{};
    if (b * BLOCK >= end) continue;
    char padded[BLOCK] = {};
    std::memcpy(padded, text + b * BLOCK, end - b * BLOCK);
    classify(padded, 1, &m);
  }
}

// How much of the text the scan may decide: all of it when final; otherwise up to a trailing run of letters and
// digits that could still become a candidate (one of at most 14, which the next bytes may extend or end).
std::size_t decidable_end(const char* text, std::size_t size, bool final) {
  if (final) return size;
  std::size_t run = 0;
  while (run < size && run <= ID_LENGTH && is_alnum(text[size - 1 - run])) ++run;
  return run <= ID_LENGTH ? size - run : size;
}

inline int popcount(std::uint64_t x) { return __builtin_popcountll(x); }
inline unsigned lowest_bit(std::uint64_t x) { return static_cast<unsigned>(__builtin_ctzll(x)); }

// A group's candidates, in order: where each starts in the text and how many newlines of the call come before it.
// A block holds at most 64 / 15 + 1 of them.
struct Found {
  std::uint32_t at[GROUP * 5];
  std::uint32_t newlines[GROUP * 5];
};

// Lists the candidates of blocks [0, count) of a group (masks[0..count], `first_block` its first block's index).
// The first candidate of every block is stored whether or not there is one and counted only when there is: a
// block loop without a branch for the common blocks, holding none or one.
BRANDED_ALWAYS_INLINE std::size_t list_candidates(const Masks* masks, std::size_t count, std::size_t first_block,
                                                  std::uint64_t& before, std::size_t& newlines, Found& found) {
  std::size_t n = 0;
  for (std::size_t j = 0; j < count; ++j) {
    std::uint64_t starts = candidates(masks[j], masks[j + 1], before);
    const auto base = static_cast<std::uint32_t>((first_block + j) * BLOCK);
    const auto lines = static_cast<std::uint32_t>(newlines);
    const std::uint64_t newline = masks[j].newline;
    const auto note = [&](std::size_t slot) {
      const unsigned bit = lowest_bit(starts | std::uint64_t{1} << 63);
      found.at[slot] = base + bit;
      found.newlines[slot] = lines + static_cast<std::uint32_t>(popcount(newline & ((std::uint64_t{1} << bit) - 1)));
    };
    note(n);
    const auto here = static_cast<std::size_t>(popcount(starts));
    for (std::size_t k = 1; k < here; ++k) {
      starts &= starts - 1;
      note(n + k);
    }
    n += here;
    before = masks[j].alnum >> 63;
    newlines += static_cast<std::size_t>(popcount(newline));
  }
  return n;
}

// The scan of one kernel; inlined into each caller below, so each compiles it for its own instruction set.
template <class ClassifyFn>
BRANDED_ALWAYS_INLINE ScanDone scan_body(ClassifyFn classify, const char* text, std::size_t size,
                                         const ScanColumns& columns, std::size_t capacity, bool final,
                                         ScanState state) {
  const ScanColumns out = columns;  // a copy: stores through the byte column would force reloads of every pointer
  const detail::BatchDecoder decode;
  const std::size_t end = decidable_end(text, size, final);
  ScanDone done;
  std::uint64_t before = state.after_alnum ? 1 : 0;
  std::size_t newlines = 0;
  Masks masks[GROUP + 1];
  Found found;
  classify_blocks(classify, text, end, 0, 1, masks);
  for (std::size_t group = 0; group * BLOCK < end; group += GROUP) {
    classify_blocks(classify, text, end, group + 1, GROUP, masks + 1);
    const std::size_t blocks = std::min(GROUP, (end - group * BLOCK + BLOCK - 1) / BLOCK);
    const std::size_t listed = list_candidates(masks, blocks, group, before, newlines, found);
    for (std::size_t k = 0; k < listed; ++k) {
      const std::size_t at = found.at[k];
      if (done.ids == capacity) {
        done.consumed = at;
        done.newlines = found.newlines[k];
        return done;  // `at` starts a run, so the byte before it is no letter or digit: state stays false
      }
      const detail::Decoded decoded = decode.known(text + at);
      const std::size_t i = done.ids++;
      done.refused += decoded.error != Error::none;
      if (out.snowflake) out.snowflake[i] = decoded.snowflake;
      if (out.error) out.error[i] = static_cast<std::uint8_t>(decoded.error);
      if (out.ns) out.ns[i] = pack_namespace(text + at);
      if (out.offset) out.offset[i] = static_cast<std::uint32_t>(at);
      if (out.newlines) out.newlines[i] = found.newlines[k];
    }
    masks[0] = masks[GROUP];
  }
  done.consumed = end;
  done.newlines = newlines;
  done.next.after_alnum = end > 0 ? is_alnum(text[end - 1]) : state.after_alnum;
  return done;
}

ScanDone scan_text(Classify classify, const char* text, std::size_t size, const ScanColumns& columns,
                   std::size_t capacity, bool final, ScanState state) {
  return scan_body(classify, text, size, columns, capacity, final, state);
}

#if BRANDED_X86_DISPATCH
// The AVX2 kernel inlined, with the popcount and bit scans of the CPUs that have AVX2 (the build's baseline
// x86-64 has none of them: its popcount is a call).
__attribute__((target("avx2,popcnt,bmi,bmi2"))) ScanDone scan_text_avx2(const char* text, std::size_t size,
                                                                        const ScanColumns& columns,
                                                                        std::size_t capacity, bool final,
                                                                        ScanState state) {
  return scan_body(classify_avx2, text, size, columns, capacity, final, state);
}

__attribute__((target("avx512bw,avx2,popcnt,bmi,bmi2"))) ScanDone scan_text_avx512(const char* text, std::size_t size,
                                                                                   const ScanColumns& columns,
                                                                                   std::size_t capacity, bool final,
                                                                                   ScanState state) {
  return scan_body(classify_avx512, text, size, columns, capacity, final, state);
}
#endif

}  // namespace

ScanDone scan(const char* text, std::size_t size, const ScanColumns& out, std::size_t capacity, bool final,
              ScanState state) {
#if BRANDED_SIMD128
  // no run-time choice: the other kernels stay out of the module
  return scan_text(classify_simd128, text, size, out, capacity, final, state);
#else
  switch (detail::active_isa()) {
#if BRANDED_X86_DISPATCH
    case detail::Isa::avx512: return scan_text_avx512(text, size, out, capacity, final, state);
    case detail::Isa::avx2: return scan_text_avx2(text, size, out, capacity, final, state);
#endif
#if BRANDED_SSE2
    case detail::Isa::baseline: return scan_text(classify_sse2, text, size, out, capacity, final, state);
#endif
    default: return scan_text(classify_portable, text, size, out, capacity, final, state);
  }
#endif
}

}  // namespace branded
