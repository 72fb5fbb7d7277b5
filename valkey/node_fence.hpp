// The node fence (contract.md §5): on a cluster, the version fence every primary holds as module state,
// read by EMQ.ENQUEUE on every call with no key read. It lives outside the keyspace, so no slot move, no
// resharding and no FLUSHALL touches it. It is persisted as the module's aux data in the RDB (and an AOF's RDB
// preamble), and EMQ.FENCE CLAIM/SET reach replicas and the AOF verbatim, so a replica promoted by a failover,
// or a node restarted, holds what its primary held.
#pragma once
#include <string>

#include "module_api.hpp"

namespace emq {

// Registers EMQ.FENCE (GET, CLAIM, SET; refused on a standalone node) and, on a cluster, the aux data type;
// false when the server refused one of them.
bool register_node_fence(RedisModuleCtx* ctx);

// Empty when this node's fence holds the contract's value; otherwise the EMQFENCE refusal naming what it found.
std::string node_fence_refusal();

}  // namespace emq
