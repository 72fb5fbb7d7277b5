// The columns scan's binding fills (bindings/scan.cpp) and the CLI module's row formatters read (bindings/rows.cpp).
#pragma once
#include <cstddef>
#include <cstdint>

namespace branded::wasm {

constexpr std::size_t SCAN_IDS = 16384;

constexpr std::size_t PREFIX_BYTES = 4096;

// What the last call did: candidates (or lines) written, refused, bytes and '\n's consumed, whether the last byte
// is a letter or digit (the next scan's state); for the row formatters, where they stopped and their rows.
struct ScanStatus {
  std::uint32_t ids, refused, consumed, newlines, after_alnum, stop, out_size;
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
extern ScanBatch found;

}  // namespace branded::wasm
