// The explorer's export (core's export_rows.hpp) for @echomq/branded/export: JavaScript copies a batch's id bytes
// and places into one area once, then asks for the rows of a slice of its order at a time; each answer is written
// into one output buffer whose address and size JavaScript reads.
#include <emscripten/bind.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bindings/shared.hpp"
#include "branded/export_rows.hpp"

using namespace branded;
using namespace branded::wasm;

namespace {

// The area: `rows` places (line, offset: doubles, exact below 2^53), `rows` spans (the id's start and length in
// the bytes: 32-bit), then the id bytes; and `rows` order slots for a slice of the order.
std::vector<std::uint64_t> area;
std::uint32_t area_rows = 0;
std::vector<std::uint32_t> order;
std::vector<char> output;  // the last answer: its first `used` bytes (grown, never shrunk: no fill per row)
std::size_t used = 0;
ExportWriter writer(ExportStyle::csv);
bool placed = false;  // rows carry an offset

const double* places() { return reinterpret_cast<const double*>(area.data()); }
const std::uint32_t* spans() { return reinterpret_cast<const std::uint32_t*>(area.data() + area_rows * 2); }
const char* id_bytes() { return reinterpret_cast<const char*>(area.data() + area_rows * 3); }

// Room for `rows` rows and `bytes` id bytes; returns the area's address.
Address branded_export_area(std::uint32_t rows, std::uint32_t bytes) {
  area_rows = rows;
  area.assign(static_cast<std::size_t>(rows) * 3 + (static_cast<std::size_t>(bytes) + 7) / 8, 0);
  return address_of(area.data());
}

// Room for a slice of `rows` rows of the order; returns its address.
Address branded_export_order(std::uint32_t rows) {
  if (order.size() < rows) order.resize(rows);
  return address_of(order.data());
}

// A new export in `style` (ExportStyle's number), its rows with offsets when `with_offset`: writes its start.
std::uint32_t branded_export_start(std::uint32_t style, std::uint32_t with_offset) {
  writer = ExportWriter(static_cast<ExportStyle>(style));
  placed = with_offset != 0;
  if (output.size() < EXPORT_CSV_HEADER.size()) output.resize(EXPORT_CSV_HEADER.size());
  used = writer.start(output.data());
  return static_cast<std::uint32_t>(used);
}

// The rows of the first `count` order slots (each a row of the area, checked by JavaScript); returns the size.
std::uint32_t branded_export_rows(std::uint32_t count) {
  used = 0;
  const double* place = places();
  const std::uint32_t* span = spans();
  const char* ids = id_bytes();
  for (std::uint32_t k = 0; k < count; ++k) {
    const std::uint32_t row = order[k];
    const std::string_view id(ids + span[row * 2], span[row * 2 + 1]);
    const ExportRow source{id, static_cast<std::uint64_t>(place[row * 2]),
                           static_cast<std::uint64_t>(place[row * 2 + 1]), placed};
    const std::size_t room = used + export_row_bound(id.size());
    if (output.size() < room) output.resize(room * 2);
    used += writer.row(source, output.data() + used);
  }
  return static_cast<std::uint32_t>(used);
}

// Writes the export's end; returns the size.
std::uint32_t branded_export_end() {
  if (output.size() < 2) output.resize(2);
  used = writer.end(output.data());
  return static_cast<std::uint32_t>(used);
}

// The last answer's address.
Address branded_export_output() { return address_of(output.data()); }

}  // namespace

EMSCRIPTEN_BINDINGS(export_rows) {
  emscripten::function("export_area", &branded_export_area);
  emscripten::function("export_order", &branded_export_order);
  emscripten::function("export_start", &branded_export_start);
  emscripten::function("export_rows", &branded_export_rows);
  emscripten::function("export_end", &branded_export_end);
  emscripten::function("export_output", &branded_export_output);
}
