// scan: the branded ids found in any text, in chunks of at most SCAN_IDS candidates through fixed columns in
// the module's memory (as batches.cpp does); JavaScript copies each chunk out and passes the rest of the text
// again with the next bytes.
#include <emscripten/emscripten.h>

#include <cstdint>

#include "branded/hash32.hpp"
#include "branded/scan.hpp"
#include "branded/snowflake.hpp"

using namespace branded;

namespace {

constexpr std::size_t SCAN_IDS = 16384;

// What the last call did: candidates written, of which refused, bytes consumed, '\n' bytes consumed, and
// whether the last consumed byte is a letter or digit (the state for the next call).
struct ScanStatus {
  std::uint32_t ids, refused, consumed, newlines, after_alnum;
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
  std::uint8_t error[SCAN_IDS];
  ScanStatus status;
};
ScanBatch found;

}  // namespace

extern "C" {

// Addresses of the columns, in this order: capacity, snowflake, unixMs, namespace, hash32, offset, newlines,
// node, seq, error, status.
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
  found.status = {static_cast<std::uint32_t>(done.ids), static_cast<std::uint32_t>(done.refused),
                  static_cast<std::uint32_t>(done.consumed), static_cast<std::uint32_t>(done.newlines),
                  done.next.after_alnum ? 1u : 0u};
}

}  // extern "C"
