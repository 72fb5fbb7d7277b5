// The 14-byte id: parse, valid, error offset, encode, and the three-byte wire gate.
#include <emscripten/emscripten.h>

#include <cstring>

#include "bindings/shared.hpp"
#include "branded/branded_id.hpp"
#include "branded/gate.hpp"
#include "branded/snowflake.hpp"

using namespace branded;
using namespace branded::wasm;

namespace {

// Puts a parsed Snowflake and its fields in the exchange when the id parsed; returns the error number.
int exchange_parsed(Error error, std::uint64_t snowflake) {
  if (error == Error::none) {
    exchange.snowflake = snowflake;
    exchange.unix_ms = static_cast<double>(unix_ms(snowflake));
    exchange.node = node_of(snowflake);
    exchange.seq = seq_of(snowflake);
  }
  return code(error);
}

}  // namespace

extern "C" {

// On success the Snowflake and its fields are in the exchange; returns the error number.
EMSCRIPTEN_KEEPALIVE int branded_parse(const char* id, std::size_t size) {
  const auto r = parse({id, size});
  return exchange_parsed(r.error, r.value.snowflake);
}

// An id of 14 ASCII characters as four little-endian words of its bytes (the last holds two): it reaches
// core without a trip through the input area. The answer is branded_parse's on those 14 bytes: parse()
// past its length check is this kernel, called here directly because the wasm inliner declines parse()
// (measured: that call cost about 9 ns of the ~80 ns a parse takes from JavaScript).
EMSCRIPTEN_KEEPALIVE int branded_parse_words(std::uint32_t w0, std::uint32_t w1, std::uint32_t w2, std::uint32_t w3) {
  const std::uint32_t words[] = {w0, w1, w2, w3};
  char id[sizeof words];
  std::memcpy(id, words, sizeof words);
  const detail::Decoded decoded = detail::decode_id(id);
  return exchange_parsed(decoded.error, decoded.snowflake);
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
