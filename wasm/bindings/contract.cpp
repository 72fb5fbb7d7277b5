// The contract's constants, error names and the load-time self-check, read by the facade once at load.
#include <emscripten/bind.h>

#include <array>
#include <utility>

#include "bindings/shared.hpp"
#include "branded/branded_id.hpp"
#include "branded/gate.hpp"
#include "branded/keyspace.hpp"
#include "branded/self_check.hpp"
#include "branded/snowflake.hpp"

using namespace branded;
using namespace branded::wasm;

namespace {

// A 64-bit value does not cross as a double: the package reads it as decimal text, written at compile time.
struct Decimal {
  std::array<char, 20> digits{};
  std::size_t size = 0;
};
constexpr Decimal decimal(std::uint64_t value) {
  Decimal out;
  std::array<char, 20> reversed{};
  do {
    reversed[out.size++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  for (std::size_t i = 0; i < out.size; i++) out.digits[i] = reversed[out.size - 1 - i];
  return out;
}
constexpr Decimal MAX_SNOWFLAKE_DECIMAL = decimal(MAX_SNOWFLAKE);
constexpr std::string_view MAX_SNOWFLAKE_TEXT{MAX_SNOWFLAKE_DECIMAL.digits.data(), MAX_SNOWFLAKE_DECIMAL.size};
constexpr Decimal MAX_NODE_DECIMAL = decimal(MAX_NODE);
constexpr std::string_view MAX_NODE_TEXT{MAX_NODE_DECIMAL.digits.data(), MAX_NODE_DECIMAL.size};

constexpr std::array<std::pair<std::string_view, std::string_view>, 13> TEXT_CONSTANTS{{
    {"ENQUEUE_COMMAND", ENQUEUE_COMMAND},
    {"NODE_FENCE_COMMAND", NODE_FENCE_COMMAND},
    {"MAX_SNOWFLAKE", MAX_SNOWFLAKE_TEXT},
    {"MAX_NODE", MAX_NODE_TEXT},
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
int branded_id_length() { return static_cast<int>(ID_LENGTH); }

// Text constant i: its name is the text answer and its value is in parts[0..1] as (address, size).
// Returns 0, or `range` past the last one.
int branded_text_constant(std::uint32_t i) {
  if (i >= TEXT_CONSTANTS.size()) return code(Error::range);
  const auto& [name, value] = TEXT_CONSTANTS[i];
  answer(name);
  exchange.parts[0] = address_of(value.data());
  exchange.parts[1] = static_cast<std::uint32_t>(value.size());
  return 0;
}

// The name of error number e is the text answer; returns 0, or `range` past the last one (core names it
// "unknown").
int branded_error_name(int e) {
  if (e < 0 || e > 255) return code(Error::range);
  const std::string_view name = error_name(static_cast<Error>(e));
  if (name == "unknown") return code(Error::range);
  answer(name);
  return 0;
}

// The self-check's sentence is the text answer (empty when every anchor holds).
void branded_self_check() { answer(self_check()); }

}  // namespace

EMSCRIPTEN_BINDINGS(contract) {
  emscripten::function("epoch_ms", &branded_epoch_ms);
  emscripten::function("horizon_ms", &branded_horizon_ms);
  emscripten::function("id_length", &branded_id_length);
  emscripten::function("text_constant", &branded_text_constant);
  emscripten::function("error_name", &branded_error_name);
  emscripten::function("self_check", &branded_self_check);
}
