// scan: the branded ids found in any text, in chunks of at most SCAN_IDS candidates through fixed columns in
// the module's memory (as batches.cpp does); JavaScript copies each chunk out and passes the rest of the text
// again with the next bytes.
#include <emscripten/bind.h>

#include <cstdint>

#include "bindings/scan.hpp"
#include "bindings/shared.hpp"
#include "branded/hash32.hpp"
#include "branded/scan.hpp"
#include "branded/snowflake.hpp"

using namespace branded;

namespace branded::wasm {
ScanBatch found;
}  // namespace branded::wasm

using namespace branded::wasm;

namespace {

// Addresses of the columns, in this order: capacity, snowflake, unixMs, namespace, hash32, offset, newlines,
// node, seq, error, status, length, prefix.
Address branded_scan_layout() {
  static const Address layout[] = {
      SCAN_IDS,
      address_of(found.snowflake),
      address_of(found.unix_ms),
      address_of(found.ns),
      address_of(found.hash32),
      address_of(found.offset),
      address_of(found.newlines),
      address_of(found.node),
      address_of(found.seq),
      address_of(found.error),
      address_of(&found.status),
      address_of(found.length),
      address_of(found.prefix),
  };
  return address_of(layout);
}

// Scans `text` into the columns; the status says what was done. `with_fields` also fills unixMs, node, seq and
// hash32 of every candidate that parsed.
void branded_scan(Address text, std::uint32_t size, int final, int after_alnum, int with_fields) {
  const ScanColumns out{found.snowflake, found.error, found.ns, found.offset, found.newlines};
  const auto done = scan(pointer_at(text), size, out, SCAN_IDS, final != 0, ScanState{after_alnum != 0});
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

}  // namespace

EMSCRIPTEN_BINDINGS(scan) {
  emscripten::function("scan_layout", &branded_scan_layout);
  emscripten::function("scan", &branded_scan);
}
