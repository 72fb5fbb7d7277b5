// The keyspace: key builders (the host check runs first), queue names, the cluster slot.
#include <emscripten/emscripten.h>

#include "bindings/shared.hpp"
#include "branded/keyspace.hpp"

using namespace branded;
using namespace branded::wasm;

namespace {

// A built key becomes the text answer; returns the error number.
int answer_key(Result<std::string> key) {
  if (!key.ok()) return code(key.error);
  answer_owned(std::move(key.value));
  return 0;
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE int branded_job_key(const char* queue, std::size_t queue_size, const char* id, std::size_t id_size) {
  return answer_key(job_key({queue, queue_size}, {id, id_size}));
}

EMSCRIPTEN_KEEPALIVE int branded_queue_key(const char* queue, std::size_t queue_size, const char* type, std::size_t type_size) {
  return answer_key(queue_key({queue, queue_size}, {type, type_size}));
}

EMSCRIPTEN_KEEPALIVE int branded_pending_key(const char* queue, std::size_t size) {
  return answer_key(pending_key({queue, size}));
}

EMSCRIPTEN_KEEPALIVE int branded_valid_queue(const char* queue, std::size_t size) { return valid_queue({queue, size}); }

EMSCRIPTEN_KEEPALIVE int branded_slot(const char* key, std::size_t size) { return slot({key, size}); }

}  // extern "C"
