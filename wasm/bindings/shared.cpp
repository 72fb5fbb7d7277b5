#include "bindings/shared.hpp"

#include <emscripten/bind.h>

#include <string>

namespace branded::wasm {

Exchange exchange;
std::vector<char> input(4096);

namespace {
std::string owned;
char buffer[64];
}  // namespace

void answer(std::string_view text) {
  exchange.text = text.data();
  exchange.text_size = static_cast<std::uint32_t>(text.size());
}

void answer_owned(std::string text) {
  owned = std::move(text);
  answer(owned);
}

char* answer_buffer() { return buffer; }

}  // namespace branded::wasm

using namespace branded::wasm;

namespace {

// Where each field of the exchange is, by the name lib/ reads it under, and NO_MINTER.
constexpr Named EXCHANGE_LAYOUT[] = {
    named("snowflake", &exchange.snowflake),
    named("entryMs", &exchange.entry_ms),
    named("entrySeq", &exchange.entry_seq),
    named("unixMs", &exchange.unix_ms),
    named("node", &exchange.node),
    named("seq", &exchange.seq),
    named("hash32", &exchange.hash32),
    named("handle", &exchange.handle),
    named("lines", &exchange.lines),
    named("consumed", &exchange.consumed),
    named("refused", &exchange.refused),
    named("entryError", &exchange.entry_error),
    named("parts", &exchange.parts),
    named("textSize", &exchange.text_size),
    named("text", &exchange.text),
    named("noMinter", &NO_MINTER),
    {},
};

Address branded_exchange_layout() { return address_of(EXCHANGE_LAYOUT); }

// The input area, at least `capacity` bytes; its address changes when it grows.
Address branded_input(std::uint32_t capacity) {
  if (input.size() < capacity) input.resize(capacity);
  return address_of(input.data());
}

}  // namespace

EMSCRIPTEN_BINDINGS(shared) {
  emscripten::function("exchange_layout", &branded_exchange_layout);
  emscripten::function("input", &branded_input);
}
