// Linked only into build/wasm/wasm/branded-wasm-failing-self-check.js: a core whose self-check fails, so
// the suite can see the package refuse to load and name the failing anchor.
#include "branded/self_check.hpp"

namespace branded {

std::string_view self_check() { return "self-check failed: hash32(274557032793636864) != 234878118 (test build)"; }

}  // namespace branded
