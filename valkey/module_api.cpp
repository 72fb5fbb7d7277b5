#include "module_api.hpp"

#include <cstring>

namespace emq {

// NOLINTNEXTLINE(bugprone-macro-parentheses): a declarator, where parentheses cannot go
#define EMQ_DEFINE_ENTRY_POINT(ret, name, params) ret(*name) params = nullptr;
EMQ_MODULE_API(EMQ_DEFINE_ENTRY_POINT)
#undef EMQ_DEFINE_ENTRY_POINT

namespace {

using GetApiFunc = int (*)(const char*, void*);
GetApiFunc get_api = nullptr;

// The server writes the entry point's address into *slot; MODULE_ERR when it has no such name.
template <class Func>
bool fetch(const char* name, Func*& slot) {
  return get_api(name, static_cast<void*>(&slot)) == MODULE_OK;
}

bool fetch_all() {
#define EMQ_FETCH_ENTRY_POINT(ret, name, params) fetch(#name, name)&&
  return EMQ_MODULE_API(EMQ_FETCH_ENTRY_POINT) true;
#undef EMQ_FETCH_ENTRY_POINT
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
