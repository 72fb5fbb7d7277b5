// The table header of `branded decode` (plain text, no module: both decode paths print it).
export const DECODE_HEADER =
  'ID              NS   SNOWFLAKE            TIME (UTC)                NODE   SEQ      HASH32  STREAM ID\n';
