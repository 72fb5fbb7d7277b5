// The 14-byte id: parse, valid, error offset, encode, time bounds as ids, and the three-byte wire gate.
#include <emscripten/bind.h>

#include <cstring>

#include "bindings/numbers.hpp"
#include "bindings/shared.hpp"
#include "branded/branded_id.hpp"
#include "branded/gate.hpp"
#include "branded/id_range.hpp"
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

// On success the Snowflake and its fields are in the exchange; returns the error number.
int branded_parse(Address id, std::uint32_t size) {
  const auto r = parse(text(id, size));
  return exchange_parsed(r.error, r.value.snowflake);
}

// An id of 14 ASCII characters as four little-endian words of its bytes (the last holds two), answered as
// branded_parse would. The kernel is called directly because the wasm inliner declines parse().
int branded_parse_words(int w0, int w1, int w2, int w3) {
  const int words[] = {w0, w1, w2, w3};
  char id[sizeof words];
  std::memcpy(id, words, sizeof words);
  const detail::Decoded decoded = detail::decode_id(id);
  return exchange_parsed(decoded.error, decoded.snowflake);
}

int branded_valid(Address id, std::uint32_t size) { return valid(text(id, size)); }

int branded_error_offset(Address id, std::uint32_t size) { return error_offset(text(id, size)); }

int branded_gate(Address id, std::uint32_t size) { return wire_gate_admits(text(id, size)); }

// The id is the text answer; returns the error number.
int branded_encode(Address ns, std::uint32_t size, std::uint64_t snowflake) {
  char* out = answer_buffer();
  const Error e = encode_to(text(ns, size), snowflake, out);
  answer({out, ID_LENGTH});
  return code(e);
}

// The least id of the namespace at or after the instant is the text answer; returns the error number.
int branded_min_id(Address ns, std::uint32_t size, double ms) {
  const auto r = min_id(text(ns, size), to_i64(ms));
  if (!r.ok()) return code(r.error);
  char* out = answer_buffer();
  std::memcpy(out, r.value.data(), ID_LENGTH);
  answer({out, ID_LENGTH});
  return 0;
}

// The ids of [t0, t1), start then end, are the text answer (28 bytes); returns the error number.
int branded_id_range(Address ns, std::uint32_t size, double t0, double t1) {
  const auto r = id_range(text(ns, size), to_i64(t0), to_i64(t1));
  if (!r.ok()) return code(r.error);
  char* out = answer_buffer();
  std::memcpy(out, r.value.start.data(), ID_LENGTH);
  std::memcpy(out + ID_LENGTH, r.value.end.data(), ID_LENGTH);
  answer({out, 2 * ID_LENGTH});
  return 0;
}

}  // namespace

EMSCRIPTEN_BINDINGS(ids) {
  emscripten::function("parse", &branded_parse);
  emscripten::function("parse_words", &branded_parse_words);
  emscripten::function("valid", &branded_valid);
  emscripten::function("error_offset", &branded_error_offset);
  emscripten::function("gate", &branded_gate);
  emscripten::function("encode", &branded_encode);
  emscripten::function("min_id", &branded_min_id);
  emscripten::function("id_range", &branded_id_range);
}
