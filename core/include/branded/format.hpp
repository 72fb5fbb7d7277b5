// The rows `branded decode` and `branded scan` print, written straight into one output buffer: the CLI's
// output at millions of ids per second is formatting, so it lives beside the fields it formats.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace branded {

enum class RowStyle : std::uint8_t { table = 0, json = 1 };

// Where scan found an id. `prefix`: a table row's "FILE:" or a JSON row's `"file":"…",` (already escaped),
// or empty; `offset` in bytes, `line` 1-based. A table row's "FILE:LINE" takes `width` columns (at most
// MAX_PLACE_WIDTH), the prefix `prefix_columns` of them (by default one per byte).
inline constexpr std::size_t MAX_PLACE_WIDTH = 100;
struct RowPlace {
  std::string_view prefix;
  std::uint64_t offset = 0;
  std::uint64_t line = 0;
  std::size_t width = 12;
  std::size_t prefix_columns = static_cast<std::size_t>(-1);
};

// The most bytes one row takes, not counting its place's prefix; the writers may also scribble on up to
// ROW_SLACK bytes past a row's end (they store whole words), which MAX_ROW_BYTES leaves room for.
inline constexpr std::size_t ROW_SLACK = 16;
inline constexpr std::size_t MAX_ROW_BYTES = 320;

// The decode row of a valid id (its 14 bytes and Snowflake), ending in '\n'. Table: id, namespace, snowflake,
// ISO time, node, seq, hash32, stream id, aligned; JSON: {id, ok, namespace, snowflake (a string), unixMs, iso,
// node, seq, hash32, streamId}. With a place (scan): its location first. Returns the row's size; `out`
// must have room for MAX_ROW_BYTES plus the place's prefix.
std::size_t write_decoded_row(RowStyle style, const char* id14, std::uint64_t snowflake, const RowPlace* place,
                              char* out);

// Ids parsed from lines (parse_lines' columns): id i's 14 bytes at text + offset[i], its Snowflake snowflake[i],
// error[i] 0 when it is valid.
struct LinesToRows {
  const char* text;
  const std::uint32_t* offset;
  const std::uint64_t* snowflake;
  const std::uint8_t* error;
  std::size_t count;
};

// The decode rows of ids 0, 1, … up to the first refused one, written at `out` (moved past them), as
// write_decoded_row writes each; returns how many. `out` must have room for count * MAX_ROW_BYTES.
std::size_t write_decoded_rows(RowStyle style, const LinesToRows& lines, char*& out);

// Candidates scan found in `text` (scan's columns): candidate i at text + offset[i], `newlines[i]` newlines into
// the text, `byte_base` bytes into the input, error[i] 0 when it is valid.
struct FoundToRows {
  const char* text;
  const std::uint32_t* offset;
  const std::uint32_t* newlines;
  const std::uint64_t* snowflake;
  const std::uint8_t* error;
  std::size_t count;
  std::uint64_t byte_base;
  bool valid_only;  // refused candidates get no row
};

// Scan's rows of the candidates, at `out` (moved past them): each valid one's decoded row with its place, each
// refused one's refusal (unless valid_only). `place` gives the prefix and width, and the line the text starts on
// (each row's offset comes from byte_base); returns how many rows. `out` must have room for
// count * (MAX_ROW_BYTES + the prefix).
std::size_t write_scan_rows(RowStyle style, const FoundToRows& found, RowPlace place, char*& out);

// A scan candidate refused for `range`: its location, the id, the error and its words (explain.hpp's).
std::size_t write_refused_candidate(RowStyle style, const char* id14, const RowPlace& place, char* out);

// "YYYY-MM-DDTHH:MM:SS.mmmZ" (24 bytes) of a unix-ms instant from 1970 to 9999.
void write_iso(std::int64_t unix_ms, char* out24);

}  // namespace branded
