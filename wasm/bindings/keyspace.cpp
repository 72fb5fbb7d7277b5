// The keyspace: key builders (the host check runs first), queue names, the cluster slot.
#include <emscripten/bind.h>

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

int branded_job_key(Address queue, std::uint32_t queue_size, Address id, std::uint32_t id_size) {
  return answer_key(job_key(text(queue, queue_size), text(id, id_size)));
}

int branded_queue_key(Address queue, std::uint32_t queue_size, Address type, std::uint32_t type_size) {
  return answer_key(queue_key(text(queue, queue_size), text(type, type_size)));
}

int branded_pending_key(Address queue, std::uint32_t size) { return answer_key(pending_key(text(queue, size))); }

int branded_valid_queue(Address queue, std::uint32_t size) { return valid_queue(text(queue, size)); }

int branded_valid_key_type(Address type, std::uint32_t size) { return valid_key_type(text(type, size)); }

int branded_slot(Address key, std::uint32_t size) { return slot(text(key, size)); }

}  // namespace

EMSCRIPTEN_BINDINGS(keyspace) {
  emscripten::function("job_key", &branded_job_key);
  emscripten::function("queue_key", &branded_queue_key);
  emscripten::function("pending_key", &branded_pending_key);
  emscripten::function("valid_queue", &branded_valid_queue);
  emscripten::function("valid_key_type", &branded_valid_key_type);
  emscripten::function("slot", &branded_slot);
}
