// The contract's anchor vectors, asserted at load by every runtime (the seeds' self_check!): the wasm
// package and the Valkey module refuse to load when the compiled core disagrees with them.
#pragma once
#include <string_view>

namespace branded {

// Empty when every anchor holds; otherwise a sentence naming the first one that does not.
std::string_view self_check();

}  // namespace branded
