// The memory JavaScript and the module share. index.js reads these fields through heap views at the byte
// offsets fixed below (the static_asserts keep the two sides in step), so every hot call is a plain
// function call with no allocation and at most one BigInt made on the JS side.
#pragma once
#include <cstddef>
#include <cstdint>

namespace branded::wasm {

// What one single-value call leaves behind.
struct Exchange {
  std::uint64_t snowflake;  // parse, compose, minFor, minter: the Snowflake
  std::uint64_t entry_ms;   // parseEntryId: the entry id's milliseconds
  std::uint64_t entry_seq;  // parseEntryId: the entry id's sequence
  double unix_ms;           // parse: unix_ms(snowflake), exact in a double (< 2^53)
  std::uint32_t node;       // parse: node(snowflake)
  std::uint32_t seq;        // parse: seq(snowflake)
  std::uint32_t lines;      // parseLines: lines parsed into the batch columns
  std::uint32_t consumed;   // parseLines: bytes of text consumed
  std::uint32_t refused;    // parseLines: of the lines parsed, how many were refused
  std::uint32_t entry_error;  // parseEntryId: why the entry id maps to no Snowflake (0 when it does)
  char text[64];            // encode, minter: the 14-byte id; streamId: "<ms>-<seq>"
};
static_assert(offsetof(Exchange, snowflake) == 0);
static_assert(offsetof(Exchange, entry_ms) == 8);
static_assert(offsetof(Exchange, entry_seq) == 16);
static_assert(offsetof(Exchange, unix_ms) == 24);
static_assert(offsetof(Exchange, node) == 32);
static_assert(offsetof(Exchange, seq) == 36);
static_assert(offsetof(Exchange, lines) == 40);
static_assert(offsetof(Exchange, consumed) == 44);
static_assert(offsetof(Exchange, refused) == 48);
static_assert(offsetof(Exchange, entry_error) == 52);
static_assert(offsetof(Exchange, text) == 56);

// Bulk work runs in chunks of at most BATCH_IDS ids through these columns; JavaScript copies each chunk
// out into its own typed arrays, so the module's memory stays the same size whatever the input.
inline constexpr std::size_t BATCH_IDS = 16384;

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
  char ids[BATCH_IDS * 14];  // parseFixed input, encodeMany output: 14 bytes per id, back to back
};

}  // namespace branded::wasm
