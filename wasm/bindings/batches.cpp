// Bulk parse and encode, in chunks of at most BATCH_IDS ids through fixed columns in the module's memory;
// JavaScript copies each chunk out into its own typed arrays, so memory stays the same whatever the input.
#include <emscripten/bind.h>

#include <cstdint>

#include "bindings/shared.hpp"
#include "branded/batch.hpp"
#include "branded/branded_id.hpp"

using namespace branded;
using namespace branded::wasm;

namespace {

constexpr std::size_t BATCH_IDS = 16384;
// Array items arrive packed, 14 bytes each (a chunk of 14-character strings joined and written by one
// encodeInto), or in 16-byte slots (each item as four aligned 32-bit words, for a chunk that is not all
// ASCII); core parses each record's 14 bytes where they are.
constexpr std::size_t SLOT_BYTES = 16;

struct Batch {
  std::uint64_t snowflake[BATCH_IDS];
  double unix_ms[BATCH_IDS];
  std::uint32_t ns[BATCH_IDS];
  std::uint32_t hash32[BATCH_IDS];
  std::uint32_t offset[BATCH_IDS];
  std::uint32_t length[BATCH_IDS];
  std::uint16_t node[BATCH_IDS];
  std::uint16_t seq[BATCH_IDS];
  std::uint8_t error[BATCH_IDS];
  alignas(SLOT_BYTES) char ids[BATCH_IDS * SLOT_BYTES];  // parse input (packed or 16-byte slots);
                                                         // encodeMany output (14 bytes per id, back to back)
};
Batch batch;

Columns columns() { return {batch.snowflake, batch.error, batch.ns, batch.offset, batch.length}; }

// Fills the field columns of slots [first, end) from their snowflake and error columns.
void derive_fields(std::size_t first, std::size_t end) {
  branded::derive_fields(batch.snowflake, batch.error, first, end,
                         {batch.unix_ms, batch.node, batch.seq, batch.hash32});
}

constexpr std::uint32_t BATCH_CAPACITY = BATCH_IDS;
constexpr std::uint32_t BATCH_SLOT_BYTES = SLOT_BYTES;

// The columns' addresses by name, and where `capacity` (how many slots each column holds) and `slotBytes` are.
constexpr Named BATCH_LAYOUT[] = {
    named("capacity", &BATCH_CAPACITY),
    named("slotBytes", &BATCH_SLOT_BYTES),
    named("snowflake", batch.snowflake),
    named("unixMs", batch.unix_ms),
    named("namespace", batch.ns),
    named("hash32", batch.hash32),
    named("offset", batch.offset),
    named("length", batch.length),
    named("node", batch.node),
    named("seq", batch.seq),
    named("error", batch.error),
    named("ids", batch.ids),
    {},
};

Address branded_batch_layout() { return address_of(BATCH_LAYOUT); }

// Parses `count` ids from the ids column, packed (14 bytes each) or in 16-byte slots (each slot's first 14
// bytes); returns how many were refused. `with_fields` also fills unixMs, node, seq and hash32.
std::uint32_t branded_parse_fixed(std::uint32_t count, int with_fields, int packed) {
  const auto refused = parse_fixed(batch.ids, count, columns(), packed != 0 ? ID_LENGTH : SLOT_BYTES);
  if (with_fields) derive_fields(0, count);
  return static_cast<std::uint32_t>(refused);
}

// Parses one id of any size into slot `index` (an array item that is not 14 ASCII characters); returns
// how the chunk's count of refused ids changes.
int branded_parse_slot(Address id, std::uint32_t size, std::uint32_t index, int with_fields) {
  const bool was_refused = batch.error[index] != 0;
  const auto r = parse(text(id, size));
  batch.snowflake[index] = r.value.snowflake;
  batch.error[index] = static_cast<std::uint8_t>(r.error);
  batch.ns[index] = r.ok() ? pack_namespace(r.value.ns.data()) : 0;
  if (with_fields) derive_fields(index, index + 1);
  return int(!r.ok()) - int(was_refused);
}

// Parses newline-separated ids of `text`; the exchange's lines/consumed/refused say what was done.
// `text` starts `text_offset` bytes into the caller's whole text: the offset column counts from the latter.
void branded_parse_lines(Address lines, std::uint32_t size, int final, int with_fields, std::uint32_t text_offset) {
  const auto done = parse_lines(pointer_at(lines), size, columns(), BATCH_IDS, final != 0);
  if (text_offset != 0)
    for (std::size_t i = 0; i < done.ids; ++i) batch.offset[i] += text_offset;
  if (with_fields) derive_fields(0, done.ids);
  exchange.lines = static_cast<std::uint32_t>(done.ids);
  exchange.consumed = static_cast<std::uint32_t>(done.consumed);
  exchange.refused = static_cast<std::uint32_t>(done.refused);
}

// Encodes `count` snowflakes of the snowflake column under a namespace into the ids column; returns how
// many were refused.
std::uint32_t branded_encode_many(Address ns, std::uint32_t ns_size, std::uint32_t count) {
  if (ns_size == NAMESPACE_LENGTH)
    return static_cast<std::uint32_t>(encode_many(pointer_at(ns), batch.snowflake, count, batch.ids, batch.error));
  // encode_many reads exactly three bytes; any other size goes through encode_to, which refuses it.
  char scratch[ID_LENGTH];
  for (std::size_t i = 0; i < count; ++i)
    batch.error[i] = static_cast<std::uint8_t>(encode_to(text(ns, ns_size), batch.snowflake[i], scratch));
  return count;
}

}  // namespace

EMSCRIPTEN_BINDINGS(batches) {
  emscripten::function("batch_layout", &branded_batch_layout);
  emscripten::function("parse_fixed", &branded_parse_fixed);
  emscripten::function("parse_slot", &branded_parse_slot);
  emscripten::function("parse_lines", &branded_parse_lines);
  emscripten::function("encode_many", &branded_encode_many);
}
