#include "node_fence.hpp"

#include <optional>
#include <string>
#include <string_view>

#include "branded/gate.hpp"
#include "branded/keyspace.hpp"
#include "fence_text.hpp"

namespace emq {
namespace {

// What this node holds; nothing until a CLAIM, a SET, an RDB or an AOF gives it a value.
std::optional<std::string> held;

// The aux data type's name: nine characters, as the server requires; no key ever has this type.
constexpr const char* AUX_TYPE_NAME = "emq-fence";
constexpr int AUX_ENCODING_VERSION = 1;

std::string_view view(RedisModuleString* s) {
  std::size_t length = 0;
  const char* bytes = RedisModule_StringPtrLen(s, &length);
  return {bytes, length};
}

bool on_cluster(RedisModuleCtx* ctx) { return (RedisModule_GetContextFlags(ctx) & CTX_FLAGS_CLUSTER) != 0; }

constexpr const char* STANDALONE_REFUSAL =
    "ERR EMQ.FENCE is a cluster node's fence; a standalone node's fence is the key {emq}:version";

int reply_held(RedisModuleCtx* ctx) {
  if (!held) return RedisModule_ReplyWithNull(ctx);
  return RedisModule_ReplyWithStringBuffer(ctx, held->data(), held->size());
}

// EMQ.FENCE GET: the value this node holds, or null.
int fence_get(RedisModuleCtx* ctx, RedisModuleString**, int argc) {
  if (argc != 2) return RedisModule_WrongArity(ctx);
  if (!on_cluster(ctx)) return RedisModule_ReplyWithError(ctx, STANDALONE_REFUSAL);
  return reply_held(ctx);
}

// EMQ.FENCE CLAIM <value>: sets the value when the node holds none (as SET NX), then answers what it holds.
int fence_claim(RedisModuleCtx* ctx, RedisModuleString** argv, int argc) {
  if (argc != 3) return RedisModule_WrongArity(ctx);
  if (!on_cluster(ctx)) return RedisModule_ReplyWithError(ctx, STANDALONE_REFUSAL);
  if (!held) {
    held = std::string{view(argv[2])};
    RedisModule_ReplicateVerbatim(ctx);
  }
  return reply_held(ctx);
}

// EMQ.FENCE SET <value>: replaces the value (an operator's move to another wire version), answers it.
int fence_set(RedisModuleCtx* ctx, RedisModuleString** argv, int argc) {
  if (argc != 3) return RedisModule_WrongArity(ctx);
  if (!on_cluster(ctx)) return RedisModule_ReplyWithError(ctx, STANDALONE_REFUSAL);
  held = std::string{view(argv[2])};
  RedisModule_ReplicateVerbatim(ctx);
  return reply_held(ctx);
}

// aux_save2: nothing is written while the node holds no fence, so an RDB of a standalone node (which never
// claims one) still loads on a server without the module.
void save_aux(RedisModuleIO* io, int) {
  if (held) RedisModule_SaveStringBuffer(io, held->data(), held->size());
}

int load_aux(RedisModuleIO* io, int encoding_version, int) {
  if (encoding_version != AUX_ENCODING_VERSION) return MODULE_ERR;
  std::size_t length = 0;
  char* bytes = RedisModule_LoadStringBuffer(io, &length);
  if (bytes == nullptr) return MODULE_ERR;
  held = std::string{bytes, length};
  RedisModule_Free(bytes);
  return MODULE_OK;
}

bool register_subcommand(RedisModuleCommand* parent, const char* name, CommandFunc handler, const char* flags) {
  return RedisModule_CreateSubcommand(parent, name, handler, flags, 0, 0, 0) == MODULE_OK;
}

// The aux data type only on a cluster: a module that registers a data type can no longer be unloaded, and a
// standalone node, whose fence is a key, needs none.
bool register_aux_type(RedisModuleCtx* ctx) {
  if (!on_cluster(ctx)) return true;
  TypeMethods methods{};
  methods.version = TYPE_METHOD_VERSION;
  methods.aux_load = load_aux;
  methods.aux_save_triggers = AUX_BEFORE_RDB;
  methods.aux_save2 = save_aux;
  return RedisModule_CreateDataType(ctx, AUX_TYPE_NAME, AUX_ENCODING_VERSION, &methods) != nullptr;
}

}  // namespace

bool register_node_fence(RedisModuleCtx* ctx) {
  if (!register_aux_type(ctx)) return false;
  const std::string name{branded::NODE_FENCE_COMMAND};
  if (RedisModule_CreateCommand(ctx, name.c_str(), nullptr, "", 0, 0, 0) != MODULE_OK) return false;
  RedisModuleCommand* parent = RedisModule_GetCommand(ctx, name.c_str());
  return parent != nullptr && register_subcommand(parent, "get", fence_get, "readonly fast") &&
         register_subcommand(parent, "claim", fence_claim, "write deny-oom") &&
         register_subcommand(parent, "set", fence_set, "write deny-oom");
}

std::string node_fence_refusal() {
  if (!held) return fence_refusal_text(branded::NODE_FENCE_COMMAND, "nothing (absent)");
  if (*held != branded::FENCE_VALUE) return fence_refusal_text(branded::NODE_FENCE_COMMAND, quoted(*held));
  return {};
}

}  // namespace emq
