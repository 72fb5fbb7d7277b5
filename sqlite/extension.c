/* The SQLite loadable extension (branded.so): SQL functions over the C ABI (core/include/branded/branded.h) and
 * the table-valued function branded_scan(text). Every function answers SQL NULL for a NULL argument and for an
 * input the contract refuses; branded_valid and branded_error say why. No rule of the contract is written here. */
#include <sqlite3ext.h>
#include <stdint.h>
#include <string.h>

#include "branded/branded.h"

SQLITE_EXTENSION_INIT1

/* An argument's bytes: TEXT and BLOB as stored, a number as its text; NULL gives no bytes (returns 0). */
static int argument_bytes(sqlite3_value* value, const char** data, size_t* size) {
  switch (sqlite3_value_type(value)) {
    case SQLITE_NULL: return 0;
    case SQLITE_BLOB: *data = (const char*)sqlite3_value_blob(value); break;
    default: *data = (const char*)sqlite3_value_text(value); break;
  }
  *size = (size_t)sqlite3_value_bytes(value);
  if (*data == NULL) *data = "";
  return 1;
}

/* The fields of the id in argv[0], or 0 (the result left NULL) when it is NULL or refused. */
static int parsed_argument(sqlite3_value* value, branded_fields* fields) {
  const char* data;
  size_t size;
  if (!argument_bytes(value, &data, &size)) return 0;
  return branded_parse(data, size, fields, NULL) == BRANDED_OK;
}

static void sql_valid(sqlite3_context* context, int argc, sqlite3_value** argv) {
  const char* data;
  size_t size;
  (void)argc;
  if (argument_bytes(argv[0], &data, &size)) sqlite3_result_int(context, branded_valid(data, size));
}

static void sql_error(sqlite3_context* context, int argc, sqlite3_value** argv) {
  const char* data;
  size_t size;
  (void)argc;
  if (!argument_bytes(argv[0], &data, &size)) return;
  const branded_error error = branded_parse(data, size, NULL, NULL);
  if (error != BRANDED_OK) sqlite3_result_text(context, branded_error_name(error), -1, SQLITE_STATIC);
}

static void sql_namespace(sqlite3_context* context, int argc, sqlite3_value** argv) {
  branded_fields fields;
  (void)argc;
  if (parsed_argument(argv[0], &fields)) sqlite3_result_text(context, fields.ns, 3, SQLITE_TRANSIENT);
}

static void sql_snowflake(sqlite3_context* context, int argc, sqlite3_value** argv) {
  branded_fields fields;
  (void)argc;
  /* below 2^63: an INTEGER holds every Snowflake */
  if (parsed_argument(argv[0], &fields)) sqlite3_result_int64(context, (sqlite3_int64)fields.snowflake);
}

static void sql_unix_ms(sqlite3_context* context, int argc, sqlite3_value** argv) {
  branded_fields fields;
  (void)argc;
  if (parsed_argument(argv[0], &fields)) sqlite3_result_int64(context, fields.unix_ms);
}

static void sql_iso(sqlite3_context* context, int argc, sqlite3_value** argv) {
  branded_fields fields;
  char iso[BRANDED_ISO_LENGTH + 1];
  (void)argc;
  if (parsed_argument(argv[0], &fields) && branded_iso(fields.unix_ms, iso) == BRANDED_OK)
    sqlite3_result_text(context, iso, BRANDED_ISO_LENGTH, SQLITE_TRANSIENT);
}

static void sql_node(sqlite3_context* context, int argc, sqlite3_value** argv) {
  branded_fields fields;
  (void)argc;
  if (parsed_argument(argv[0], &fields)) sqlite3_result_int(context, (int)fields.node);
}

static void sql_seq(sqlite3_context* context, int argc, sqlite3_value** argv) {
  branded_fields fields;
  (void)argc;
  if (parsed_argument(argv[0], &fields)) sqlite3_result_int(context, (int)fields.seq);
}

static void sql_hash32(sqlite3_context* context, int argc, sqlite3_value** argv) {
  branded_fields fields;
  (void)argc;
  if (parsed_argument(argv[0], &fields)) sqlite3_result_int64(context, fields.hash32);
}

static void sql_stream_id(sqlite3_context* context, int argc, sqlite3_value** argv) {
  branded_fields fields;
  char text[BRANDED_MAX_ENTRY_ID_LENGTH + 1];
  (void)argc;
  if (!parsed_argument(argv[0], &fields)) return;
  const size_t size = branded_stream_id(fields.snowflake, text);
  sqlite3_result_text(context, text, (int)size, SQLITE_TRANSIENT);
}

/* branded_encode(namespace, snowflake INTEGER): a Snowflake is an INTEGER (0 to 2^63 - 1); any other value, and a
 * namespace the contract refuses, gives NULL. */
static void sql_encode(sqlite3_context* context, int argc, sqlite3_value** argv) {
  const char* ns;
  size_t ns_size;
  char id[BRANDED_ID_LENGTH + 1];
  (void)argc;
  if (!argument_bytes(argv[0], &ns, &ns_size) || sqlite3_value_type(argv[1]) != SQLITE_INTEGER) return;
  const sqlite3_int64 snowflake = sqlite3_value_int64(argv[1]);
  if (snowflake < 0) return;
  if (branded_encode(ns, ns_size, (uint64_t)snowflake, id) == BRANDED_OK)
    sqlite3_result_text(context, id, BRANDED_ID_LENGTH, SQLITE_TRANSIENT);
}

/* An instant argument: INTEGER unix ms, or TEXT as people type it (ISO 8601, unix ms), read by core. */
static int instant_argument(sqlite3_value* value, int64_t* ms) {
  if (sqlite3_value_type(value) == SQLITE_INTEGER) {
    *ms = sqlite3_value_int64(value);
    return 1;
  }
  const char* data;
  size_t size;
  if (sqlite3_value_type(value) != SQLITE_TEXT || !argument_bytes(value, &data, &size)) return 0;
  /* now and base at the epoch: a relative form ("now-5m", "+10ms") is then before it and refused */
  const int64_t epoch = branded_epoch_ms();
  return branded_parse_instant(data, size, -epoch, -epoch, ms) == 0;
}

/* branded_min_id(namespace, instant): the smallest id at or after the instant, for
 * `id >= branded_min_id('JOB', t0) AND id < branded_min_id('JOB', t1)`. */
static void sql_min_id(sqlite3_context* context, int argc, sqlite3_value** argv) {
  const char* ns;
  size_t ns_size;
  int64_t ms;
  char id[BRANDED_ID_LENGTH + 1];
  (void)argc;
  if (!argument_bytes(argv[0], &ns, &ns_size) || !instant_argument(argv[1], &ms)) return;
  if (branded_min_id(ns, ns_size, ms, id) == BRANDED_OK)
    sqlite3_result_text(context, id, BRANDED_ID_LENGTH, SQLITE_TRANSIENT);
}

static void sql_slot(sqlite3_context* context, int argc, sqlite3_value** argv) {
  const char* data;
  size_t size;
  (void)argc;
  if (argument_bytes(argv[0], &data, &size)) sqlite3_result_int(context, branded_slot(data, size));
}

static void sql_explain(sqlite3_context* context, int argc, sqlite3_value** argv) {
  const char* data;
  size_t size;
  branded_explanation why;
  (void)argc;
  if (!argument_bytes(argv[0], &data, &size)) return;
  if (branded_explain_id(data, size, &why) != BRANDED_OK)
    sqlite3_result_text(context, why.message, -1, SQLITE_TRANSIENT);
}

/* ---- branded_scan(text): byte_offset, line, id, namespace, snowflake, unix_ms, error ---- */

enum { SCAN_BYTE_OFFSET, SCAN_LINE, SCAN_ID, SCAN_NAMESPACE, SCAN_SNOWFLAKE, SCAN_UNIX_MS, SCAN_ERROR, SCAN_INPUT };
enum { SCAN_BATCH = 64 };

typedef struct scan_table {
  sqlite3_vtab base;
} scan_table;

typedef struct scan_cursor {
  sqlite3_vtab_cursor base;
  sqlite3_value* input; /* a copy of the argument: its bytes stay put while the cursor reads them */
  const char* text;
  size_t size;
  branded_scan_cursor at;
  branded_scan_row rows[SCAN_BATCH];
  size_t count, current;
  sqlite3_int64 rowid;
} scan_cursor;

static int scan_connect(sqlite3* db, void* aux, int argc, const char* const* argv, sqlite3_vtab** out, char** error) {
  (void)aux;
  (void)argc;
  (void)argv;
  (void)error;
  const int status = sqlite3_declare_vtab(
      db,
      "CREATE TABLE x(byte_offset INTEGER, line INTEGER, id TEXT, namespace TEXT, snowflake INTEGER, unix_ms INTEGER,"
      " error TEXT, input HIDDEN)");
  if (status != SQLITE_OK) return status;
  scan_table* table = sqlite3_malloc(sizeof *table);
  if (table == NULL) return SQLITE_NOMEM;
  memset(table, 0, sizeof *table);
  sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
  *out = &table->base;
  return SQLITE_OK;
}

static int scan_disconnect(sqlite3_vtab* table) {
  sqlite3_free(table);
  return SQLITE_OK;
}

static int scan_open(sqlite3_vtab* table, sqlite3_vtab_cursor** out) {
  (void)table;
  scan_cursor* cursor = sqlite3_malloc(sizeof *cursor);
  if (cursor == NULL) return SQLITE_NOMEM;
  memset(cursor, 0, sizeof *cursor);
  *out = &cursor->base;
  return SQLITE_OK;
}

static int scan_close(sqlite3_vtab_cursor* base) {
  scan_cursor* cursor = (scan_cursor*)base;
  sqlite3_value_free(cursor->input);
  sqlite3_free(cursor);
  return SQLITE_OK;
}

static void scan_fill(scan_cursor* cursor) {
  cursor->current = 0;
  cursor->count =
      cursor->text == NULL ? 0 : branded_scan(cursor->text, cursor->size, &cursor->at, cursor->rows, SCAN_BATCH);
}

static int scan_filter(sqlite3_vtab_cursor* base, int plan, const char* plan_text, int argc, sqlite3_value** argv) {
  scan_cursor* cursor = (scan_cursor*)base;
  (void)plan_text;
  sqlite3_value_free(cursor->input);
  cursor->input = NULL;
  cursor->text = NULL;
  memset(&cursor->at, 0, sizeof cursor->at);
  cursor->rowid = 0;
  if (plan == 1 && argc == 1 && sqlite3_value_type(argv[0]) != SQLITE_NULL) {
    cursor->input = sqlite3_value_dup(argv[0]);
    if (cursor->input == NULL) return SQLITE_NOMEM;
    size_t size = 0;
    if (!argument_bytes(cursor->input, &cursor->text, &size)) cursor->text = NULL;
    cursor->size = size;
  }
  scan_fill(cursor);
  return SQLITE_OK;
}

static int scan_next(sqlite3_vtab_cursor* base) {
  scan_cursor* cursor = (scan_cursor*)base;
  cursor->rowid++;
  if (++cursor->current == cursor->count) scan_fill(cursor);
  return SQLITE_OK;
}

static int scan_eof(sqlite3_vtab_cursor* base) {
  const scan_cursor* cursor = (const scan_cursor*)base;
  return cursor->current >= cursor->count;
}

static int scan_column(sqlite3_vtab_cursor* base, sqlite3_context* context, int column) {
  const scan_cursor* cursor = (const scan_cursor*)base;
  const branded_scan_row* row = &cursor->rows[cursor->current];
  branded_fields fields;
  switch (column) {
    case SCAN_BYTE_OFFSET: sqlite3_result_int64(context, (sqlite3_int64)row->offset); break;
    case SCAN_LINE: sqlite3_result_int64(context, (sqlite3_int64)row->line); break;
    case SCAN_ID: sqlite3_result_text(context, row->id, BRANDED_ID_LENGTH, SQLITE_TRANSIENT); break;
    case SCAN_NAMESPACE: sqlite3_result_text(context, row->id, 3, SQLITE_TRANSIENT); break;
    case SCAN_SNOWFLAKE:
      if (row->error == BRANDED_OK) sqlite3_result_int64(context, (sqlite3_int64)row->snowflake);
      break;
    case SCAN_UNIX_MS:
      if (row->error == BRANDED_OK && branded_fields_of(row->snowflake, &fields) == BRANDED_OK)
        sqlite3_result_int64(context, fields.unix_ms);
      break;
    case SCAN_ERROR:
      if (row->error != BRANDED_OK) sqlite3_result_text(context, branded_error_name(row->error), -1, SQLITE_STATIC);
      break;
    default:
      if (cursor->input != NULL) sqlite3_result_value(context, cursor->input);
      break;
  }
  return SQLITE_OK;
}

static int scan_rowid(sqlite3_vtab_cursor* base, sqlite3_int64* rowid) {
  *rowid = ((const scan_cursor*)base)->rowid;
  return SQLITE_OK;
}

/* The plan: 1 when the hidden column `input` is given (branded_scan(text)), else 0 (no rows). */
static int scan_best_index(sqlite3_vtab* table, sqlite3_index_info* info) {
  (void)table;
  info->idxNum = 0;
  for (int i = 0; i < info->nConstraint; ++i) {
    const struct sqlite3_index_constraint* constraint = &info->aConstraint[i];
    if (constraint->iColumn != SCAN_INPUT || constraint->op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
    if (!constraint->usable) return SQLITE_CONSTRAINT;
    info->aConstraintUsage[i].argvIndex = 1;
    info->aConstraintUsage[i].omit = 1;
    info->idxNum = 1;
  }
  info->estimatedCost = info->idxNum == 1 ? 1000.0 : 1e12;
  return SQLITE_OK;
}

static sqlite3_module scan_module = {
    .iVersion = 0,
    .xConnect = scan_connect,
    .xBestIndex = scan_best_index,
    .xDisconnect = scan_disconnect,
    .xOpen = scan_open,
    .xClose = scan_close,
    .xFilter = scan_filter,
    .xNext = scan_next,
    .xEof = scan_eof,
    .xColumn = scan_column,
    .xRowid = scan_rowid,
};

typedef struct sql_function {
  const char* name;
  int arguments;
  int deterministic;
  void (*call)(sqlite3_context*, int, sqlite3_value**);
} sql_function;

static const sql_function FUNCTIONS[] = {
    {"branded_valid", 1, 1, sql_valid},         {"branded_error", 1, 1, sql_error},
    {"branded_namespace", 1, 1, sql_namespace}, {"branded_snowflake", 1, 1, sql_snowflake},
    {"branded_unix_ms", 1, 1, sql_unix_ms},     {"branded_iso", 1, 1, sql_iso},
    {"branded_node", 1, 1, sql_node},           {"branded_seq", 1, 1, sql_seq},
    {"branded_hash32", 1, 1, sql_hash32},       {"branded_stream_id", 1, 1, sql_stream_id},
    {"branded_encode", 2, 1, sql_encode},       {"branded_min_id", 2, 1, sql_min_id},
    {"branded_slot", 1, 1, sql_slot},           {"branded_explain", 1, 1, sql_explain},
};

__attribute__((visibility("default"))) int sqlite3_branded_init(sqlite3* db, char** error,
                                                                const sqlite3_api_routines* api) {
  SQLITE_EXTENSION_INIT2(api);
  const char* failure = branded_self_check();
  if (failure != NULL) {
    *error = sqlite3_mprintf("branded: the compiled core fails its self-check: %s", failure);
    return SQLITE_ERROR;
  }
  for (size_t i = 0; i < sizeof FUNCTIONS / sizeof FUNCTIONS[0]; ++i) {
    const sql_function* f = &FUNCTIONS[i];
    const int flags = SQLITE_UTF8 | SQLITE_INNOCUOUS | (f->deterministic ? SQLITE_DETERMINISTIC : 0);
    const int status = sqlite3_create_function(db, f->name, f->arguments, flags, NULL, f->call, NULL, NULL);
    if (status != SQLITE_OK) return status;
  }
  return sqlite3_create_module(db, "branded_scan", &scan_module, NULL);
}
