// The hot paths as plain C functions over the shared memory of exchange.hpp: JavaScript writes an input's
// bytes, calls one of these, and reads the answer from fixed offsets. Every decision is core's.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "branded/branded.hpp"
#include "exchange.hpp"
#include "minter_pool.hpp"
#include "numbers.hpp"

namespace branded::wasm {
namespace {

Exchange exchange;
Batch batch;
std::vector<char> input(4096);
MinterPool minters;

constexpr int code(Error e) { return static_cast<int>(e); }

void store_fields(std::uint64_t snowflake) {
  exchange.snowflake = snowflake;
  exchange.unix_ms = static_cast<double>(unix_ms(snowflake));
  exchange.node = node_of(snowflake);
  exchange.seq = seq_of(snowflake);
}

// Fills the derived columns of slots [first, end) from their snowflake and error columns.
void derive_fields(std::size_t first, std::size_t end) {
  for (std::size_t i = first; i < end; ++i) {
    const std::uint64_t s = batch.snowflake[i];
    const bool ok = batch.error[i] == 0;
    batch.unix_ms[i] = ok ? static_cast<double>(unix_ms(s)) : 0;
    batch.node[i] = static_cast<std::uint16_t>(ok ? node_of(s) : 0);
    batch.seq[i] = static_cast<std::uint16_t>(ok ? seq_of(s) : 0);
    batch.hash32[i] = ok ? hash32(s) : 0;
  }
}

Columns batch_columns() { return {batch.snowflake, batch.error, batch.ns, batch.offset, batch.length}; }

}  // namespace
}  // namespace branded::wasm

using namespace branded;
using namespace branded::wasm;

extern "C" {

EMSCRIPTEN_KEEPALIVE Exchange* branded_exchange() { return &exchange; }

// The input area for text arguments, at least `capacity` bytes; its address changes when it grows.
EMSCRIPTEN_KEEPALIVE char* branded_input(std::size_t capacity) {
  if (input.size() < capacity) input.resize(capacity);
  return input.data();
}

// Addresses of the batch columns, in this order: capacity, snowflake, unixMs, namespace, hash32, offset,
// length, node, seq, error, ids.
EMSCRIPTEN_KEEPALIVE const std::uintptr_t* branded_batch_layout() {
  static const std::uintptr_t layout[] = {
      BATCH_IDS,
      reinterpret_cast<std::uintptr_t>(batch.snowflake),
      reinterpret_cast<std::uintptr_t>(batch.unix_ms),
      reinterpret_cast<std::uintptr_t>(batch.ns),
      reinterpret_cast<std::uintptr_t>(batch.hash32),
      reinterpret_cast<std::uintptr_t>(batch.offset),
      reinterpret_cast<std::uintptr_t>(batch.length),
      reinterpret_cast<std::uintptr_t>(batch.node),
      reinterpret_cast<std::uintptr_t>(batch.seq),
      reinterpret_cast<std::uintptr_t>(batch.error),
      reinterpret_cast<std::uintptr_t>(batch.ids),
  };
  return layout;
}

// --- single ids ---------------------------------------------------------------------------------

EMSCRIPTEN_KEEPALIVE int branded_parse(const char* id, std::size_t size) {
  const auto r = parse({id, size});
  if (r.ok()) store_fields(r.value.snowflake);
  return code(r.error);
}

EMSCRIPTEN_KEEPALIVE int branded_valid(const char* id, std::size_t size) { return valid({id, size}); }

EMSCRIPTEN_KEEPALIVE int branded_error_offset(const char* id, std::size_t size) {
  return error_offset({id, size});
}

EMSCRIPTEN_KEEPALIVE int branded_gate(const char* id, std::size_t size) {
  return wire_gate_admits({id, size});
}

EMSCRIPTEN_KEEPALIVE int branded_encode(const char* ns, std::size_t size, std::uint64_t snowflake) {
  return code(encode_to({ns, size}, snowflake, exchange.text));
}

// --- Snowflakes: a value of 2^63 or more is no Snowflake and is refused with `range` ---------------

EMSCRIPTEN_KEEPALIVE double branded_hash32(std::uint64_t snowflake) {
  if (snowflake > MAX_SNOWFLAKE) return -code(Error::range);
  return hash32(snowflake);
}

EMSCRIPTEN_KEEPALIVE double branded_unix_ms(std::uint64_t snowflake) {
  if (snowflake > MAX_SNOWFLAKE) return -code(Error::range);
  return static_cast<double>(unix_ms(snowflake));
}

// Writes "<ms>-<seq>" to exchange.text and returns its length, or minus the error.
EMSCRIPTEN_KEEPALIVE int branded_stream_id(std::uint64_t snowflake) {
  if (snowflake > MAX_SNOWFLAKE) return -code(Error::range);
  return static_cast<int>(write_entry_id(entry_id(snowflake), exchange.text));
}

EMSCRIPTEN_KEEPALIVE int branded_compose(double ms, double node, double seq) {
  const auto r = compose(to_i64(ms), to_u32(node), to_u32(seq));
  exchange.snowflake = r.value;
  return code(r.error);
}

EMSCRIPTEN_KEEPALIVE int branded_min_for(double ms) {
  const auto r = min_for(to_i64(ms));
  exchange.snowflake = r.value;
  return code(r.error);
}

// Parses "<ms>-<seq>" into exchange.entry_ms/entry_seq; exchange.snowflake/entry_error tell the Snowflake
// it was injected from, or why there is none.
EMSCRIPTEN_KEEPALIVE int branded_parse_entry_id(const char* text, std::size_t size) {
  const auto r = parse_entry_id({text, size});
  if (!r.ok()) return code(r.error);
  exchange.entry_ms = r.value.ms;
  exchange.entry_seq = r.value.seq;
  const auto s = snowflake_of(r.value);
  exchange.snowflake = s.value;
  exchange.entry_error = static_cast<std::uint32_t>(s.error);
  return 0;
}

// --- batches ------------------------------------------------------------------------------------

// Parses `count` ids of 14 bytes from batch.ids into the columns; returns how many were refused.
EMSCRIPTEN_KEEPALIVE std::size_t branded_parse_fixed(std::size_t count) {
  const std::size_t refused = parse_fixed(batch.ids, count, batch_columns());
  derive_fields(0, count);
  return refused;
}

// Parses one id of any size from the input area into column slot `index` (for the items of an array that
// are not 14 ASCII characters); returns how the chunk's count of refused ids changes.
EMSCRIPTEN_KEEPALIVE int branded_parse_slot(std::size_t size, std::size_t index) {
  const bool was_refused = batch.error[index] != 0;
  const auto r = parse({input.data(), size});
  batch.snowflake[index] = r.value.snowflake;
  batch.error[index] = static_cast<std::uint8_t>(r.error);
  batch.ns[index] = r.ok() ? pack_namespace(r.value.ns.data()) : 0;
  derive_fields(index, index + 1);
  return int(!r.ok()) - int(was_refused);
}

// Parses newline-separated ids from the input area; exchange.lines/consumed/refused say what was done.
EMSCRIPTEN_KEEPALIVE void branded_parse_lines(std::size_t size, int final) {
  const auto done = parse_lines(input.data(), size, batch_columns(), BATCH_IDS, final != 0);
  derive_fields(0, done.ids);
  exchange.lines = static_cast<std::uint32_t>(done.ids);
  exchange.consumed = static_cast<std::uint32_t>(done.consumed);
  exchange.refused = static_cast<std::uint32_t>(done.refused);
}

// Encodes `count` snowflakes of batch.snowflake under the namespace in the input area into batch.ids.
EMSCRIPTEN_KEEPALIVE std::size_t branded_encode_many(std::size_t ns_size, std::size_t count) {
  if (ns_size == NAMESPACE_LENGTH) return encode_many(input.data(), batch.snowflake, count, batch.ids, batch.error);
  // encode_many reads exactly three bytes; any other size goes through encode_to, which refuses it.
  for (std::size_t i = 0; i < count; ++i)
    batch.error[i] = static_cast<std::uint8_t>(encode_to({input.data(), ns_size}, batch.snowflake[i], exchange.text));
  return count;
}

// --- minters: core Minters kept here, addressed by handle -------------------------------------------

// Returns a handle (>= 0) or minus the error (`namespace`, `node`).
EMSCRIPTEN_KEEPALIVE int branded_minter_create(const char* ns, std::size_t size, double node) {
  auto made = Minter::create({ns, size}, to_u32(node));
  if (!made.ok()) return -code(made.error);
  return static_cast<int>(minters.add(made.value));
}

EMSCRIPTEN_KEEPALIVE void branded_minter_release(int handle) { minters.release(handle); }

// Mints the next Snowflake into exchange.snowflake and its id into exchange.text.
EMSCRIPTEN_KEEPALIVE int branded_minter_next(int handle) {
  Minter* minter = minters.get(handle);
  if (minter == nullptr) return code(Error::range);  // unreachable from the facade, which owns the handles
  const auto s = minter->next();
  if (!s.ok()) return code(s.error);
  exchange.snowflake = s.value;
  return code(encode_to({minter->ns().data(), minter->ns().size()}, s.value, exchange.text));
}

}  // extern "C"
