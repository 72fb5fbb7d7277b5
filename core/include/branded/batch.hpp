// Bulk parse/encode from contiguous buffers into caller-provided columns, with no per-id allocation.
#pragma once
#include <cstddef>
#include <cstdint>

#include "branded/result.hpp"

namespace branded {

// A namespace packed in 24 bits: ns[0] << 16 | ns[1] << 8 | ns[2]; 0 for a refused id.
constexpr std::uint32_t pack_namespace(const char* ns) {
  return std::uint32_t(std::uint8_t(ns[0])) << 16 | std::uint32_t(std::uint8_t(ns[1])) << 8 | std::uint8_t(ns[2]);
}

// Output columns, one slot per id; any pointer may be null when that column is not wanted.
struct Columns {
  std::uint64_t* snowflake = nullptr;  // 0 for a refused id
  std::uint8_t* error = nullptr;       // static_cast<uint8_t>(Error); 0 = ok
  std::uint32_t* ns = nullptr;         // pack_namespace, 0 for a refused id
  std::uint32_t* offset = nullptr;     // parse_lines only: byte offset of the line in the text
  std::uint32_t* length = nullptr;     // parse_lines only: the line's length (without its terminator)
};

// `count` ids of 14 bytes, each `stride` bytes after the one before (14: back to back; any bytes between
// two ids are ignored, each id is judged on its own 14). Returns how many were refused.
std::size_t parse_fixed(const char* ids, std::size_t count, const Columns& out, std::size_t stride = 14);

// Newline-separated ids ("\n" or "\r\n"; a blank line is an id of length 0 and so `length`). Parses at
// most `capacity` complete lines; a last line with no terminator counts only when `final` is true.
struct LinesParsed {
  std::size_t ids = 0;       // lines parsed into the columns
  std::size_t refused = 0;   // of which refused
  std::size_t consumed = 0;  // bytes of text consumed (the caller keeps the rest for the next chunk)
};
LinesParsed parse_lines(const char* text, std::size_t size, const Columns& out, std::size_t capacity, bool final);

// The per-id fields of parsed columns, one slot per id; each pointer is required.
struct FieldColumns {
  double* unix_ms;        // unix_ms(snowflake), exact in a double
  std::uint16_t* node;    // node_of(snowflake)
  std::uint16_t* seq;     // seq_of(snowflake)
  std::uint32_t* hash32;  // hash32(snowflake)
};

// Fills slots [first, end) of `out` from the snowflake and error columns (all 0 for a refused id).
void derive_fields(const std::uint64_t* snowflake, const std::uint8_t* error, std::size_t first, std::size_t end,
                   const FieldColumns& out);

// Encodes count snowflakes under one namespace into out (14 bytes each). A refused item leaves its 14
// bytes as spaces and its error set. Returns how many were refused; a bad namespace refuses all.
std::size_t encode_many(const char* ns3, const std::uint64_t* snowflakes, std::size_t count, char* out,
                        std::uint8_t* error);

}  // namespace branded
