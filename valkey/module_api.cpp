#include "module_api.hpp"

#include <cstring>

namespace emq {

void (*RedisModule_SetModuleAttribs)(RedisModuleCtx*, const char*, int, int) = nullptr;
int (*RedisModule_IsModuleNameBusy)(const char*) = nullptr;
int (*RedisModule_CreateCommand)(RedisModuleCtx*, const char*, CommandFunc, const char*, int, int, int) = nullptr;
int (*RedisModule_WrongArity)(RedisModuleCtx*) = nullptr;
int (*RedisModule_ReplyWithError)(RedisModuleCtx*, const char*) = nullptr;
int (*RedisModule_ReplyWithLongLong)(RedisModuleCtx*, long long) = nullptr;
const char* (*RedisModule_StringPtrLen)(const RedisModuleString*, std::size_t*) = nullptr;
RedisModuleString* (*RedisModule_CreateString)(RedisModuleCtx*, const char*, std::size_t) = nullptr;
void (*RedisModule_FreeString)(RedisModuleCtx*, RedisModuleString*) = nullptr;
RedisModuleKey* (*RedisModule_OpenKey)(RedisModuleCtx*, RedisModuleString*, int) = nullptr;
void (*RedisModule_CloseKey)(RedisModuleKey*) = nullptr;
int (*RedisModule_KeyType)(RedisModuleKey*) = nullptr;
int (*RedisModule_HashSet)(RedisModuleKey*, int, ...) = nullptr;
int (*RedisModule_ZsetAdd)(RedisModuleKey*, double, RedisModuleString*, int*) = nullptr;
int (*RedisModule_NotifyKeyspaceEvent)(RedisModuleCtx*, int, const char*, RedisModuleString*) = nullptr;
RedisModuleCallReply* (*RedisModule_Call)(RedisModuleCtx*, const char*, const char*, ...) = nullptr;
int (*RedisModule_CallReplyType)(RedisModuleCallReply*) = nullptr;
const char* (*RedisModule_CallReplyStringPtr)(RedisModuleCallReply*, std::size_t*) = nullptr;
void (*RedisModule_FreeCallReply)(RedisModuleCallReply*) = nullptr;
int (*RedisModule_Replicate)(RedisModuleCtx*, const char*, const char*, ...) = nullptr;
int (*RedisModule_GetContextFlags)(RedisModuleCtx*) = nullptr;
void (*RedisModule_Log)(RedisModuleCtx*, const char*, const char*, ...) = nullptr;

namespace {

using GetApiFunc = int (*)(const char*, void*);
GetApiFunc get_api = nullptr;

// The server writes the entry point's address into *slot; MODULE_ERR when it has no such name.
template <class Func>
bool fetch(const char* name, Func*& slot) {
  return get_api(name, static_cast<void*>(&slot)) == MODULE_OK;
}

bool fetch_all() {
  return fetch("RedisModule_SetModuleAttribs", RedisModule_SetModuleAttribs) &&
         fetch("RedisModule_IsModuleNameBusy", RedisModule_IsModuleNameBusy) &&
         fetch("RedisModule_CreateCommand", RedisModule_CreateCommand) &&
         fetch("RedisModule_WrongArity", RedisModule_WrongArity) &&
         fetch("RedisModule_ReplyWithError", RedisModule_ReplyWithError) &&
         fetch("RedisModule_ReplyWithLongLong", RedisModule_ReplyWithLongLong) &&
         fetch("RedisModule_StringPtrLen", RedisModule_StringPtrLen) &&
         fetch("RedisModule_CreateString", RedisModule_CreateString) &&
         fetch("RedisModule_FreeString", RedisModule_FreeString) &&
         fetch("RedisModule_OpenKey", RedisModule_OpenKey) && fetch("RedisModule_CloseKey", RedisModule_CloseKey) &&
         fetch("RedisModule_KeyType", RedisModule_KeyType) &&
         fetch("RedisModule_HashSet", RedisModule_HashSet) && fetch("RedisModule_ZsetAdd", RedisModule_ZsetAdd) &&
         fetch("RedisModule_NotifyKeyspaceEvent", RedisModule_NotifyKeyspaceEvent) &&
         fetch("RedisModule_Call", RedisModule_Call) && fetch("RedisModule_CallReplyType", RedisModule_CallReplyType) &&
         fetch("RedisModule_CallReplyStringPtr", RedisModule_CallReplyStringPtr) &&
         fetch("RedisModule_FreeCallReply", RedisModule_FreeCallReply) &&
         fetch("RedisModule_Replicate", RedisModule_Replicate) &&
         fetch("RedisModule_GetContextFlags", RedisModule_GetContextFlags) &&
         fetch("RedisModule_Log", RedisModule_Log);
}

}  // namespace

bool fetch_module_api(RedisModuleCtx* ctx) {
  // The context's first field is the GetApi function pointer (an object-to-function pointer copy).
  void* first_field = nullptr;
  std::memcpy(&first_field, ctx, sizeof first_field);
  std::memcpy(&get_api, &first_field, sizeof get_api);
  return get_api != nullptr && fetch_all();
}

}  // namespace emq
