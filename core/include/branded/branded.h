/* The C ABI of the branded core: every binding that is not C++ (Python, SQLite, PostgreSQL, and Go, Rust or
 * Elixir next) calls these functions, never a copy of a rule.
 *
 * Conventions:
 * - Plain C, no exceptions across the boundary, no global state but the read-only tables.
 * - Inputs are (pointer, length) pairs of bytes: no NUL termination needed, embedded NULs are bytes like others.
 *   A NULL pointer with a length of 0 is the empty string; a NULL pointer with a length > 0 is BRANDED_ARGUMENT.
 * - Fallible calls return a branded_error: BRANDED_OK (0) or the error class. Outputs are written only on
 *   BRANDED_OK unless said otherwise.
 * - Ownership: the caller owns every buffer it passes. Strings the library returns (const char*) are static and
 *   NUL-terminated; never free them. The one object the library allocates is the minter: branded_minter_new
 *   gives it, branded_minter_free takes it back.
 * - Thread safety: every function is reentrant; a minter may be shared between threads.
 */
#ifndef BRANDED_BRANDED_H
#define BRANDED_BRANDED_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define BRANDED_API
#else
#define BRANDED_API __attribute__((visibility("default")))
#endif

/* The ABI's version: raised on any incompatible change to this header. */
#define BRANDED_ABI_VERSION 1

#define BRANDED_ID_LENGTH 14
#define BRANDED_ISO_LENGTH 24
#define BRANDED_MAX_ENTRY_ID_LENGTH 41
#define BRANDED_MAX_MESSAGE_BYTES 160
/* The most bytes of one decode row (branded_decoded_row), its '\n' included. */
#define BRANDED_MAX_ROW_BYTES 320

/* The error classes, in the contract's order (docs/contract.md §1), then the other surfaces', then the ABI's own. */
typedef enum branded_error {
  BRANDED_OK = 0,
  BRANDED_LENGTH = 1,
  BRANDED_NAMESPACE = 2,
  BRANDED_CHARSET = 3,
  BRANDED_RANGE = 4,
  BRANDED_NODE = 5,
  BRANDED_QUEUE = 6,
  BRANDED_ENTRY_ID = 7,
  BRANDED_ARGUMENT = 100, /* a NULL pointer where bytes were promised, or an output buffer too small */
} branded_error;

/* The library's version ("0.1.0"), the package's. */
BRANDED_API const char* branded_version(void);
/* BRANDED_ABI_VERSION of the library loaded (compare with the header's). */
BRANDED_API int branded_abi_version(void);
/* The class's name as every API shows it ("length", "namespace", ..., "argument"); "unknown" otherwise. */
BRANDED_API const char* branded_error_name(int error);
/* The contract's anchor vectors checked against the compiled core: NULL when every one holds, else a sentence
 * naming the first that does not. A binding refuses to load when this is not NULL. */
BRANDED_API const char* branded_self_check(void);

/* ---- ids (contract §1-§3) ---- */

typedef struct branded_fields {
  char ns[4]; /* the namespace, NUL-terminated */
  uint64_t snowflake;
  int64_t unix_ms;
  uint32_t node;
  uint32_t seq;
  uint32_t hash32;
} branded_fields;

/* Parses an id. On BRANDED_OK fills *out (may be NULL). On a refusal the class is returned and *error_offset
 * (may be NULL) gets the byte the class points at; it gets -1 when the id is valid. */
BRANDED_API branded_error branded_parse(const char* id, size_t size, branded_fields* out, int32_t* error_offset);
/* 1 when the id parses, else 0. */
BRANDED_API int branded_valid(const char* id, size_t size);
/* The fields of a Snowflake below 2^63 (ns left empty); BRANDED_RANGE at 2^63 and above. */
BRANDED_API branded_error branded_fields_of(uint64_t snowflake, branded_fields* out);
/* Writes the 14-byte id and a NUL into out15. Errors: NAMESPACE (not 3 x A-Z), RANGE (snowflake >= 2^63). */
BRANDED_API branded_error branded_encode(const char* ns, size_t ns_size, uint64_t snowflake, char* out15);
/* The Snowflake of (unix_ms, node, seq). Errors: RANGE (instant outside [epoch, horizon], seq > 4095), NODE. */
BRANDED_API branded_error branded_compose(int64_t unix_ms, uint32_t node, uint32_t seq, uint64_t* out);
/* The smallest Snowflake mintable at or after unix_ms: the bound of a time-range query. Error: RANGE. */
BRANDED_API branded_error branded_min_for(int64_t unix_ms, uint64_t* out);
/* The smallest id of `ns` at or after unix_ms, 14 bytes and a NUL into out15. Errors: NAMESPACE, RANGE. */
BRANDED_API branded_error branded_min_id(const char* ns, size_t ns_size, int64_t unix_ms, char* out15);
/* The placement hash of a Snowflake (contract §3). */
BRANDED_API uint32_t branded_hash32(uint64_t snowflake);
/* "YYYY-MM-DDTHH:MM:SS.mmmZ" and a NUL into out25. Error: RANGE outside years 1970-9999. */
BRANDED_API branded_error branded_iso(int64_t unix_ms, char* out25);
/* The epoch (2024-01-01T00:00:00Z) and the horizon (the last representable millisecond), in unix ms. */
BRANDED_API int64_t branded_epoch_ms(void);
BRANDED_API int64_t branded_horizon_ms(void);

/* ---- the keyspace and the wire gate (contract §4-§5) ---- */

/* 1 when the queue name is valid (^[A-Za-z0-9._-]{1,128}$, not "emq"), else 0. */
BRANDED_API int branded_valid_queue(const char* queue, size_t size);
/* emq:{<queue>}:job:<id> into out (capacity bytes, NUL added); *written (may be NULL) gets its length.
 * Errors: QUEUE, then the id's class; ARGUMENT when out is too small. */
BRANDED_API branded_error branded_job_key(const char* queue, size_t queue_size, const char* id, size_t id_size,
                                          char* out, size_t capacity, size_t* written);
/* emq:{<queue>}:<type> as branded_job_key writes. Errors: QUEUE (queue or type), ARGUMENT. */
BRANDED_API branded_error branded_queue_key(const char* queue, size_t queue_size, const char* type, size_t type_size,
                                            char* out, size_t capacity, size_t* written);
/* The cluster slot of a key: CRC16-XMODEM of its hashtag, mod 16384. */
BRANDED_API uint16_t branded_slot(const char* key, size_t size);
/* 1 when the wire gate admits the id (its first three bytes are "JOB"), else 0. */
BRANDED_API int branded_wire_gate_admits(const char* id, size_t size);
/* The gate's refusal ("EMQKIND job id must be JOB-namespaced") and the enqueue script's SHA1. */
BRANDED_API const char* branded_kind_refusal(void);
BRANDED_API const char* branded_enqueue_script_sha1(void);

/* ---- stream entry ids (contract §6) ---- */

/* "<unix_ms>-<node << 12 | seq>" and a NUL into out42; returns its length (0 when snowflake >= 2^63). */
BRANDED_API size_t branded_stream_id(uint64_t snowflake, char* out42);
/* Parses "<ms>-<seq>". Error: ENTRY_ID. */
BRANDED_API branded_error branded_parse_stream_id(const char* text, size_t size, uint64_t* ms, uint64_t* seq);
/* The Snowflake an entry id came from. Errors: ENTRY_ID (seq past 22 bits), RANGE (ms outside the horizon). */
BRANDED_API branded_error branded_snowflake_of_stream_id(uint64_t ms, uint64_t seq, uint64_t* out);

typedef struct branded_window {
  char start[BRANDED_MAX_ENTRY_ID_LENGTH + 1];         /* "<t0>-0" */
  char end[BRANDED_MAX_ENTRY_ID_LENGTH + 2];           /* "(<t1>-0", exclusive */
  char inclusive_end[BRANDED_MAX_ENTRY_ID_LENGTH + 1]; /* "<t1-1>-4194303" */
} branded_window;
/* The XRANGE arguments of [t0, t1). Error: RANGE unless 0 <= t0 < t1. */
BRANDED_API branded_error branded_stream_window(int64_t t0_ms, int64_t t1_ms, branded_window* out);

/* ---- instants as people type them ---- */

/* Reads unix ms, ISO 8601, `now-5m`, `+10ms` (relative to base_ms). Returns 0, or 1 form, 2 fraction, 3 far. */
BRANDED_API int branded_parse_instant(const char* text, size_t size, int64_t now_ms, int64_t base_ms, int64_t* out);
/* "none", "form", "fraction" or "far". */
BRANDED_API const char* branded_instant_error_name(int error);

/* ---- the minter (contract §2) ---- */

typedef struct branded_minter branded_minter;
/* A clock: unix ms now. NULL for the system clock. */
typedef int64_t (*branded_clock)(void* context);
/* A minter of `ns` ids on `node`, owned by the caller (branded_minter_free). Errors: NAMESPACE, NODE, ARGUMENT
 * (out NULL). */
BRANDED_API branded_error branded_minter_new(const char* ns, size_t ns_size, uint32_t node, branded_clock clock,
                                             void* context, branded_minter** out);
BRANDED_API void branded_minter_free(branded_minter* minter);
/* The next id at the clock's instant (or at now_ms), never repeated: its Snowflake into *snowflake and its id and
 * a NUL into out15 (each may be NULL). Error: RANGE (the clock before the epoch, the horizon exhausted). */
BRANDED_API branded_error branded_minter_next(branded_minter* minter, uint64_t* snowflake, char* out15);
BRANDED_API branded_error branded_minter_next_at(branded_minter* minter, int64_t now_ms, uint64_t* snowflake,
                                                 char* out15);

/* ---- scan: ids inside any text ---- */

typedef struct branded_scan_row {
  uint64_t offset; /* the id's byte offset in the buffer */
  uint64_t line;   /* its line, 1-based */
  uint64_t snowflake;
  int32_t error; /* BRANDED_OK, or BRANDED_RANGE for a candidate that does not fit 63 bits */
  char id[BRANDED_ID_LENGTH + 1];
} branded_scan_row;

/* Where a scan has got to; zero it before the first call. */
typedef struct branded_scan_cursor {
  uint64_t position; /* bytes of the current buffer consumed */
  uint64_t base;     /* the offset of the buffer's first byte in the whole input */
  uint64_t newlines; /* '\n' bytes of the whole input consumed */
  int after_alnum;   /* whether the last byte consumed is a letter or a digit */
} branded_scan_cursor;

/* Finds the next candidates of text[0, size) from the cursor on, at most `capacity` rows, and moves the cursor
 * past them. Returns how many rows it wrote; 0 when the buffer holds no more. */
BRANDED_API size_t branded_scan(const char* text, size_t size, branded_scan_cursor* cursor, branded_scan_row* rows,
                                size_t capacity);

/* The same over an input read in chunks: `final` 0 while more may follow. A run of letters and digits that reaches
 * the buffer's end is left unconsumed then. When it returns 0 (and not final), keep text[cursor->position, size),
 * call branded_scan_next_buffer, and pass the kept bytes first with the next chunk. */
BRANDED_API size_t branded_scan_chunk(const char* text, size_t size, int final, branded_scan_cursor* cursor,
                                      branded_scan_row* rows, size_t capacity);
/* Moves the cursor to the next buffer, whose first byte is the first one not consumed. */
BRANDED_API void branded_scan_next_buffer(branded_scan_cursor* cursor);

/* ---- explain: why an input is refused, in every surface's words ---- */

typedef struct branded_explanation {
  int32_t error;                               /* BRANDED_OK: nothing to explain */
  int32_t offset;                              /* the byte the error points at */
  int32_t remedy;                              /* 0 none, 1 trim, 2 uppercase, 3 scan, 4 snowflake */
  uint32_t found;                              /* remedy scan: how many ids the text holds */
  char suggestion[BRANDED_ID_LENGTH + 1];      /* the corrected id when it certainly parses, else "" */
  char message[BRANDED_MAX_MESSAGE_BYTES + 1]; /* UTF-8, NUL-terminated */
} branded_explanation;

/* Each returns the explanation's error class (BRANDED_OK when the input passes) and fills *out. */
BRANDED_API branded_error branded_explain_id(const char* input, size_t size, branded_explanation* out);
BRANDED_API branded_error branded_explain_queue(const char* name, size_t size, branded_explanation* out);
BRANDED_API branded_error branded_explain_namespace(const char* ns, size_t size, branded_explanation* out);
/* The host check of an enqueue: the queue's explanation, else the id's; *queue_refused (may be NULL) says which. */
BRANDED_API branded_error branded_explain_job_key(const char* queue, size_t queue_size, const char* id, size_t id_size,
                                                  branded_explanation* out, int* queue_refused);
/* "none", "trim", "uppercase", "scan" or "snowflake". */
BRANDED_API const char* branded_remedy_name(int remedy);

/* ---- the CLI's rows (`branded decode` and `branded scan` of stdin, piped: no header) ---- */

/* The decode row of an input, '\n' ended, into out (NUL added): core's row of a valid id, else the CLI's refusal
 * row with its hint (json 0: the table row, 1: a JSON line). Returns its length; 0 when out is too small (a valid
 * id's row needs BRANDED_MAX_ROW_BYTES + 1, a refusal's up to 8 x size + 256). */
BRANDED_API size_t branded_decode_row(const char* input, size_t size, int json, char* out, size_t capacity);
/* The row `branded scan` prints for a scan row, as branded_decode_row writes. */
BRANDED_API size_t branded_scan_row_text(const branded_scan_row* row, int json, char* out, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* BRANDED_BRANDED_H */
