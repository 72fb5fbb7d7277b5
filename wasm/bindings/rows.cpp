// The CLI module's row formatters (built into dist/branded-cli-wasm.js only, so the package's own module stays
// small): decode and scan rows written by core into one buffer, which JavaScript copies out whole.
#include <emscripten/bind.h>

#include <cstdint>
#include <memory>

#include "bindings/scan.hpp"
#include "bindings/shared.hpp"
#include "branded/batch.hpp"
#include "branded/format.hpp"

using namespace branded;
using namespace branded::wasm;

namespace {

// Two row buffers, so JavaScript can write one out while core fills the other. Left uninitialised (not a
// std::vector, which would zero megabytes at every start): every byte written out was formatted first.
struct RowBuffer {
  std::unique_ptr<char[]> data;
  std::size_t size = 0;
};
RowBuffer rows[2];

// Row buffer `slot` with room for `bytes`. Both are sized by reserve_rows before any write: growing one here
// could move memory under a write of the other in flight, so a call that would need more traps instead.
char* row_buffer(std::size_t slot, std::size_t bytes) {
  if (rows[slot].size < bytes) __builtin_trap();
  return rows[slot].data.get();
}

void rows_written(std::size_t stop, const char* start, const char* end) {
  found.status.stop = static_cast<std::uint32_t>(stop);
  found.status.out_size = static_cast<std::uint32_t>(end - start);
}

// Sizes both row buffers for at least `bytes` at once, so that filling one does not move memory under a write
// of the other in flight. A buffer made larger starts empty: call it with no write in flight.
void branded_reserve_rows(std::uint32_t bytes) {
  for (auto& buffer : rows) {
    if (buffer.size >= bytes) continue;
    buffer.data.reset(new char[bytes]);
    buffer.size = bytes;
  }
}

// The address of row buffer `slot` (0 or 1).
Address branded_rows_at(std::uint32_t slot) { return address_of(rows[slot & 1].data.get()); }

// The rows of the last scan's candidates (`text`: the same text), each placed at byte byte_base + offset, line
// line_base + newlines, into a row buffer after its first `at` bytes; the prefix area holds `prefix_size` bytes
// of place prefix. `flags`: 1 JSON rows, 2 valid only (refused candidates left out), 4 row buffer 1 (else 0).
void branded_format_found(Address text, int flags, std::uint32_t prefix_size, double byte_base, double line_base,
                          std::uint32_t at) {
  const auto style = (flags & 1) != 0 ? RowStyle::json : RowStyle::table;
  const bool valid_only = (flags & 2) != 0;
  const std::size_t count = found.status.ids;
  char* const start = row_buffer((flags >> 2) & 1, at + count * (MAX_ROW_BYTES + prefix_size));
  char* out = start + at;
  RowPlace place{{found.prefix, prefix_size}};
  for (std::size_t i = 0; i < count; ++i) {
    place.offset = static_cast<std::uint64_t>(byte_base) + found.offset[i];
    place.line = static_cast<std::uint64_t>(line_base) + found.newlines[i];
    const char* id = pointer_at(text) + found.offset[i];
    if (found.error[i] == 0)
      out += write_decoded_row(style, id, found.snowflake[i], &place, out);
    else if (!valid_only)
      out += write_refused_candidate(style, id, place, out);
  }
  rows_written(count, start, out);
}

// Parses newline-separated ids of `text` (as parseMany does) into the columns; the status says what was done.
void branded_decode_lines(Address text, std::uint32_t size, int final) {
  const Columns out{found.snowflake, found.error, nullptr, found.offset, found.length};
  const auto done = parse_lines(pointer_at(text), size, out, SCAN_IDS, final != 0);
  found.status.ids = static_cast<std::uint32_t>(done.ids);
  found.status.refused = static_cast<std::uint32_t>(done.refused);
  found.status.consumed = static_cast<std::uint32_t>(done.consumed);
}

// The decode rows of the last decode_lines' lines from `first`, up to the first refused one (its row is
// JavaScript's: it may hold any bytes), into row buffer `slot` (0 or 1) after its first `at` bytes (rows put
// there before, leaving each later line MAX_ROW_BYTES); the status's stop says where that is.
void branded_format_lines(Address text, std::uint32_t first, int json, std::uint32_t slot, std::uint32_t at) {
  const auto style = json ? RowStyle::json : RowStyle::table;
  const std::size_t count = found.status.ids;
  char* const start = row_buffer(slot & 1, at + (count - first) * MAX_ROW_BYTES);
  char* out = start + at;
  std::size_t i = first;
  for (; i < count && found.error[i] == 0; ++i)
    out += write_decoded_row(style, pointer_at(text) + found.offset[i], found.snowflake[i], nullptr, out);
  rows_written(i, start, out);
}

}  // namespace

EMSCRIPTEN_BINDINGS(rows) {
  emscripten::function("reserve_rows", &branded_reserve_rows);
  emscripten::function("rows_at", &branded_rows_at);
  emscripten::function("format_found", &branded_format_found);
  emscripten::function("decode_lines", &branded_decode_lines);
  emscripten::function("format_lines", &branded_format_lines);
}
