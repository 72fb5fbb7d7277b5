// The rows of `branded decode` and `branded scan`: each field written from the digit words of one pass, and the
// batch loops, compiled twice (baseline and AVX2) with the choice made by detail::active_isa().
#include "branded/format.hpp"

#include <cstring>

#include "branded/branded_id.hpp"
#include "branded/detail/isa.hpp"
#include "branded/explain.hpp"
#include "branded/snowflake.hpp"
#include "iso_time.hpp"
#include "row_digits.hpp"

namespace branded {
namespace {

using namespace digits;  // NOLINT(google-build-using-namespace): core's own digit helpers

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

void write_iso(std::int64_t unix_ms, char* out) { write_iso_inline(unix_ms, out); }

namespace {

// write_decoded_row's body, inlined into the loops below: a row costs no call. `wide`: its digits by AVX2.
template <bool wide = false>
[[gnu::always_inline]] inline std::size_t decoded_row(RowStyle style, const char* id14, std::uint64_t snowflake,
                                                      const RowPlace* place, char* row) {
  const std::int64_t ms = unix_ms(snowflake);
  char* out = row;
  const RowNumbers n = row_numbers(snowflake, ms, place);
#if BRANDED_X86_DISPATCH
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

#if BRANDED_X86_DISPATCH
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

#if BRANDED_X86_DISPATCH
bool rows_by_avx2() { return detail::active_isa() >= detail::Isa::avx2; }
#endif

}  // namespace

std::size_t write_decoded_row(RowStyle style, const char* id14, std::uint64_t snowflake, const RowPlace* place,
                              char* row) {
  return decoded_row(style, id14, snowflake, place, row);
}

std::size_t write_decoded_rows(RowStyle style, const LinesToRows& lines, char*& out) {
  const bool json = style == RowStyle::json;
#if BRANDED_X86_DISPATCH
  if (rows_by_avx2())
    return json ? decoded_rows_avx2<RowStyle::json>(lines, out) : decoded_rows_avx2<RowStyle::table>(lines, out);
#endif
  return json ? decoded_rows_baseline<RowStyle::json>(lines, out) : decoded_rows_baseline<RowStyle::table>(lines, out);
}

std::size_t write_scan_rows(RowStyle style, const FoundToRows& found, RowPlace place, char*& out) {
  const bool json = style == RowStyle::json;
#if BRANDED_X86_DISPATCH
  if (rows_by_avx2())
    return json ? scan_rows_avx2<RowStyle::json>(found, place, out)
                : scan_rows_avx2<RowStyle::table>(found, place, out);
#endif
  return json ? scan_rows_baseline<RowStyle::json>(found, place, out)
              : scan_rows_baseline<RowStyle::table>(found, place, out);
}

std::size_t write_refused_candidate(RowStyle style, const char* id14, const RowPlace& place, char* row) {
  char* out = row;
  if (style == RowStyle::json) {
    out = put_place(style, place, put(out, "{"));
    out = put(put(put(out, "\"id\":\""), {id14, 14}), "\",\"ok\":false,\"error\":\"range\",\"errorOffset\":");
    out = put(put(put(put_small(out, RANGE_ERROR_OFFSET), ",\"hint\":\""), RANGE_REFUSAL), "\"}\n");
  } else {
    out = put(put(put_place(style, place, out), {id14, 14}), "  refused: range (");
    out = put(put(out, RANGE_REFUSAL), ")\n");
  }
  return static_cast<std::size_t>(out - row);
}

}  // namespace branded
