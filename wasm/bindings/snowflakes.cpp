// Snowflakes: placement, fields, composition, time bounds, stream entry ids and windows. A uint64 of 2^63
// or more is no Snowflake: these refuse it with `range` (core's hash32 and unix_ms take any uint64).
#include <emscripten/bind.h>

#include "bindings/numbers.hpp"
#include "bindings/shared.hpp"
#include "branded/hash32.hpp"
#include "branded/snowflake.hpp"
#include "branded/stream.hpp"

using namespace branded;
using namespace branded::wasm;

namespace {

// The hash is in the exchange; returns the error number.
int branded_hash32(std::uint64_t snowflake) {
  if (snowflake > MAX_SNOWFLAKE) return code(Error::range);
  exchange.hash32 = hash32(snowflake);
  return 0;
}

// The instant is in the exchange; returns the error number.
int branded_unix_ms(std::uint64_t snowflake) {
  if (snowflake > MAX_SNOWFLAKE) return code(Error::range);
  exchange.unix_ms = static_cast<double>(unix_ms(snowflake));
  return 0;
}

// "<ms>-<seq>" is the text answer.
int branded_stream_id(std::uint64_t snowflake) {
  if (snowflake > MAX_SNOWFLAKE) return code(Error::range);
  char* out = answer_buffer();
  answer({out, write_entry_id(entry_id(snowflake), out)});
  return 0;
}

// The Snowflake is in the exchange; returns the error number.
int branded_compose(double ms, double node, double seq) {
  const auto r = compose(to_i64(ms), to_u32(node), to_u32(seq));
  exchange.snowflake = r.value;
  return code(r.error);
}

int branded_min_for(double ms) {
  const auto r = min_for(to_i64(ms));
  exchange.snowflake = r.value;
  return code(r.error);
}

// Parses "<ms>-<seq>" into the exchange; its snowflake/entry_error say which Snowflake the entry id was
// injected from, or why there is none.
int branded_parse_entry_id(Address entry, std::uint32_t size) {
  const auto r = parse_entry_id(text(entry, size));
  if (!r.ok()) return code(r.error);
  exchange.entry_ms = r.value.ms;
  exchange.entry_seq = r.value.seq;
  const auto s = snowflake_of(r.value);
  exchange.snowflake = s.value;
  exchange.entry_error = static_cast<std::uint32_t>(s.error);
  return 0;
}

// The text answer is start, end and inclusive end back to back; parts[] holds their sizes.
int branded_window(double t0, double t1) {
  const auto r = window(to_i64(t0), to_i64(t1));
  if (!r.ok()) return code(r.error);
  const Window& w = r.value;
  exchange.parts[0] = static_cast<std::uint32_t>(w.start.size());
  exchange.parts[1] = static_cast<std::uint32_t>(w.end.size());
  exchange.parts[2] = static_cast<std::uint32_t>(w.inclusive_end.size());
  answer_owned(w.start + w.end + w.inclusive_end);
  return 0;
}

}  // namespace

EMSCRIPTEN_BINDINGS(snowflakes) {
  emscripten::function("hash32", &branded_hash32);
  emscripten::function("unix_ms", &branded_unix_ms);
  emscripten::function("stream_id", &branded_stream_id);
  emscripten::function("compose", &branded_compose);
  emscripten::function("min_for", &branded_min_for);
  emscripten::function("parse_entry_id", &branded_parse_entry_id);
  emscripten::function("window", &branded_window);
}
