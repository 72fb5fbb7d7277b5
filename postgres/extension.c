/* The PostgreSQL extension `branded`: SQL functions over the C ABI (core/include/branded/branded.h). Every
 * function is STRICT (NULL in, NULL out) and answers NULL for an input the contract refuses; branded_valid and
 * branded_error say why. No rule of the contract is written here. */
#include "postgres.h"

#include "fmgr.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "branded/branded.h"

PG_MODULE_MAGIC;

void _PG_init(void);

/* Refuses to load a core that fails its self-check: every answer would be suspect. */
void _PG_init(void) {
  const char* failure = branded_self_check();
  if (failure != NULL)
    ereport(ERROR, (errcode(ERRCODE_EXTERNAL_ROUTINE_EXCEPTION),
                    errmsg("branded: the compiled core fails its self-check: %s", failure)));
}

/* The fields of the id in argument 0; false when it is refused. */
static bool parsed_argument(FunctionCallInfo fcinfo, branded_fields* fields) {
  text* id = PG_GETARG_TEXT_PP(0);
  return branded_parse(VARDATA_ANY(id), VARSIZE_ANY_EXHDR(id), fields, NULL) == BRANDED_OK;
}

static Datum text_result(const char* data, size_t size) { return PointerGetDatum(cstring_to_text_with_len(data, (int)size)); }

PG_FUNCTION_INFO_V1(pg_branded_valid);
Datum pg_branded_valid(PG_FUNCTION_ARGS) {
  text* id = PG_GETARG_TEXT_PP(0);
  PG_RETURN_BOOL(branded_valid(VARDATA_ANY(id), VARSIZE_ANY_EXHDR(id)) == 1);
}

PG_FUNCTION_INFO_V1(pg_branded_error);
Datum pg_branded_error(PG_FUNCTION_ARGS) {
  text* id = PG_GETARG_TEXT_PP(0);
  const branded_error error = branded_parse(VARDATA_ANY(id), VARSIZE_ANY_EXHDR(id), NULL, NULL);
  if (error == BRANDED_OK) PG_RETURN_NULL();
  PG_RETURN_TEXT_P(cstring_to_text(branded_error_name(error)));
}

PG_FUNCTION_INFO_V1(pg_branded_namespace);
Datum pg_branded_namespace(PG_FUNCTION_ARGS) {
  branded_fields fields;
  if (!parsed_argument(fcinfo, &fields)) PG_RETURN_NULL();
  return text_result(fields.ns, 3);
}

PG_FUNCTION_INFO_V1(pg_branded_snowflake);
Datum pg_branded_snowflake(PG_FUNCTION_ARGS) {
  branded_fields fields;
  if (!parsed_argument(fcinfo, &fields)) PG_RETURN_NULL();
  PG_RETURN_INT64((int64)fields.snowflake); /* below 2^63: a bigint holds every Snowflake */
}

PG_FUNCTION_INFO_V1(pg_branded_unix_ms);
Datum pg_branded_unix_ms(PG_FUNCTION_ARGS) {
  branded_fields fields;
  if (!parsed_argument(fcinfo, &fields)) PG_RETURN_NULL();
  PG_RETURN_INT64(fields.unix_ms);
}

/* unix ms as a timestamptz: the server's epoch is 2000-01-01, its unit the microsecond. */
static TimestampTz timestamp_of(int64 unix_ms) {
  return (TimestampTz)(unix_ms * 1000 - (int64)(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY);
}

static int64 unix_ms_of(TimestampTz at) {
  const int64 micros = at + (int64)(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY;
  return micros >= 0 ? micros / 1000 : -((-micros + 999) / 1000); /* the millisecond the instant falls in */
}

PG_FUNCTION_INFO_V1(pg_branded_time);
Datum pg_branded_time(PG_FUNCTION_ARGS) {
  branded_fields fields;
  if (!parsed_argument(fcinfo, &fields)) PG_RETURN_NULL();
  PG_RETURN_TIMESTAMPTZ(timestamp_of(fields.unix_ms));
}

PG_FUNCTION_INFO_V1(pg_branded_iso);
Datum pg_branded_iso(PG_FUNCTION_ARGS) {
  branded_fields fields;
  char iso[BRANDED_ISO_LENGTH + 1];
  if (!parsed_argument(fcinfo, &fields) || branded_iso(fields.unix_ms, iso) != BRANDED_OK) PG_RETURN_NULL();
  return text_result(iso, BRANDED_ISO_LENGTH);
}

PG_FUNCTION_INFO_V1(pg_branded_node);
Datum pg_branded_node(PG_FUNCTION_ARGS) {
  branded_fields fields;
  if (!parsed_argument(fcinfo, &fields)) PG_RETURN_NULL();
  PG_RETURN_INT32((int32)fields.node);
}

PG_FUNCTION_INFO_V1(pg_branded_seq);
Datum pg_branded_seq(PG_FUNCTION_ARGS) {
  branded_fields fields;
  if (!parsed_argument(fcinfo, &fields)) PG_RETURN_NULL();
  PG_RETURN_INT32((int32)fields.seq);
}

PG_FUNCTION_INFO_V1(pg_branded_hash32);
Datum pg_branded_hash32(PG_FUNCTION_ARGS) {
  branded_fields fields;
  if (!parsed_argument(fcinfo, &fields)) PG_RETURN_NULL();
  PG_RETURN_INT64((int64)fields.hash32);
}

PG_FUNCTION_INFO_V1(pg_branded_stream_id);
Datum pg_branded_stream_id(PG_FUNCTION_ARGS) {
  branded_fields fields;
  char entry[BRANDED_MAX_ENTRY_ID_LENGTH + 1];
  if (!parsed_argument(fcinfo, &fields)) PG_RETURN_NULL();
  return text_result(entry, branded_stream_id(fields.snowflake, entry));
}

PG_FUNCTION_INFO_V1(pg_branded_encode);
Datum pg_branded_encode(PG_FUNCTION_ARGS) {
  text* ns = PG_GETARG_TEXT_PP(0);
  const int64 snowflake = PG_GETARG_INT64(1);
  char id[BRANDED_ID_LENGTH + 1];
  if (snowflake < 0 || branded_encode(VARDATA_ANY(ns), VARSIZE_ANY_EXHDR(ns), (uint64_t)snowflake, id) != BRANDED_OK)
    PG_RETURN_NULL();
  return text_result(id, BRANDED_ID_LENGTH);
}

static Datum min_id_at(text* ns, int64 unix_ms) {
  char id[BRANDED_ID_LENGTH + 1];
  if (branded_min_id(VARDATA_ANY(ns), VARSIZE_ANY_EXHDR(ns), unix_ms, id) != BRANDED_OK) return (Datum)0;
  return text_result(id, BRANDED_ID_LENGTH);
}

PG_FUNCTION_INFO_V1(pg_branded_min_id_ms);
Datum pg_branded_min_id_ms(PG_FUNCTION_ARGS) {
  const Datum id = min_id_at(PG_GETARG_TEXT_PP(0), PG_GETARG_INT64(1));
  if (id == (Datum)0) PG_RETURN_NULL();
  return id;
}

PG_FUNCTION_INFO_V1(pg_branded_min_id_time);
Datum pg_branded_min_id_time(PG_FUNCTION_ARGS) {
  const TimestampTz at = PG_GETARG_TIMESTAMPTZ(1);
  if (TIMESTAMP_NOT_FINITE(at)) PG_RETURN_NULL();
  const Datum id = min_id_at(PG_GETARG_TEXT_PP(0), unix_ms_of(at));
  if (id == (Datum)0) PG_RETURN_NULL();
  return id;
}

PG_FUNCTION_INFO_V1(pg_branded_slot);
Datum pg_branded_slot(PG_FUNCTION_ARGS) {
  text* key = PG_GETARG_TEXT_PP(0);
  PG_RETURN_INT32(branded_slot(VARDATA_ANY(key), VARSIZE_ANY_EXHDR(key)));
}

PG_FUNCTION_INFO_V1(pg_branded_explain);
Datum pg_branded_explain(PG_FUNCTION_ARGS) {
  text* input = PG_GETARG_TEXT_PP(0);
  branded_explanation why;
  if (branded_explain_id(VARDATA_ANY(input), VARSIZE_ANY_EXHDR(input), &why) == BRANDED_OK) PG_RETURN_NULL();
  PG_RETURN_TEXT_P(cstring_to_text(why.message));
}

PG_FUNCTION_INFO_V1(pg_branded_version);
Datum pg_branded_version(PG_FUNCTION_ARGS) { PG_RETURN_TEXT_P(cstring_to_text(branded_version())); }

/* branded_scan(text): byte_offset, line, id, namespace, snowflake, unix_ms, error; one row per candidate. */
PG_FUNCTION_INFO_V1(pg_branded_scan);
Datum pg_branded_scan(PG_FUNCTION_ARGS) {
  enum { BATCH = 256, COLUMNS = 7 };
  text* input = PG_GETARG_TEXT_PP(0);
  ReturnSetInfo* result = (ReturnSetInfo*)fcinfo->resultinfo;
  branded_scan_cursor cursor;
  branded_scan_row rows[BATCH];
  size_t got;
  InitMaterializedSRF(fcinfo, 0);
  memset(&cursor, 0, sizeof cursor);
  while ((got = branded_scan(VARDATA_ANY(input), VARSIZE_ANY_EXHDR(input), &cursor, rows, BATCH)) > 0) {
    for (size_t i = 0; i < got; ++i) {
      const branded_scan_row* row = &rows[i];
      const bool ok = row->error == BRANDED_OK;
      branded_fields fields;
      Datum values[COLUMNS];
      bool nulls[COLUMNS] = {false, false, false, false, !ok, !ok, ok};
      if (ok) branded_fields_of(row->snowflake, &fields);
      values[0] = Int64GetDatum((int64)row->offset);
      values[1] = Int64GetDatum((int64)row->line);
      values[2] = text_result(row->id, BRANDED_ID_LENGTH);
      values[3] = text_result(row->id, 3);
      values[4] = ok ? Int64GetDatum((int64)row->snowflake) : (Datum)0;
      values[5] = ok ? Int64GetDatum(fields.unix_ms) : (Datum)0;
      values[6] = ok ? (Datum)0 : PointerGetDatum(cstring_to_text(branded_error_name(row->error)));
      tuplestore_putvalues(result->setResult, result->setDesc, values, nulls);
    }
  }
  return (Datum)0;
}
