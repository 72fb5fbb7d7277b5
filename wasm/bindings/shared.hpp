// The memory JavaScript and the module share. lib/module.js reads these fields through heap views at the
// byte offsets fixed below (the static_asserts keep both sides in step), so each Embind binding takes and
// returns numbers only: JavaScript writes an argument's bytes to the input area, calls, and reads the
// answer. Every decision is core's; these files only move bytes.
//
// Adding an entry point (see wasm/README.md, "Bindings"): a function of the types bindings/types.cpp
// registers (int, unsigned: addresses and sizes, uint64_t, double, void), and one line in its file's
// EMSCRIPTEN_BINDINGS block:  function("scan", &branded_scan);  JavaScript then calls wasm.scan(…).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "branded/result.hpp"

namespace branded::wasm {

// What one call leaves behind.
struct Exchange {
  std::uint64_t snowflake;    // parse, compose, minFor, minters, parseEntryId: a Snowflake
  std::uint64_t entry_ms;     // parseEntryId: the entry id's milliseconds
  std::uint64_t entry_seq;    // parseEntryId: the entry id's sequence
  double unix_ms;             // parse: unix_ms(snowflake), exact in a double (< 2^53)
  std::uint32_t node;         // parse: node(snowflake)
  std::uint32_t seq;          // parse: seq(snowflake)
  std::uint32_t lines;        // parseLines: lines parsed into the batch columns
  std::uint32_t consumed;     // parseLines: bytes of text consumed
  std::uint32_t refused;      // parseLines: how many of those lines were refused
  std::uint32_t entry_error;  // parseEntryId: why the entry id maps to no Snowflake (0 when it does)
  std::uint32_t parts[3];     // text answers in several parts (windows): the length of each
  std::uint32_t text_size;    // the size of the text answer
  const char* text;           // the text answer: an id, a stream id, a key, a window, a constant
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
static_assert(offsetof(Exchange, parts) == 56);
static_assert(offsetof(Exchange, text_size) == 68);
static_assert(offsetof(Exchange, text) == 72);

extern Exchange exchange;

// Addresses and sizes in the module's memory cross as 32-bit unsigned numbers (wasm32).
using Address = std::uint32_t;
inline const char* pointer_at(Address address) {
  return reinterpret_cast<const char*>(static_cast<std::uintptr_t>(address));
}
inline std::string_view text(Address address, std::uint32_t size) { return {pointer_at(address), size}; }
template <typename T>
Address address_of(T* pointer) {
  return static_cast<Address>(reinterpret_cast<std::uintptr_t>(pointer));
}

// The input area: text arguments arrive here as UTF-8 (JavaScript passes their addresses and sizes).
extern std::vector<char> input;

// Makes `text` the text answer (it must outlive the call: a constant, or answer_buffer()).
void answer(std::string_view text);
// Keeps a built string as the text answer until the next one.
void answer_owned(std::string text);
// A scratch buffer for short text answers built in place (ids, stream ids).
char* answer_buffer();

constexpr int code(Error e) { return static_cast<int>(e); }

}  // namespace branded::wasm
