// The 14-byte id: parse, valid, error offset, encode, and the three-byte wire gate.
#include <emscripten/emscripten.h>

#include "bindings/shared.hpp"
#include "branded/branded_id.hpp"
#include "branded/gate.hpp"
#include "branded/snowflake.hpp"

using namespace branded;
using namespace branded::wasm;

extern "C" {

// On success the Snowflake and its fields are in the exchange; returns the error number.
EMSCRIPTEN_KEEPALIVE int branded_parse(const char* id, std::size_t size) {
  const auto r = parse({id, size});
  if (r.ok()) {
    const std::uint64_t s = r.value.snowflake;
    exchange.snowflake = s;
    exchange.unix_ms = static_cast<double>(unix_ms(s));
    exchange.node = node_of(s);
    exchange.seq = seq_of(s);
  }
  return code(r.error);
}

EMSCRIPTEN_KEEPALIVE int branded_valid(const char* id, std::size_t size) { return valid({id, size}); }

EMSCRIPTEN_KEEPALIVE int branded_error_offset(const char* id, std::size_t size) { return error_offset({id, size}); }

EMSCRIPTEN_KEEPALIVE int branded_gate(const char* id, std::size_t size) { return wire_gate_admits({id, size}); }

// The id is the text answer; returns the error number.
EMSCRIPTEN_KEEPALIVE int branded_encode(const char* ns, std::size_t size, std::uint64_t snowflake) {
  char* out = answer_buffer();
  const Error e = encode_to({ns, size}, snowflake, out);
  answer({out, ID_LENGTH});
  return code(e);
}

}  // extern "C"
