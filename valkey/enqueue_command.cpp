#include "enqueue_command.hpp"

#include <string>
#include <string_view>

#include "branded/gate.hpp"
#include "branded/keyspace.hpp"
#include "fence_check.hpp"
#include "module_strings.hpp"
#include "open_key.hpp"

namespace emq {
namespace {

constexpr int ENQUEUE_ARITY = 6;
constexpr std::string_view NUMKEYS = "2";
constexpr long long PENDING_SCORE = 0;
constexpr const char* WRONGTYPE = "WRONGTYPE Operation against a key holding the wrong kind of value";

struct EnqueueCall {
  std::string_view numkeys, job_key, pending_key, id, payload;
  RedisModuleString *job_key_string, *pending_key_string, *id_string, *payload_string;
};

std::string_view view(RedisModuleString* s) {
  std::size_t length = 0;
  const char* bytes = RedisModule_StringPtrLen(s, &length);
  return {bytes, length};
}

EnqueueCall read_call(RedisModuleString** argv) {
  return {view(argv[1]), view(argv[2]), view(argv[3]), view(argv[4]), view(argv[5]),
          argv[2],       argv[3],       argv[4],       argv[5]};
}

int reply_error(RedisModuleCtx* ctx, std::string_view text) {
  const std::string terminated{text};
  return RedisModule_ReplyWithError(ctx, terminated.c_str());
}

std::string numkeys_refusal() { return "ERR numkeys must be 2: EMQ.ENQUEUE 2 <jobkey> <pendingkey> <id> <payload>"; }

std::string pending_key_refusal() {
  std::string text{branded::KEY_CLASS};
  return text.append(" pending key must be emq:{<queue>}:pending with a valid queue name");
}

// The queue name was validated (name bytes only), so it is safe to echo.
std::string job_key_refusal(std::string_view queue) {
  std::string text{branded::KEY_CLASS};
  text.append(" job key must be ").append(branded::KEY_PREFIX).append(queue);
  return text.append("}:job:<id>, with the queue of the pending key and the id argument");
}

// The refusal of the first check that fails, or empty when the call may write.
std::string first_refusal(RedisModuleCtx* ctx, const EnqueueCall& call) {
  if (call.numkeys != NUMKEYS) return numkeys_refusal();
  const auto queue = branded::queue_of_key(call.pending_key, branded::PENDING_TYPE);
  if (!queue) return pending_key_refusal();
  if (!branded::is_job_key(call.job_key, queue.value, call.id)) return job_key_refusal(queue.value);
  if (auto fence = fence_refusal(ctx); !fence.empty()) return fence;
  if (!branded::wire_gate_admits(call.id)) return std::string{branded::KIND_REFUSAL};
  return {};
}

// The server's own refusal text for a deny-oom command; the module checks memory itself, only before a write.
constexpr const char* OOM_REFUSAL = "OOM command not allowed when used memory > 'maxmemory'.";

// As the server's deny-oom check: a call replayed from the AOF or sent by a primary is never refused.
bool out_of_memory(RedisModuleCtx* ctx) {
  const int flags = RedisModule_GetContextFlags(ctx);
  if (flags & (CTX_FLAGS_REPLICATED | CTX_FLAGS_LOADING)) return false;
  return (flags & CTX_FLAGS_OOM) != 0;
}

// HSET <row> state pending attempts 0 payload <p> (fields in that order; event hset), replicated as that HSET.
void write_row(RedisModuleCtx* ctx, const OpenKey& row, const EnqueueCall& call) {
  // Field names made once at load: no C-string field objects made and freed on every call.
  RedisModule_HashSet(row.get(), HASH_NONE, module_strings.state_field, module_strings.state_value,
                      module_strings.attempts_field, module_strings.attempts_value, module_strings.payload_field,
                      call.payload_string, nullptr);
  RedisModule_NotifyKeyspaceEvent(ctx, NOTIFY_HASH, "hset", call.job_key_string);
  RedisModule_Replicate(ctx, "HSET", "sssssss", call.job_key_string, module_strings.state_field,
                        module_strings.state_value, module_strings.attempts_field, module_strings.attempts_value,
                        module_strings.payload_field, call.payload_string);
}

// ZADD <pending> 0 <id>: event and replication only when the set changed, as the server's ZADD.
void add_pending(RedisModuleCtx* ctx, const OpenKey& pending, const EnqueueCall& call) {
  int outcome = 0;
  RedisModule_ZsetAdd(pending.get(), static_cast<double>(PENDING_SCORE), call.id_string, &outcome);
  if (!(outcome & (ZADD_ADDED | ZADD_UPDATED))) return;
  RedisModule_NotifyKeyspaceEvent(ctx, NOTIFY_ZSET, "zadd", call.pending_key_string);
  RedisModule_Replicate(ctx, "ZADD", "sls", call.pending_key_string, PENDING_SCORE, call.id_string);
}

// What the script writes, in its order, replicated as its effects: what a replica or an AOF replays needs
// neither the module nor the state the call read. A key of any type at the row counts (EXISTS) and answers 0.
// Both keys are opened before anything is written, so a lazily expired key's deletion is propagated first,
// and a pending key of another type is refused with nothing written (the script writes the row first).
int enqueue(RedisModuleCtx* ctx, const EnqueueCall& call) {
  const OpenKey row{ctx, call.job_key_string, KEY_READ | KEY_WRITE};
  if (!row.empty()) return RedisModule_ReplyWithLongLong(ctx, 0);
  if (out_of_memory(ctx)) return RedisModule_ReplyWithError(ctx, OOM_REFUSAL);
  const OpenKey pending{ctx, call.pending_key_string, KEY_READ | KEY_WRITE};
  if (!pending.empty() && pending.type() != KEYTYPE_ZSET) return RedisModule_ReplyWithError(ctx, WRONGTYPE);
  write_row(ctx, row, call);
  add_pending(ctx, pending, call);
  return RedisModule_ReplyWithLongLong(ctx, 1);
}

}  // namespace

int enqueue_command(RedisModuleCtx* ctx, RedisModuleString** argv, int argc) {
  if (argc != ENQUEUE_ARITY) return RedisModule_WrongArity(ctx);
  const EnqueueCall call = read_call(argv);
  if (const auto refusal = first_refusal(ctx, call); !refusal.empty()) return reply_error(ctx, refusal);
  return enqueue(ctx, call);
}

}  // namespace emq
