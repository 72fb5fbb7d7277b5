// The EMQFENCE refusal's words, shared by the key fence (a standalone node) and the node fence (a cluster).
#pragma once
#include <string>
#include <string_view>

namespace emq {

// A found value is foreign data: at most 64 bytes quoted, printable ASCII kept, every other byte as \xNN.
std::string quoted(std::string_view found);

// EMQFENCE <where> found <what>, expected "echomq:4.0.0".
std::string fence_refusal_text(std::string_view where, std::string_view found_description);

}  // namespace emq
