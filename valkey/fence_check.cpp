#include "fence_check.hpp"

#include <string_view>

#include "branded/keyspace.hpp"
#include "fence_text.hpp"
#include "module_strings.hpp"
#include "node_fence.hpp"

namespace emq {
namespace {

std::string_view reply_text(RedisModuleCallReply* reply) {
  std::size_t length = 0;
  const char* bytes = RedisModule_CallReplyStringPtr(reply, &length);
  return {bytes, length};
}

// A fence of another type is described by its type (TYPE answers a simple string: hash, list, ...).
std::string type_description(RedisModuleCtx* ctx) {
  RedisModuleCallReply* reply = RedisModule_Call(ctx, "TYPE", "s", module_strings.fence_key);
  std::string type = "a key of another type";
  if (reply != nullptr && RedisModule_CallReplyType(reply) == REPLY_STRING)
    type = "a " + std::string{reply_text(reply)};
  if (reply != nullptr) RedisModule_FreeCallReply(reply);
  return type + ", not a string";
}

// Empty when the reply to GET {emq}:version is the expected value.
std::string refusal_for(RedisModuleCtx* ctx, RedisModuleCallReply* reply) {
  const int type = reply == nullptr ? -1 : RedisModule_CallReplyType(reply);
  if (type == REPLY_NULL) return fence_refusal_text(branded::FENCE_KEY, "nothing (absent)");
  if (type != REPLY_STRING) return fence_refusal_text(branded::FENCE_KEY, type_description(ctx));
  if (const std::string_view found = reply_text(reply); found != branded::FENCE_VALUE)
    return fence_refusal_text(branded::FENCE_KEY, quoted(found));
  return {};
}

// Read with GET, not through the key API: StringDMA would re-encode a short (embstr) value in place, and the
// fence must be left exactly as it was found.
std::string key_fence_refusal(RedisModuleCtx* ctx) {
  RedisModuleCallReply* reply = RedisModule_Call(ctx, "GET", "sE", module_strings.fence_key);
  std::string refused = refusal_for(ctx, reply);
  if (reply != nullptr) RedisModule_FreeCallReply(reply);
  return refused;
}

}  // namespace

// On a cluster the key fence lives in one slot of one shard; each node reads its own node fence instead.
std::string fence_refusal(RedisModuleCtx* ctx) {
  if (RedisModule_GetContextFlags(ctx) & CTX_FLAGS_CLUSTER) return node_fence_refusal();
  return key_fence_refusal(ctx);
}

}  // namespace emq
