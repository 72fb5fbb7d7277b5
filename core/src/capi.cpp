// The C ABI (branded/branded.h): each function checks its pointers, calls core, and copies the answer out.
// Nothing here decides what an id is. Functions that allocate (std::string) catch, so no exception crosses.
#include "branded/branded.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <string>
#include <string_view>

#include "branded/branded.hpp"
#include "branded/refused_rows.hpp"

// C cannot include result.hpp, so branded.h numbers the error classes again; these hold the copy to core's.
static_assert(BRANDED_OK == static_cast<int>(branded::Error::none));
static_assert(BRANDED_LENGTH == static_cast<int>(branded::Error::length));
static_assert(BRANDED_NAMESPACE == static_cast<int>(branded::Error::namespace_));
static_assert(BRANDED_CHARSET == static_cast<int>(branded::Error::charset));
static_assert(BRANDED_RANGE == static_cast<int>(branded::Error::range));
static_assert(BRANDED_NODE == static_cast<int>(branded::Error::node));
static_assert(BRANDED_QUEUE == static_cast<int>(branded::Error::queue));
static_assert(BRANDED_ENTRY_ID == static_cast<int>(branded::Error::entry_id));

#ifndef BRANDED_VERSION
#error "BRANDED_VERSION: the build passes the package's version"
#endif

namespace {

using namespace branded;

// (pointer, size) as bytes; false for a NULL pointer with a size.
bool bytes(const char* data, std::size_t size, std::string_view& out) {
  if (data == nullptr && size > 0) return false;
  out = data == nullptr ? std::string_view{} : std::string_view{data, size};
  return true;
}

branded_error c_error(Error error) { return static_cast<branded_error>(error); }

// memcpy of a (pointer, size) that may be an empty view with no storage (a null pointer memcpy must not see).
void copy_bytes(char* out, std::string_view bytes) {
  if (!bytes.empty()) std::memcpy(out, bytes.data(), bytes.size());
}

void copy_id(const char* id14, char* out15) {
  std::memcpy(out15, id14, ID_LENGTH);
  out15[ID_LENGTH] = '\0';
}

void fill_fields(std::uint64_t snowflake, branded_fields* out) {
  const Fields f = fields(snowflake);
  out->snowflake = snowflake;
  out->unix_ms = f.unix_ms;
  out->node = f.node;
  out->seq = f.seq;
  out->hash32 = hash32(snowflake);
}

// A string into a caller's buffer with a NUL; ARGUMENT when it does not fit.
branded_error copy_out(std::string_view text, char* out, std::size_t capacity, std::size_t* written) {
  if (out == nullptr || capacity < text.size() + 1) return BRANDED_ARGUMENT;
  copy_bytes(out, text);
  out[text.size()] = '\0';
  if (written != nullptr) *written = text.size();
  return BRANDED_OK;
}

branded_error explained(const Explanation& why, branded_explanation* out) {
  if (out != nullptr) {
    out->error = static_cast<std::int32_t>(why.error);
    out->offset = why.offset;
    out->remedy = static_cast<std::int32_t>(why.remedy);
    out->found = why.found;
    const std::string_view suggested = why.suggested();
    copy_bytes(out->suggestion, suggested);
    out->suggestion[suggested.size()] = '\0';
    const std::string_view text = why.text();
    copy_bytes(out->message, text);
    out->message[text.size()] = '\0';
  }
  return c_error(why.error);
}

branded_error argument_explanation(branded_explanation* out) {
  if (out != nullptr) *out = branded_explanation{BRANDED_ARGUMENT, -1, 0, 0, {}, {}};
  return BRANDED_ARGUMENT;
}

}  // namespace

struct branded_minter {
  Minter minter;
};

extern "C" {

const char* branded_version(void) { return BRANDED_VERSION; }
int branded_abi_version(void) { return BRANDED_ABI_VERSION; }

const char* branded_error_name(int error) {
  if (error == BRANDED_ARGUMENT) return "argument";
  if (error < 0 || error > static_cast<int>(Error::entry_id)) return "unknown";
  // error_name's views are literals: NUL-terminated.
  return error_name(static_cast<Error>(error)).data();
}

const char* branded_self_check(void) {
  const std::string_view failure = self_check();
  return failure.empty() ? nullptr : failure.data();
}

branded_error branded_parse(const char* id, size_t size, branded_fields* out, int32_t* error_offset) {
  std::string_view text;
  if (!bytes(id, size, text)) return BRANDED_ARGUMENT;
  const auto parsed = parse(text);
  if (error_offset != nullptr) *error_offset = parsed.ok() ? -1 : branded::error_offset(text);
  if (!parsed.ok()) return c_error(parsed.error);
  if (out != nullptr) {
    std::memcpy(out->ns, parsed.value.ns.data(), NAMESPACE_LENGTH);
    out->ns[NAMESPACE_LENGTH] = '\0';
    fill_fields(parsed.value.snowflake, out);
  }
  return BRANDED_OK;
}

int branded_valid(const char* id, size_t size) {
  std::string_view text;
  return bytes(id, size, text) && valid(text) ? 1 : 0;
}

branded_error branded_fields_of(uint64_t snowflake, branded_fields* out) {
  if (snowflake > MAX_SNOWFLAKE) return BRANDED_RANGE;
  if (out != nullptr) {
    out->ns[0] = '\0';
    fill_fields(snowflake, out);
  }
  return BRANDED_OK;
}

branded_error branded_encode(const char* ns, size_t ns_size, uint64_t snowflake, char* out15) {
  std::string_view text;
  if (!bytes(ns, ns_size, text) || out15 == nullptr) return BRANDED_ARGUMENT;
  const auto encoded = encode(text, snowflake);
  if (!encoded.ok()) return c_error(encoded.error);
  copy_id(encoded.value.data(), out15);
  return BRANDED_OK;
}

branded_error branded_compose(int64_t unix_ms, uint32_t node, uint32_t seq, uint64_t* out) {
  if (out == nullptr) return BRANDED_ARGUMENT;
  const auto composed = compose(unix_ms, node, seq);
  if (!composed.ok()) return c_error(composed.error);
  *out = composed.value;
  return BRANDED_OK;
}

branded_error branded_min_for(int64_t unix_ms, uint64_t* out) {
  if (out == nullptr) return BRANDED_ARGUMENT;
  const auto bound = min_for(unix_ms);
  if (!bound.ok()) return c_error(bound.error);
  *out = bound.value;
  return BRANDED_OK;
}

branded_error branded_min_id(const char* ns, size_t ns_size, int64_t unix_ms, char* out15) {
  std::string_view text;
  if (!bytes(ns, ns_size, text) || out15 == nullptr) return BRANDED_ARGUMENT;
  if (!valid_namespace(text)) return BRANDED_NAMESPACE;
  const auto bound = min_for(unix_ms);
  if (!bound.ok()) return c_error(bound.error);
  return branded_encode(ns, ns_size, bound.value, out15);
}

uint32_t branded_hash32(uint64_t snowflake) { return hash32(snowflake); }

branded_error branded_iso(int64_t unix_ms, char* out25) {
  // write_iso's span: 1970-01-01 to the last millisecond of 9999.
  constexpr std::int64_t LAST_MS = 253402300799999;
  if (out25 == nullptr) return BRANDED_ARGUMENT;
  if (unix_ms < 0 || unix_ms > LAST_MS) return BRANDED_RANGE;
  write_iso(unix_ms, out25);
  out25[BRANDED_ISO_LENGTH] = '\0';
  return BRANDED_OK;
}

int64_t branded_epoch_ms(void) { return EPOCH_MS; }
int64_t branded_horizon_ms(void) { return HORIZON_MS; }

int branded_valid_queue(const char* queue, size_t size) {
  std::string_view text;
  return bytes(queue, size, text) && valid_queue(text) ? 1 : 0;
}

branded_error branded_job_key(const char* queue, size_t queue_size, const char* id, size_t id_size, char* out,
                              size_t capacity, size_t* written) {
  std::string_view queue_text, id_text;
  if (!bytes(queue, queue_size, queue_text) || !bytes(id, id_size, id_text)) return BRANDED_ARGUMENT;
  try {
    const auto key = job_key(queue_text, id_text);
    if (!key.ok()) return c_error(key.error);
    return copy_out(key.value, out, capacity, written);
  } catch (const std::bad_alloc&) {
    return BRANDED_ARGUMENT;
  }
}

branded_error branded_queue_key(const char* queue, size_t queue_size, const char* type, size_t type_size, char* out,
                                size_t capacity, size_t* written) {
  std::string_view queue_text, type_text;
  if (!bytes(queue, queue_size, queue_text) || !bytes(type, type_size, type_text)) return BRANDED_ARGUMENT;
  try {
    const auto key = queue_key(queue_text, type_text);
    if (!key.ok()) return c_error(key.error);
    return copy_out(key.value, out, capacity, written);
  } catch (const std::bad_alloc&) {
    return BRANDED_ARGUMENT;
  }
}

uint16_t branded_slot(const char* key, size_t size) {
  std::string_view text;
  return bytes(key, size, text) ? slot(text) : 0;
}

int branded_wire_gate_admits(const char* id, size_t size) {
  std::string_view text;
  return bytes(id, size, text) && wire_gate_admits(text) ? 1 : 0;
}

const char* branded_kind_refusal(void) { return KIND_REFUSAL.data(); }
const char* branded_enqueue_script_sha1(void) { return ENQUEUE_SCRIPT_SHA1.data(); }

size_t branded_stream_id(uint64_t snowflake, char* out42) {
  if (out42 == nullptr || snowflake > MAX_SNOWFLAKE) return 0;
  const std::size_t size = write_entry_id(entry_id(snowflake), out42);
  out42[size] = '\0';
  return size;
}

branded_error branded_parse_stream_id(const char* text, size_t size, uint64_t* ms, uint64_t* seq) {
  std::string_view view_of_text;
  if (!bytes(text, size, view_of_text)) return BRANDED_ARGUMENT;
  const auto parsed = parse_entry_id(view_of_text);
  if (!parsed.ok()) return c_error(parsed.error);
  if (ms != nullptr) *ms = parsed.value.ms;
  if (seq != nullptr) *seq = parsed.value.seq;
  return BRANDED_OK;
}

branded_error branded_snowflake_of_stream_id(uint64_t ms, uint64_t seq, uint64_t* out) {
  if (out == nullptr) return BRANDED_ARGUMENT;
  const auto snowflake = snowflake_of(EntryId{ms, seq});
  if (!snowflake.ok()) return c_error(snowflake.error);
  *out = snowflake.value;
  return BRANDED_OK;
}

branded_error branded_stream_window(int64_t t0_ms, int64_t t1_ms, branded_window* out) {
  if (out == nullptr) return BRANDED_ARGUMENT;
  try {
    const auto bounds = window(t0_ms, t1_ms);
    if (!bounds.ok()) return c_error(bounds.error);
    if (copy_out(bounds.value.start, out->start, sizeof out->start, nullptr) != BRANDED_OK ||
        copy_out(bounds.value.end, out->end, sizeof out->end, nullptr) != BRANDED_OK ||
        copy_out(bounds.value.inclusive_end, out->inclusive_end, sizeof out->inclusive_end, nullptr) != BRANDED_OK)
      return BRANDED_ARGUMENT;
    return BRANDED_OK;
  } catch (const std::bad_alloc&) {
    return BRANDED_ARGUMENT;
  }
}

int branded_parse_instant(const char* text, size_t size, int64_t now_ms, int64_t base_ms, int64_t* out) {
  std::string_view view_of_text;
  if (!bytes(text, size, view_of_text)) return static_cast<int>(InstantError::form);
  const Instant instant = parse_instant(view_of_text, now_ms, base_ms);
  if (instant.ok() && out != nullptr) *out = instant.ms;
  return static_cast<int>(instant.error);
}

const char* branded_instant_error_name(int error) {
  if (error < 0 || error > static_cast<int>(InstantError::far)) return "unknown";
  return instant_error_name(static_cast<InstantError>(error)).data();
}

branded_error branded_minter_new(const char* ns, size_t ns_size, uint32_t node, branded_clock clock, void* context,
                                 branded_minter** out) {
  std::string_view text;
  if (!bytes(ns, ns_size, text) || out == nullptr) return BRANDED_ARGUMENT;
  const auto made = Minter::create(text, node, clock == nullptr ? system_clock() : Clock{clock, context});
  if (!made.ok()) return c_error(made.error);
  auto* minter = new (std::nothrow) branded_minter{made.value};
  if (minter == nullptr) return BRANDED_ARGUMENT;
  *out = minter;
  return BRANDED_OK;
}

void branded_minter_free(branded_minter* minter) { delete minter; }

branded_error branded_minter_next(branded_minter* minter, uint64_t* snowflake, char* out15) {
  if (minter == nullptr) return BRANDED_ARGUMENT;
  const auto next = minter->minter.next();
  if (!next.ok()) return c_error(next.error);
  if (snowflake != nullptr) *snowflake = next.value;
  if (out15 != nullptr)
    copy_id(encode(std::string_view{minter->minter.ns().data(), NAMESPACE_LENGTH}, next.value).value.data(), out15);
  return BRANDED_OK;
}

branded_error branded_minter_next_at(branded_minter* minter, int64_t now_ms, uint64_t* snowflake, char* out15) {
  if (minter == nullptr) return BRANDED_ARGUMENT;
  const auto next = minter->minter.next_at(now_ms);
  if (!next.ok()) return c_error(next.error);
  if (snowflake != nullptr) *snowflake = next.value;
  if (out15 != nullptr)
    copy_id(encode(std::string_view{minter->minter.ns().data(), NAMESPACE_LENGTH}, next.value).value.data(), out15);
  return BRANDED_OK;
}

size_t branded_scan(const char* text, size_t size, branded_scan_cursor* cursor, branded_scan_row* rows,
                    size_t capacity) {
  return branded_scan_chunk(text, size, 1, cursor, rows, capacity);
}

void branded_scan_next_buffer(branded_scan_cursor* cursor) {
  if (cursor == nullptr) return;
  cursor->base += cursor->position;
  cursor->position = 0;
}

size_t branded_scan_chunk(const char* text, size_t size, int final_chunk, branded_scan_cursor* cursor,
                          branded_scan_row* rows, size_t capacity) {
  // core's scan takes below 2^32 bytes a call; a larger buffer goes in windows, the cursor carrying the state.
  constexpr std::size_t WINDOW = std::size_t{1} << 30;
  constexpr std::size_t BATCH = 256;
  if (text == nullptr || cursor == nullptr || rows == nullptr || cursor->position >= size) return 0;
  std::uint64_t snowflake[BATCH];
  std::uint8_t error[BATCH];
  std::uint32_t offset[BATCH], newlines[BATCH];
  const ScanColumns columns{snowflake, error, nullptr, offset, newlines};
  std::size_t written = 0;
  while (written < capacity && cursor->position < size) {
    const std::size_t start = cursor->position;
    const std::size_t length = std::min(size - start, WINDOW);
    const bool final = start + length == size && final_chunk != 0;
    const std::size_t wanted = std::min(capacity - written, BATCH);
    const ScanDone done = scan(text + start, length, columns, wanted, final, ScanState{cursor->after_alnum != 0});
    for (std::size_t i = 0; i < done.ids; ++i) {
      branded_scan_row& row = rows[written++];
      row.offset = cursor->base + start + offset[i];
      row.line = cursor->newlines + newlines[i] + 1;
      row.snowflake = snowflake[i];
      row.error = error[i];
      copy_id(text + start + offset[i], row.id);
    }
    cursor->position = start + done.consumed;
    cursor->newlines += done.newlines;
    cursor->after_alnum = done.next.after_alnum ? 1 : 0;
    if (done.ids < wanted) {
      if (final) cursor->position = size;  // every candidate of the buffer is out
      if (final || start + length == size) break;
    }
  }
  return written;
}

branded_error branded_explain_id(const char* input, size_t size, branded_explanation* out) {
  std::string_view text;
  if (!bytes(input, size, text)) return argument_explanation(out);
  return explained(explain_id(text), out);
}

branded_error branded_explain_queue(const char* name, size_t size, branded_explanation* out) {
  std::string_view text;
  if (!bytes(name, size, text)) return argument_explanation(out);
  return explained(explain_queue(text), out);
}

branded_error branded_explain_namespace(const char* ns, size_t size, branded_explanation* out) {
  std::string_view text;
  if (!bytes(ns, size, text)) return argument_explanation(out);
  return explained(explain_namespace(text), out);
}

branded_error branded_explain_job_key(const char* queue, size_t queue_size, const char* id, size_t id_size,
                                      branded_explanation* out, int* queue_refused) {
  std::string_view queue_text, id_text;
  if (!bytes(queue, queue_size, queue_text) || !bytes(id, id_size, id_text)) return argument_explanation(out);
  const HostRefusal refusal = explain_job_key(queue_text, id_text);
  if (queue_refused != nullptr) *queue_refused = refusal.queue ? 1 : 0;
  return explained(refusal.why, out);
}

const char* branded_remedy_name(int remedy) {
  if (remedy < 0 || remedy > static_cast<int>(Remedy::snowflake)) return "none";
  return remedy_name(static_cast<Remedy>(remedy)).data();
}

size_t branded_decode_row(const char* input, size_t size, int json, char* out, size_t capacity) {
  std::string_view text;
  if (!bytes(input, size, text) || out == nullptr) return 0;
  const RowStyle style = json ? RowStyle::json : RowStyle::table;
  const auto parsed = parse(text);
  if (parsed.ok()) {
    // the writers store whole words past the row's end: the row goes through a buffer with their slack
    char row[MAX_ROW_BYTES + ROW_SLACK];
    const std::size_t length = write_decoded_row(style, text.data(), parsed.value.snowflake, nullptr, row);
    return copy_out({row, length}, out, capacity, nullptr) == BRANDED_OK ? length : 0;
  }
  try {
    std::string row;
    append_refused_row(row, text, json != 0);
    return copy_out(row, out, capacity, nullptr) == BRANDED_OK ? row.size() : 0;
  } catch (const std::bad_alloc&) {
    return 0;
  }
}

size_t branded_scan_row_text(const branded_scan_row* row, int json, char* out, size_t capacity) {
  if (row == nullptr || out == nullptr) return 0;
  const RowStyle style = json ? RowStyle::json : RowStyle::table;
  const RowPlace place{{}, row->offset, row->line};  // stdin's: no file, the default width
  char text[MAX_ROW_BYTES + ROW_SLACK];
  const std::size_t length = row->error == BRANDED_OK ? write_decoded_row(style, row->id, row->snowflake, &place, text)
                                                      : write_refused_candidate(style, row->id, place, text);
  return copy_out({text, length}, out, capacity, nullptr) == BRANDED_OK ? length : 0;
}

}  // extern "C"
