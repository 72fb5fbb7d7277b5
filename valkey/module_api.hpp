// The few Valkey module API entry points this module uses, declared here from the documented module API
// (no module header is packaged on Debian). The server hands out every entry point by name through
// RedisModule_GetApi, whose address is the first field of the context passed to RedisModule_OnLoad.
#pragma once
#include <cstddef>
#include <cstdint>

struct RedisModuleCtx;
struct RedisModuleString;
struct RedisModuleKey;
struct RedisModuleCallReply;
struct RedisModuleIO;
struct RedisModuleType;
struct RedisModuleCommand;

namespace emq {

inline constexpr int MODULE_OK = 0;
inline constexpr int MODULE_ERR = 1;
inline constexpr int MODULE_APIVER_1 = 1;

inline constexpr int KEY_READ = 1 << 0;
inline constexpr int KEY_WRITE = 1 << 1;

inline constexpr int KEYTYPE_EMPTY = 0;
inline constexpr int KEYTYPE_ZSET = 5;

inline constexpr int REPLY_STRING = 0;
inline constexpr int REPLY_NULL = 4;

inline constexpr int HASH_NONE = 0;  // field names and values are module strings

inline constexpr int ZADD_ADDED = 1 << 2;
inline constexpr int ZADD_UPDATED = 1 << 3;

inline constexpr int CTX_FLAGS_CLUSTER = 1 << 5;      // the server runs in cluster mode
inline constexpr int CTX_FLAGS_OOM = 1 << 10;         // used memory is over maxmemory
inline constexpr int CTX_FLAGS_REPLICATED = 1 << 12;  // the call came over the replication link
inline constexpr int CTX_FLAGS_LOADING = 1 << 13;     // the server is loading its AOF or RDB

inline constexpr int NOTIFY_HASH = 1 << 6;
inline constexpr int NOTIFY_ZSET = 1 << 7;

// The module copes with atomic slot migration (CLUSTER MIGRATESLOTS, Valkey 9): without it the server refuses
// that command while the module is loaded.
inline constexpr int OPTIONS_HANDLE_ATOMIC_SLOT_MIGRATION = 1 << 5;

using CommandFunc = int (*)(RedisModuleCtx*, RedisModuleString**, int);

// A data type's methods (version 5 of the struct); this module only uses its aux data, so no key ever has it.
inline constexpr std::uint64_t TYPE_METHOD_VERSION = 5;
inline constexpr int AUX_BEFORE_RDB = 1 << 0;
using AuxLoadFunc = int (*)(RedisModuleIO*, int encoding_version, int when);
using AuxSaveFunc = void (*)(RedisModuleIO*, int when);
struct TypeMethods {
  std::uint64_t version;
  void *rdb_load, *rdb_save, *aof_rewrite, *mem_usage, *digest, *free;
  AuxLoadFunc aux_load;
  AuxSaveFunc aux_save;
  int aux_save_triggers;
  void *free_effort, *unlink, *copy, *defrag, *mem_usage2, *free_effort2, *unlink2, *copy2;
  AuxSaveFunc aux_save2;  // writes nothing into the RDB when the module saves nothing
};

// Every entry point this module uses, once: X(return type, name, parameter list).
#define EMQ_MODULE_API(X)                                                                                           \
  X(void, RedisModule_SetModuleAttribs, (RedisModuleCtx*, const char*, int, int))                                   \
  X(int, RedisModule_IsModuleNameBusy, (const char*))                                                               \
  X(int, RedisModule_CreateCommand, (RedisModuleCtx*, const char*, CommandFunc, const char*, int, int, int))        \
  X(int, RedisModule_WrongArity, (RedisModuleCtx*))                                                                 \
  X(int, RedisModule_ReplyWithError, (RedisModuleCtx*, const char*))                                                \
  X(int, RedisModule_ReplyWithLongLong, (RedisModuleCtx*, long long))                                               \
  X(const char*, RedisModule_StringPtrLen, (const RedisModuleString*, std::size_t*))                                \
  X(RedisModuleString*, RedisModule_CreateString, (RedisModuleCtx*, const char*, std::size_t))                      \
  X(void, RedisModule_FreeString, (RedisModuleCtx*, RedisModuleString*))                                            \
  X(RedisModuleKey*, RedisModule_OpenKey, (RedisModuleCtx*, RedisModuleString*, int))                               \
  X(void, RedisModule_CloseKey, (RedisModuleKey*))                                                                  \
  X(int, RedisModule_KeyType, (RedisModuleKey*))                                                                    \
  X(int, RedisModule_HashSet, (RedisModuleKey*, int, ...))                                                          \
  X(int, RedisModule_ZsetAdd, (RedisModuleKey*, double, RedisModuleString*, int*))                                  \
  X(int, RedisModule_NotifyKeyspaceEvent, (RedisModuleCtx*, int, const char*, RedisModuleString*))                  \
  X(RedisModuleCallReply*, RedisModule_Call, (RedisModuleCtx*, const char*, const char*, ...))                      \
  X(int, RedisModule_CallReplyType, (RedisModuleCallReply*))                                                        \
  X(const char*, RedisModule_CallReplyStringPtr, (RedisModuleCallReply*, std::size_t*))                             \
  X(void, RedisModule_FreeCallReply, (RedisModuleCallReply*))                                                       \
  X(int, RedisModule_Replicate, (RedisModuleCtx*, const char*, const char*, ...))                                   \
  X(int, RedisModule_GetContextFlags, (RedisModuleCtx*))                                                            \
  X(void, RedisModule_Log, (RedisModuleCtx*, const char*, const char*, ...))                                        \
  X(void, RedisModule_SetModuleOptions, (RedisModuleCtx*, int))                                                     \
  X(RedisModuleCommand*, RedisModule_GetCommand, (RedisModuleCtx*, const char*))                                    \
  X(int, RedisModule_CreateSubcommand, (RedisModuleCommand*, const char*, CommandFunc, const char*, int, int, int)) \
  X(int, RedisModule_ReplicateVerbatim, (RedisModuleCtx*))                                                          \
  X(int, RedisModule_ReplyWithNull, (RedisModuleCtx*))                                                              \
  X(int, RedisModule_ReplyWithStringBuffer, (RedisModuleCtx*, const char*, std::size_t))                            \
  X(RedisModuleType*, RedisModule_CreateDataType, (RedisModuleCtx*, const char*, int, void*))                       \
  X(void, RedisModule_SaveStringBuffer, (RedisModuleIO*, const char*, std::size_t))                                 \
  X(char*, RedisModule_LoadStringBuffer, (RedisModuleIO*, std::size_t*))                                            \
  X(void, RedisModule_Free, (void*))

// NOLINTNEXTLINE(bugprone-macro-parentheses): a declarator, where parentheses cannot go
#define EMQ_DECLARE_ENTRY_POINT(ret, name, params) extern ret(*name) params;
EMQ_MODULE_API(EMQ_DECLARE_ENTRY_POINT)
#undef EMQ_DECLARE_ENTRY_POINT

// The first half of what RedisModule_Init does in the packaged header: fetch every entry point above.
// False when the server lacks one of them.
bool fetch_module_api(RedisModuleCtx* ctx);

}  // namespace emq
