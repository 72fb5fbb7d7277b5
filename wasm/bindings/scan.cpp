// scan: the branded ids in any text, in chunks of at most SCAN_IDS candidates through fixed columns (as
// batches.cpp does); JavaScript copies each chunk out and passes the rest of the text with the next bytes.
#include <emscripten/bind.h>

#include <cstdint>

#include "bindings/scan.hpp"
#include "bindings/shared.hpp"
#include "branded/batch.hpp"
#include "branded/scan.hpp"

using namespace branded;

namespace branded::wasm {
ScanBatch found;
}  // namespace branded::wasm

using namespace branded::wasm;

namespace {

constexpr std::uint32_t SCAN_CAPACITY = SCAN_IDS;
// The columns' addresses by name, each status field's, and where `capacity` (how many candidates each column
// holds) is.
constexpr Named SCAN_LAYOUT[] = {
    named("capacity", &SCAN_CAPACITY),
    named("snowflake", found.snowflake),
    named("unixMs", found.unix_ms),
    named("namespace", found.ns),
    named("hash32", found.hash32),
    named("offset", found.offset),
    named("newlines", found.newlines),
    named("node", found.node),
    named("seq", found.seq),
    named("error", found.error),
    // The status, field by field (bindings/scan.hpp ScanStatus).
    named("foundIds", &found.status.ids),
    named("foundRefused", &found.status.refused),
    named("consumedBytes", &found.status.consumed),
    named("consumedNewlines", &found.status.newlines),
    named("afterAlnum", &found.status.after_alnum),
    {},
};

Address branded_scan_layout() { return address_of(SCAN_LAYOUT); }

// Scans `text` into the columns; the status says what was done. `with_fields` also fills unixMs, node, seq and
// hash32 of every candidate that parsed.
void branded_scan(Address text, std::uint32_t size, int final, int after_alnum, int with_fields) {
  const ScanColumns out{found.snowflake, found.error, found.ns, found.offset, found.newlines};
  const auto done = scan(pointer_at(text), size, out, SCAN_IDS, final != 0, ScanState{after_alnum != 0});
  if (with_fields)
    derive_fields(found.snowflake, found.error, 0, done.ids, {found.unix_ms, found.node, found.seq, found.hash32});
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
