// The few strings the module needs as server strings, made once at load and kept for its lifetime.
#pragma once
#include "module_api.hpp"

namespace emq {

struct ModuleStrings {
  RedisModuleString* fence_key = nullptr;       // {emq}:version
  RedisModuleString* state_field = nullptr;     // state
  RedisModuleString* state_value = nullptr;     // pending
  RedisModuleString* attempts_field = nullptr;  // attempts
  RedisModuleString* attempts_value = nullptr;  // 0
  RedisModuleString* payload_field = nullptr;   // payload
};

// Made by make_module_strings() in RedisModule_OnLoad, before any command can run; freed at unload.
extern ModuleStrings module_strings;
void make_module_strings();
void free_module_strings();

}  // namespace emq
