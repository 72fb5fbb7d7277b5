// scan: the branded ids found in any text, in chunks of at most SCAN_IDS candidates through fixed columns in
// the module's memory (as batches.cpp does); JavaScript copies each chunk out and passes the rest of the text
// again with the next bytes.
#include <emscripten/emscripten.h>

#include <cstdint>

#include "bindings/scan.hpp"
#include "branded/hash32.hpp"
#include "branded/scan.hpp"
#include "branded/snowflake.hpp"

using namespace branded;

namespace branded::wasm {
ScanBatch found;
}  // namespace branded::wasm

using branded::wasm::found;
using branded::wasm::SCAN_IDS;

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

}  // extern "C"
