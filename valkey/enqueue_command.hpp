// EMQ.ENQUEUE 2 <jobkey> <pendingkey> <id> <payload>: the @enqueue transition run natively (contract.md §5).
#pragma once
#include "branded/keyspace.hpp"
#include "module_api.hpp"

namespace emq {

// Not deny-oom: the command checks memory itself, only when it would write (refusals and duplicates answer).
inline constexpr const char* ENQUEUE_FLAGS = "write";
// argv[2] is the job row, argv[3] the pending set.
inline constexpr int ENQUEUE_FIRST_KEY = 2, ENQUEUE_LAST_KEY = 3, ENQUEUE_KEY_STEP = 1;

// Checks in the contract's order: shape (arity, numkeys == 2), the job key against the pending key's
// queue and the id (EMQKEY), the version fence (EMQFENCE), the namespace (EMQKIND, the script's text).
// Then writes what the script writes and replies 1, or 0 when the row exists; WRONGTYPE for a pending key of
// another type and OOM under maxmemory are refused before anything is written. Replicated as HSET + ZADD.
int enqueue_command(RedisModuleCtx* ctx, RedisModuleString** argv, int argc);

}  // namespace emq
