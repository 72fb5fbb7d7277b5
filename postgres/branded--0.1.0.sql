-- The extension `branded` (postgres/extension.c over the core's C ABI). Each function is STRICT: NULL in, NULL
-- out; an input the contract refuses gives NULL too (branded_valid and branded_error say why).
\echo Use "CREATE EXTENSION branded" to load this file. \quit

CREATE FUNCTION branded_valid(id text) RETURNS boolean
  AS 'MODULE_PATHNAME', 'pg_branded_valid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_error(id text) RETURNS text
  AS 'MODULE_PATHNAME', 'pg_branded_error' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_namespace(id text) RETURNS text
  AS 'MODULE_PATHNAME', 'pg_branded_namespace' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_snowflake(id text) RETURNS bigint
  AS 'MODULE_PATHNAME', 'pg_branded_snowflake' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_unix_ms(id text) RETURNS bigint
  AS 'MODULE_PATHNAME', 'pg_branded_unix_ms' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_time(id text) RETURNS timestamptz
  AS 'MODULE_PATHNAME', 'pg_branded_time' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_iso(id text) RETURNS text
  AS 'MODULE_PATHNAME', 'pg_branded_iso' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_node(id text) RETURNS integer
  AS 'MODULE_PATHNAME', 'pg_branded_node' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_seq(id text) RETURNS integer
  AS 'MODULE_PATHNAME', 'pg_branded_seq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_hash32(id text) RETURNS bigint
  AS 'MODULE_PATHNAME', 'pg_branded_hash32' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_stream_id(id text) RETURNS text
  AS 'MODULE_PATHNAME', 'pg_branded_stream_id' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_encode(namespace text, snowflake bigint) RETURNS text
  AS 'MODULE_PATHNAME', 'pg_branded_encode' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- The smallest id of a namespace at or after an instant: id >= branded_min_id('JOB', t0) AND id < ...(t1).
CREATE FUNCTION branded_min_id(namespace text, unix_ms bigint) RETURNS text
  AS 'MODULE_PATHNAME', 'pg_branded_min_id_ms' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_min_id(namespace text, at timestamptz) RETURNS text
  AS 'MODULE_PATHNAME', 'pg_branded_min_id_time' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_slot(key text) RETURNS integer
  AS 'MODULE_PATHNAME', 'pg_branded_slot' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_explain(input text) RETURNS text
  AS 'MODULE_PATHNAME', 'pg_branded_explain' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION branded_version() RETURNS text
  AS 'MODULE_PATHNAME', 'pg_branded_version' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION branded_scan(input text)
  RETURNS TABLE (byte_offset bigint, line bigint, id text, namespace text, snowflake bigint, unix_ms bigint,
                 error text)
  AS 'MODULE_PATHNAME', 'pg_branded_scan' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 10;
