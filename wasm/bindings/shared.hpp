// The memory JavaScript and the module share: the exchange, its layout table, the input area. Bindings take
// and return numbers only (wasm/README.md, "Bindings": the layout tables and the one return convention).
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
  double unix_ms;             // parse, unixMs: unix_ms(snowflake), exact in a double (< 2^53)
  std::uint32_t node;         // parse: node(snowflake)
  std::uint32_t seq;          // parse: seq(snowflake)
  std::uint32_t hash32;       // hash32
  std::uint32_t handle;       // createMinter: the new minter's handle
  std::uint32_t lines;        // parseLines: lines parsed into the batch columns
  std::uint32_t consumed;     // parseLines: bytes of text consumed
  std::uint32_t refused;      // parseLines: how many of those lines were refused
  std::uint32_t entry_error;  // parseEntryId: why the entry id maps to no Snowflake (0 when it does)
  std::uint32_t parts[3];     // text answers in several parts (windows, constants): the length of each
  std::uint32_t text_size;    // the size of the text answer
  const char* text;           // the text answer: an id, a stream id, a key, a window, a constant
};

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

// One entry of a layout table (lib/layout.js reads each once at load): a name and the address of a field, a
// column or a constant. A table ends with an empty name; constant-initialised, it costs no code.
struct Named {
  const char* name;
  std::uint32_t name_size;
  const void* address;
};
static_assert(sizeof(Named) == 3 * sizeof(std::uint32_t), "lib/layout.js reads three 32-bit words an entry");
constexpr Named named(std::string_view name, const void* address) {
  return {name.data(), static_cast<std::uint32_t>(name.size()), address};
}

// The error number for a minter handle the module never gave out or has already released; not one of
// core's errors, which stop well below it.
constexpr std::uint32_t NO_MINTER = 255;
static_assert(error_name(static_cast<Error>(NO_MINTER)) == "unknown");

// The input area: text arguments arrive here as UTF-8 (JavaScript passes their addresses and sizes).
extern std::vector<char> input;

// Makes `text` the text answer (it must outlive the call: a constant, or answer_buffer()).
void answer(std::string_view text);
// Keeps a built string as the text answer until the next one.
void answer_owned(std::string text);
// A scratch buffer for short text answers built in place (ids, stream ids).
char* answer_buffer();

// What an entry point that can refuse returns: 0 with its answer in the exchange, else the error number.
constexpr int code(Error e) { return static_cast<int>(e); }

}  // namespace branded::wasm
