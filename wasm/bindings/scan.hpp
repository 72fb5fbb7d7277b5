// The columns scan's binding fills (bindings/scan.cpp), which lib/scanner.js reads.
#pragma once
#include <cstddef>
#include <cstdint>

namespace branded::wasm {

constexpr std::size_t SCAN_IDS = 16384;

// What the last call did: candidates written, refused, bytes and '\n's consumed, whether the last byte is a letter
// or digit (the next scan's state).
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
extern ScanBatch found;

}  // namespace branded::wasm
