// The contract's constants, error names and the load-time self-check, read by the facade once at load.
#include <emscripten/bind.h>

#include <array>
#include <utility>

#include "bindings/shared.hpp"
#include "branded/gate.hpp"
#include "branded/keyspace.hpp"
#include "branded/self_check.hpp"
#include "branded/snowflake.hpp"

using namespace branded;
using namespace branded::wasm;

namespace {

constexpr std::array<std::pair<std::string_view, std::string_view>, 9> TEXT_CONSTANTS{{
    {"ENQUEUE_SCRIPT", ENQUEUE_SCRIPT},
    {"ENQUEUE_SCRIPT_SHA1", ENQUEUE_SCRIPT_SHA1},
    {"KIND_REFUSAL", KIND_REFUSAL},
    {"KIND_CLASS", KIND_CLASS},
    {"KEY_CLASS", KEY_CLASS},
    {"FENCE_CLASS", FENCE_CLASS},
    {"FENCE_KEY", FENCE_KEY},
    {"FENCE_VALUE", FENCE_VALUE},
    {"JOB_NAMESPACE", JOB_NAMESPACE},
}};


double branded_epoch_ms() { return static_cast<double>(EPOCH_MS); }
double branded_horizon_ms() { return static_cast<double>(HORIZON_MS); }

// Text constant i: its name is the text answer and its value is in parts[0..1] as (address, size).
// Returns 0, or -1 past the last one.
int branded_text_constant(std::uint32_t i) {
  if (i >= TEXT_CONSTANTS.size()) return -1;
  const auto& [name, value] = TEXT_CONSTANTS[i];
  answer(name);
  exchange.parts[0] = address_of(value.data());
  exchange.parts[1] = static_cast<std::uint32_t>(value.size());
  return 0;
}

// The name of error number e is the text answer; returns -1 past the last one (core names it "unknown").
int branded_error_name(int e) {
  if (e < 0 || e > 255) return -1;
  const std::string_view name = error_name(static_cast<Error>(e));
  if (name == "unknown") return -1;
  answer(name);
  return 0;
}

// The self-check's sentence is the text answer (empty when every anchor holds).
void branded_self_check() { answer(self_check()); }

}  // namespace

EMSCRIPTEN_BINDINGS(contract) {
  emscripten::function("epoch_ms", &branded_epoch_ms);
  emscripten::function("horizon_ms", &branded_horizon_ms);
  emscripten::function("text_constant", &branded_text_constant);
  emscripten::function("error_name", &branded_error_name);
  emscripten::function("self_check", &branded_self_check);
}
