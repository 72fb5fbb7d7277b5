// Refusal wording and instants (core's explain.hpp and instant.hpp) for @echomq/branded/explain and the CLI: each
// call leaves its answer in one struct, which lib/explain/ reads through the layout table.
#include <emscripten/bind.h>

#include <cstdint>
#include <cstring>

#include "bindings/shared.hpp"
#include "branded/explain.hpp"
#include "branded/instant.hpp"

using namespace branded;
using namespace branded::wasm;

namespace {

struct Explained {
  std::int32_t offset;
  std::uint32_t remedy;
  std::uint32_t found;
  std::uint32_t suggested;  // 1 when suggestion holds the corrected id
  std::uint32_t queue;      // explain_job_key: 1 when the queue name is what is refused
  std::uint32_t message_size;
  double instant_ms;  // parse_instant: the instant
  char suggestion[ID_LENGTH];
  char message[MAX_EXPLANATION_BYTES];  // UTF-8
};
Explained explained;

constexpr Named EXPLAINED_LAYOUT[] = {
    named("offset", &explained.offset),        named("remedy", &explained.remedy),
    named("found", &explained.found),          named("suggested", &explained.suggested),
    named("queue", &explained.queue),          named("messageSize", &explained.message_size),
    named("instantMs", &explained.instant_ms), named("suggestion", &explained.suggestion),
    named("message", &explained.message),      {},
};

int keep(const Explanation& why) {
  explained.offset = why.offset;
  explained.remedy = static_cast<std::uint32_t>(why.remedy);
  explained.found = why.found;
  explained.suggested = why.has_suggestion ? 1 : 0;
  explained.message_size = why.message_size;
  std::memcpy(explained.suggestion, why.suggestion.data(), ID_LENGTH);
  std::memcpy(explained.message, why.message.data(), why.message_size);
  return code(why.error);
}

Address branded_explained_layout() { return address_of(EXPLAINED_LAYOUT); }

// Why the text is no id; returns the error number (0: it parses, nothing is explained).
int branded_explain_id(Address text_at, std::uint32_t size) { return keep(explain_id(text(text_at, size))); }

// Why the text is no queue name; returns the error number (0: valid).
int branded_explain_queue(Address text_at, std::uint32_t size) { return keep(explain_queue(text(text_at, size))); }

// Why the text is no namespace (an argument of encode or mint); returns the error number (0: valid).
int branded_explain_namespace(Address text_at, std::uint32_t size) {
  return keep(explain_namespace(text(text_at, size)));
}

// The host check of an enqueue: the queue name's refusal (queue: 1), else the id's; returns the error number.
int branded_explain_job_key(Address queue, std::uint32_t queue_size, Address id, std::uint32_t id_size) {
  const HostRefusal refusal = explain_job_key(text(queue, queue_size), text(id, id_size));
  explained.queue = refusal.queue ? 1 : 0;
  return keep(refusal.why);
}

// Reads an instant; returns the InstantError (0: the instant is in instantMs).
int branded_parse_instant(Address text_at, std::uint32_t size, double now_ms, double base_ms) {
  const Instant instant =
      parse_instant(text(text_at, size), static_cast<std::int64_t>(now_ms), static_cast<std::int64_t>(base_ms));
  explained.instant_ms = static_cast<double>(instant.ms);
  return static_cast<int>(instant.error);
}

// The sentence of an InstantError, as the message.
void branded_instant_error_text(std::uint32_t error) {
  const std::string_view sentence = instant_error_text(static_cast<InstantError>(error));
  explained.message_size = static_cast<std::uint32_t>(sentence.size());
  std::memcpy(explained.message, sentence.data(), sentence.size());
}

// The name of error number n (kind 0), remedy n (kind 1) or instant error n (kind 2), as the message; returns 0,
// or 1 past the last of its kind.
int branded_explain_name(std::uint32_t kind, std::uint32_t n) {
  constexpr std::uint32_t LAST[] = {static_cast<std::uint32_t>(Error::entry_id),
                                    static_cast<std::uint32_t>(Remedy::snowflake),
                                    static_cast<std::uint32_t>(InstantError::far)};
  if (kind > 2 || n > LAST[kind]) return 1;
  const std::string_view name = kind == 0   ? error_name(static_cast<Error>(n))
                                : kind == 1 ? remedy_name(static_cast<Remedy>(n))
                                            : instant_error_name(static_cast<InstantError>(n));
  explained.message_size = static_cast<std::uint32_t>(name.size());
  std::memcpy(explained.message, name.data(), name.size());
  return 0;
}

}  // namespace

EMSCRIPTEN_BINDINGS(explain) {
  emscripten::function("explain_name", &branded_explain_name);
  emscripten::function("explained_layout", &branded_explained_layout);
  emscripten::function("explain_id", &branded_explain_id);
  emscripten::function("explain_queue", &branded_explain_queue);
  emscripten::function("explain_namespace", &branded_explain_namespace);
  emscripten::function("explain_job_key", &branded_explain_job_key);
  emscripten::function("parse_instant", &branded_parse_instant);
  emscripten::function("instant_error_text", &branded_instant_error_text);
}
