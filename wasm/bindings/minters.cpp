// Minters: core Minters kept in a pool inside the module, addressed by handle (minter_pool.hpp).
#include <emscripten/emscripten.h>

#include "bindings/minter_pool.hpp"
#include "bindings/numbers.hpp"
#include "bindings/shared.hpp"

using namespace branded;
using namespace branded::wasm;

namespace {
MinterPool minters;
}  // namespace

extern "C" {

// Returns a handle (>= 0) or minus the error (`namespace`, `node`).
EMSCRIPTEN_KEEPALIVE int branded_minter_create(const char* ns, std::size_t size, double node) {
  const auto made = Minter::create({ns, size}, to_u32(node));
  if (!made.ok()) return -code(made.error);
  return static_cast<int>(minters.add(made.value));
}

EMSCRIPTEN_KEEPALIVE void branded_minter_release(int handle) { minters.release(handle); }

// Mints the next Snowflake into the exchange and its id as the text answer; returns the error number.
EMSCRIPTEN_KEEPALIVE int branded_minter_next(int handle) {
  Minter* minter = minters.get(handle);
  if (minter == nullptr) return code(Error::range);  // unreachable from the facade, which owns the handles
  const auto s = minter->next();
  if (!s.ok()) return code(s.error);
  exchange.snowflake = s.value;
  char* out = answer_buffer();
  const Error e = encode_to({minter->ns().data(), minter->ns().size()}, s.value, out);
  answer({out, ID_LENGTH});
  return code(e);
}

}  // extern "C"
