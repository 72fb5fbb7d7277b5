// scan: the branded ids found in any text, in chunks of at most SCAN_IDS candidates through fixed columns in
// the module's memory (as batches.cpp does); JavaScript copies each chunk out and passes the rest of the text
// again with the next bytes.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <vector>

#include "branded/batch.hpp"
#include "branded/format.hpp"
#include "branded/hash32.hpp"
#include "branded/scan.hpp"
#include "branded/snowflake.hpp"

using namespace branded;

namespace {

constexpr std::size_t SCAN_IDS = 16384;

constexpr std::size_t PREFIX_BYTES = 4096;

// What the last call did: candidates (or lines) written, of which refused, bytes consumed, '\n' bytes consumed,
// whether the last consumed byte is a letter or digit (the state for the next scan); for the row formatters,
// where they stopped, and the rows' bytes and address.
struct ScanStatus {
  std::uint32_t ids, refused, consumed, newlines, after_alnum, stop, out_size, out_address;
};

struct ScanBatch {
  std::uint64_t snowflake[SCAN_IDS];
  double unix_ms[SCAN_IDS];
  std::uint32_t ns[SCAN_IDS];
  std::uint32_t hash32[SCAN_IDS];
  std::uint32_t offset[SCAN_IDS];
  std::uint32_t newlines[SCAN_IDS];
  std::uint16_t node[SCAN_IDS];
  std::uint16_t seq[SCAN_IDS];
  std::uint32_t length[SCAN_IDS];  // decode: each line's length
  std::uint8_t error[SCAN_IDS];
  ScanStatus status;
  char prefix[PREFIX_BYTES];  // the rows' place prefix (a file name), written by JavaScript
};
ScanBatch found;
std::vector<char> rows;  // the formatted rows, grown on first use

char* row_buffer(std::size_t rows_wanted, std::size_t prefix_size) {
  const std::size_t bytes = rows_wanted * (MAX_ROW_BYTES + prefix_size);
  if (rows.size() < bytes) rows.resize(bytes);
  return rows.data();
}

void rows_written(std::size_t stop, const char* start, const char* end) {
  found.status.stop = static_cast<std::uint32_t>(stop);
  found.status.out_size = static_cast<std::uint32_t>(end - start);
  found.status.out_address = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(start));
}

}  // namespace

extern "C" {

// Addresses of the columns, in this order: capacity, snowflake, unixMs, namespace, hash32, offset, newlines,
// node, seq, error, status, length, prefix.
EMSCRIPTEN_KEEPALIVE const std::uintptr_t* branded_scan_layout() {
  static const std::uintptr_t layout[] = {
      SCAN_IDS,
      reinterpret_cast<std::uintptr_t>(found.snowflake),
      reinterpret_cast<std::uintptr_t>(found.unix_ms),
      reinterpret_cast<std::uintptr_t>(found.ns),
      reinterpret_cast<std::uintptr_t>(found.hash32),
      reinterpret_cast<std::uintptr_t>(found.offset),
      reinterpret_cast<std::uintptr_t>(found.newlines),
      reinterpret_cast<std::uintptr_t>(found.node),
      reinterpret_cast<std::uintptr_t>(found.seq),
      reinterpret_cast<std::uintptr_t>(found.error),
      reinterpret_cast<std::uintptr_t>(&found.status),
      reinterpret_cast<std::uintptr_t>(found.length),
      reinterpret_cast<std::uintptr_t>(found.prefix),
  };
  return layout;
}

// Scans `text` into the columns; the status says what was done. `with_fields` also fills unixMs, node, seq and
// hash32 of every candidate that parsed.
EMSCRIPTEN_KEEPALIVE void branded_scan(const char* text, std::size_t size, int final, int after_alnum,
                                       int with_fields) {
  const ScanColumns out{found.snowflake, found.error, found.ns, found.offset, found.newlines};
  const auto done = scan(text, size, out, SCAN_IDS, final != 0, ScanState{after_alnum != 0});
  if (with_fields) {
    for (std::size_t i = 0; i < done.ids; ++i) {
      const std::uint64_t s = found.snowflake[i];
      const bool ok = found.error[i] == 0;
      found.unix_ms[i] = ok ? static_cast<double>(unix_ms(s)) : 0;
      found.node[i] = static_cast<std::uint16_t>(ok ? node_of(s) : 0);
      found.seq[i] = static_cast<std::uint16_t>(ok ? seq_of(s) : 0);
      found.hash32[i] = ok ? hash32(s) : 0;
    }
  }
  found.status.ids = static_cast<std::uint32_t>(done.ids);
  found.status.refused = static_cast<std::uint32_t>(done.refused);
  found.status.consumed = static_cast<std::uint32_t>(done.consumed);
  found.status.newlines = static_cast<std::uint32_t>(done.newlines);
  found.status.after_alnum = done.next.after_alnum ? 1u : 0u;
}

// The rows of the last scan's candidates (`text`: the same text), each placed at byte byte_base + offset, line
// line_base + newlines; the prefix area holds `prefix_size` bytes of place prefix. valid_only leaves refused
// candidates out.
EMSCRIPTEN_KEEPALIVE void branded_format_found(const char* text, int json, int valid_only, std::size_t prefix_size,
                                               double byte_base, double line_base) {
  const auto style = json ? RowStyle::json : RowStyle::table;
  const std::size_t count = found.status.ids;
  char* const start = row_buffer(count, prefix_size);
  char* out = start;
  RowPlace place{{found.prefix, prefix_size}};
  for (std::size_t i = 0; i < count; ++i) {
    place.offset = static_cast<std::uint64_t>(byte_base) + found.offset[i];
    place.line = static_cast<std::uint64_t>(line_base) + found.newlines[i];
    const char* id = text + found.offset[i];
    if (found.error[i] == 0) out += write_decoded_row(style, id, found.snowflake[i], &place, out);
    else if (!valid_only) out += write_refused_candidate(style, id, place, out);
  }
  rows_written(count, start, out);
}

// Parses newline-separated ids of `text` (as parseMany does) into the columns; the status says what was done.
EMSCRIPTEN_KEEPALIVE void branded_decode_lines(const char* text, std::size_t size, int final) {
  const Columns out{found.snowflake, found.error, nullptr, found.offset, found.length};
  const auto done = parse_lines(text, size, out, SCAN_IDS, final != 0);
  found.status.ids = static_cast<std::uint32_t>(done.ids);
  found.status.refused = static_cast<std::uint32_t>(done.refused);
  found.status.consumed = static_cast<std::uint32_t>(done.consumed);
}

// The decode rows of the last decode_lines' lines from `first`, up to the first refused one (its row is
// JavaScript's: it may hold any bytes); the status's stop says where that is.
EMSCRIPTEN_KEEPALIVE void branded_format_lines(const char* text, std::size_t first, int json) {
  const auto style = json ? RowStyle::json : RowStyle::table;
  const std::size_t count = found.status.ids;
  char* const start = row_buffer(count - first, 0);
  char* out = start;
  std::size_t i = first;
  for (; i < count && found.error[i] == 0; ++i)
    out += write_decoded_row(style, text + found.offset[i], found.snowflake[i], nullptr, out);
  rows_written(i, start, out);
}

}  // extern "C"
