// The version fence as the native executor sees it (contract.md §5): on a standalone node {emq}:version must
// hold echomq:4.0.0; on a cluster, the node fence (node_fence.hpp) must.
#pragma once
#include <string>

#include "module_api.hpp"

namespace emq {

// Empty when the fence holds; otherwise the EMQFENCE refusal naming what was found and what was expected.
std::string fence_refusal(RedisModuleCtx* ctx);

}  // namespace emq
