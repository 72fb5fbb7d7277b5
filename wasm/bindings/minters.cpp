// Minters: core Minters kept in a pool inside the module, addressed by handle (minter_pool.hpp).
#include <emscripten/bind.h>

#include "bindings/minter_pool.hpp"
#include "bindings/numbers.hpp"
#include "bindings/shared.hpp"

using namespace branded;
using namespace branded::wasm;

namespace {
MinterPool minters;

// The new minter's handle is in the exchange; returns the error number (`namespace`, `node`).
int branded_minter_create(Address ns, std::uint32_t size, double node) {
  const auto made = Minter::create(text(ns, size), to_u32(node));
  if (!made.ok()) return code(made.error);
  exchange.handle = static_cast<std::uint32_t>(minters.add(made.value));
  return 0;
}

void branded_minter_release(int handle) { minters.release(handle); }

// Mints the next Snowflake into the exchange and its id as the text answer; returns the error number, or
// NO_MINTER for a handle that names no minter (a disposed one).
int branded_minter_next(int handle) {
  Minter* minter = minters.get(handle);
  if (minter == nullptr) return static_cast<int>(NO_MINTER);
  const auto s = minter->next();
  if (!s.ok()) return code(s.error);
  exchange.snowflake = s.value;
  char* out = answer_buffer();
  const Error e = encode_to({minter->ns().data(), minter->ns().size()}, s.value, out);
  answer({out, ID_LENGTH});
  return code(e);
}

}  // namespace

EMSCRIPTEN_BINDINGS(minters) {
  emscripten::function("minter_create", &branded_minter_create);
  emscripten::function("minter_release", &branded_minter_release);
  emscripten::function("minter_next", &branded_minter_next);
}
