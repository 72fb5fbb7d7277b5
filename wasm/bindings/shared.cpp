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

Address branded_exchange() { return address_of(&exchange); }

// The input area, at least `capacity` bytes; its address changes when it grows.
Address branded_input(std::uint32_t capacity) {
  if (input.size() < capacity) input.resize(capacity);
  return address_of(input.data());
}

}  // namespace

EMSCRIPTEN_BINDINGS(shared) {
  emscripten::function("exchange", &branded_exchange);
  emscripten::function("input", &branded_input);
}
