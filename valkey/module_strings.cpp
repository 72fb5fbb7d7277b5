#include "module_strings.hpp"

#include <string_view>

#include "branded/gate.hpp"
#include "branded/keyspace.hpp"

namespace emq {

ModuleStrings module_strings;

namespace {

// No context: the string outlives every command (it is never part of automatic memory).
RedisModuleString* lasting(std::string_view text) {
  return RedisModule_CreateString(nullptr, text.data(), text.size());
}

}  // namespace

void make_module_strings() {
  module_strings = {lasting(branded::FENCE_KEY),          lasting(branded::ROW_STATE_FIELD),
                    lasting(branded::ROW_STATE_VALUE),    lasting(branded::ROW_ATTEMPTS_FIELD),
                    lasting(branded::ROW_ATTEMPTS_VALUE), lasting(branded::ROW_PAYLOAD_FIELD)};
}

void free_module_strings() {
  for (RedisModuleString* s :
       {module_strings.fence_key, module_strings.state_field, module_strings.state_value, module_strings.attempts_field,
        module_strings.attempts_value, module_strings.payload_field})
    if (s != nullptr) RedisModule_FreeString(nullptr, s);
  module_strings = {};
}

}  // namespace emq
