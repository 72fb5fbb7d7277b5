// One key opened through the module key API, closed on scope exit.
#pragma once
#include "module_api.hpp"

namespace emq {

class OpenKey {
 public:
  OpenKey(RedisModuleCtx* ctx, RedisModuleString* name, int mode) : key_(RedisModule_OpenKey(ctx, name, mode)) {}
  OpenKey(const OpenKey&) = delete;
  OpenKey& operator=(const OpenKey&) = delete;
  ~OpenKey() { RedisModule_CloseKey(key_); }

  // An expired key reads as empty, as it does for EXISTS.
  int type() const { return RedisModule_KeyType(key_); }
  bool empty() const { return type() == KEYTYPE_EMPTY; }
  RedisModuleKey* get() const { return key_; }

 private:
  RedisModuleKey* key_;
};

}  // namespace emq
