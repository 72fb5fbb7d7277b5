// Linked only into build/native/valkey/emq_module_failing_self_check.so: a core whose self-check fails,
// so the suite can see the module refuse to load and name the failing anchor in the server log.
#include "branded/self_check.hpp"

namespace branded {

std::string_view self_check() { return "self-check failed: hash32(274557032793636864) != 234878118 (test build)"; }

}  // namespace branded
