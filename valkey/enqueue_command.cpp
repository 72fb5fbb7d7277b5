#include "enqueue_command.hpp"

#include <string>
#include <string_view>

#include "branded/gate.hpp"
#include "branded/keyspace.hpp"
#include "call_reply.hpp"
#include "fence_check.hpp"

namespace emq {
namespace {

constexpr int ENQUEUE_ARITY = 6;
constexpr std::string_view NUMKEYS = "2";
constexpr std::string_view PENDING_SCORE = "0";

struct EnqueueCall {
  std::string_view numkeys, job_key, pending_key, id, payload;
};

std::string_view view(RedisModuleString* s) {
  std::size_t length = 0;
  const char* bytes = RedisModule_StringPtrLen(s, &length);
  return {bytes, length};
}

EnqueueCall read_call(RedisModuleString** argv) {
  return {view(argv[1]), view(argv[2]), view(argv[3]), view(argv[4]), view(argv[5])};
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

// Same commands, same order, same arguments as the script; replicated verbatim once anything is written.
int write_row(RedisModuleCtx* ctx, const EnqueueCall& call) {
  using branded::ROW_ATTEMPTS_FIELD, branded::ROW_ATTEMPTS_VALUE, branded::ROW_PAYLOAD_FIELD,
      branded::ROW_STATE_FIELD, branded::ROW_STATE_VALUE;
  const CallReply exists{RedisModule_Call(ctx, "EXISTS", "bE", call.job_key.data(), call.job_key.size())};
  if (exists.is_error()) return reply_error(ctx, exists.text());
  if (exists.integer() == 1) return RedisModule_ReplyWithLongLong(ctx, 0);

  const CallReply hset{RedisModule_Call(
      ctx, "HSET", "bbbbbbbE", call.job_key.data(), call.job_key.size(), ROW_STATE_FIELD.data(),
      ROW_STATE_FIELD.size(), ROW_STATE_VALUE.data(), ROW_STATE_VALUE.size(), ROW_ATTEMPTS_FIELD.data(),
      ROW_ATTEMPTS_FIELD.size(), ROW_ATTEMPTS_VALUE.data(), ROW_ATTEMPTS_VALUE.size(),
      ROW_PAYLOAD_FIELD.data(), ROW_PAYLOAD_FIELD.size(), call.payload.data(), call.payload.size())};
  if (hset.is_error()) return reply_error(ctx, hset.text());
  RedisModule_ReplicateVerbatim(ctx);

  // A pending key of another type fails here after the row is written, exactly as the script does.
  const CallReply zadd{RedisModule_Call(ctx, "ZADD", "bbbE", call.pending_key.data(), call.pending_key.size(),
                                        PENDING_SCORE.data(), PENDING_SCORE.size(), call.id.data(),
                                        call.id.size())};
  if (zadd.is_error()) return reply_error(ctx, zadd.text());
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
