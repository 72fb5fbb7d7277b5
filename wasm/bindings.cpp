// Embind bindings for the cold, string-shaped parts of core: constants, key builders, the cluster slot,
// stream windows, error names and the load-time self-check. The hot paths are plain C functions
// (src/exports.cpp). No logic here: each function forwards to core and reports its Error as a number.
#include <emscripten/bind.h>

#include <string>

#include "branded/branded.hpp"
#include "src/numbers.hpp"

namespace {

using emscripten::val;
using namespace branded;

std::string text(std::string_view s) { return std::string(s); }

// A built string, or the number of core's Error when core refused.
val string_or_error(const Result<std::string>& r) {
  return r.ok() ? val(r.value) : val(static_cast<int>(r.error));
}

val bind_job_key(const std::string& queue, const std::string& id) { return string_or_error(job_key(queue, id)); }
val bind_queue_key(const std::string& queue, const std::string& type) {
  return string_or_error(queue_key(queue, type));
}
val bind_pending_key(const std::string& queue) { return string_or_error(pending_key(queue)); }
bool bind_valid_queue(const std::string& queue) { return valid_queue(queue); }
int bind_slot(const std::string& key) { return slot(key); }

// {start, end, inclusiveEnd} for [t0, t1), or the number of the Error.
val bind_window(double t0, double t1) {
  const auto r = window(wasm::to_i64(t0), wasm::to_i64(t1));
  if (!r.ok()) return val(static_cast<int>(r.error));
  val w = val::object();
  w.set("start", r.value.start);
  w.set("end", r.value.end);
  w.set("inclusiveEnd", r.value.inclusive_end);
  return w;
}

std::string bind_error_name(int e) { return text(error_name(static_cast<Error>(e))); }
std::string bind_self_check() { return text(self_check()); }

// The contract's text constants, read once by the facade.
val bind_constants() {
  val c = val::object();
  c.set("ENQUEUE_SCRIPT", text(ENQUEUE_SCRIPT));
  c.set("ENQUEUE_SCRIPT_SHA1", text(ENQUEUE_SCRIPT_SHA1));
  c.set("KIND_REFUSAL", text(KIND_REFUSAL));
  c.set("KIND_CLASS", text(KIND_CLASS));
  c.set("KEY_CLASS", text(KEY_CLASS));
  c.set("FENCE_CLASS", text(FENCE_CLASS));
  c.set("FENCE_KEY", text(FENCE_KEY));
  c.set("FENCE_VALUE", text(FENCE_VALUE));
  c.set("JOB_NAMESPACE", text(JOB_NAMESPACE));
  c.set("EPOCH_MS", static_cast<double>(EPOCH_MS));
  c.set("HORIZON_MS", static_cast<double>(HORIZON_MS));
  c.set("ERROR_COUNT", static_cast<int>(Error::entry_id) + 1);
  return c;
}

}  // namespace

EMSCRIPTEN_BINDINGS(branded) {
  emscripten::function("jobKey", &bind_job_key);
  emscripten::function("queueKey", &bind_queue_key);
  emscripten::function("pendingKey", &bind_pending_key);
  emscripten::function("validQueue", &bind_valid_queue);
  emscripten::function("slot", &bind_slot);
  emscripten::function("window", &bind_window);
  emscripten::function("errorName", &bind_error_name);
  emscripten::function("selfCheck", &bind_self_check);
  emscripten::function("constants", &bind_constants);
}
