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
constexpr double PENDING_SCORE = 0;
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
          argv[2], argv[3], argv[4], argv[5]};
}

int reply_error(RedisModuleCtx* ctx, std::string_view text) {
  const std::string terminated{text};
  return RedisModule_ReplyWithError(ctx, terminated.c_str());
}

std::string numkeys_refusal() {
  return "ERR numkeys must be 2: EMQ.ENQUEUE 2 <jobkey> <pendingkey> <id> <payload>";
}

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

// What the script writes, in its order and with the events its commands raise: EXISTS (a key of any type
// counts), HSET <row> state pending attempts 0 payload <p> (fields in that order; event hset), then
// ZADD <pending> 0 <id> (event zadd when it changed the set). Replicated verbatim once anything is written.
int write_row(RedisModuleCtx* ctx, const EnqueueCall& call) {
  {
    const OpenKey row{ctx, call.job_key_string, KEY_READ | KEY_WRITE};
    if (!row.empty()) return RedisModule_ReplyWithLongLong(ctx, 0);
    // Field names made once at load: no C-string field objects made and freed on every call.
    RedisModule_HashSet(row.get(), HASH_NONE, module_strings.state_field, module_strings.state_value,
                        module_strings.attempts_field, module_strings.attempts_value, module_strings.payload_field,
                        call.payload_string, nullptr);
  }
  RedisModule_NotifyKeyspaceEvent(ctx, NOTIFY_HASH, "hset", call.job_key_string);
  RedisModule_ReplicateVerbatim(ctx);

  const OpenKey pending{ctx, call.pending_key_string, KEY_READ | KEY_WRITE};
  // A pending key of another type fails here after the row is written, exactly as the script does.
  if (!pending.empty() && pending.type() != KEYTYPE_ZSET) return RedisModule_ReplyWithError(ctx, WRONGTYPE);
  int outcome = 0;
  RedisModule_ZsetAdd(pending.get(), PENDING_SCORE, call.id_string, &outcome);
  if (outcome & (ZADD_ADDED | ZADD_UPDATED))
    RedisModule_NotifyKeyspaceEvent(ctx, NOTIFY_ZSET, "zadd", call.pending_key_string);
  return RedisModule_ReplyWithLongLong(ctx, 1);
}

}  // namespace

int enqueue_command(RedisModuleCtx* ctx, RedisModuleString** argv, int argc) {
  if (argc != ENQUEUE_ARITY) return RedisModule_WrongArity(ctx);
  const EnqueueCall call = read_call(argv);
  if (const auto refusal = first_refusal(ctx, call); !refusal.empty()) return reply_error(ctx, refusal);
  return write_row(ctx, call);
}

}  // namespace emq
