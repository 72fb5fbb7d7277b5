// The EchoMQ Valkey module: registers EMQ.ENQUEUE and EMQ.FENCE after the core passes its contract self-check.
#include <string_view>

#include "branded/self_check.hpp"
#include "enqueue_command.hpp"
#include "module_api.hpp"
#include "module_strings.hpp"
#include "node_fence.hpp"

namespace {

constexpr const char* MODULE_NAME = "emq";
constexpr int MODULE_VERSION = 1;

int refuse_to_load(RedisModuleCtx* ctx, std::string_view why) {
  emq::RedisModule_Log(ctx, "warning", "emq module refuses to load: %.*s", static_cast<int>(why.size()), why.data());
  return emq::MODULE_ERR;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) int RedisModule_OnLoad(RedisModuleCtx* ctx, RedisModuleString**,
                                                                         int) {
  using namespace emq;
  if (!fetch_module_api(ctx)) return MODULE_ERR;  // nothing to log with: the server lacks an entry point
  if (RedisModule_IsModuleNameBusy(MODULE_NAME)) return refuse_to_load(ctx, "a module named emq is already loaded");
  RedisModule_SetModuleAttribs(ctx, MODULE_NAME, MODULE_VERSION, MODULE_APIVER_1);
  if (const std::string_view failure = branded::self_check(); !failure.empty()) return refuse_to_load(ctx, failure);
  make_module_strings();
  if (RedisModule_CreateCommand(ctx, branded::ENQUEUE_COMMAND.data(), enqueue_command, ENQUEUE_FLAGS, ENQUEUE_FIRST_KEY,
                                ENQUEUE_LAST_KEY, ENQUEUE_KEY_STEP) != MODULE_OK)
    return refuse_to_load(ctx, "EMQ.ENQUEUE could not be registered");
  if (!register_node_fence(ctx)) return refuse_to_load(ctx, "EMQ.FENCE or its aux data could not be registered");
  // EMQ.ENQUEUE replicates its effects (HSET, ZADD), which an atomic slot migration carries as it carries any
  // write, and it reads no key outside the two it declares: nothing of it depends on who owns a slot.
  RedisModule_SetModuleOptions(ctx, OPTIONS_HANDLE_ATOMIC_SLOT_MIGRATION);
  return MODULE_OK;
}

extern "C" __attribute__((visibility("default"))) int RedisModule_OnUnload(RedisModuleCtx*) {
  emq::free_module_strings();
  return emq::MODULE_OK;
}
