// @echomq/branded/export — a batch's rows as CSV or JSON bytes, written by core (the explorer's download) in a
// module of its own (the package's entry carries none of it). Loaded on import wherever the platform compiles
// WebAssembly synchronously (Node, workers, browsers), else when `ready` resolves. (dist/export.d.cts is a copy
// for require.)

/** Resolves once the module is instantiated; rejects with the reason it could not load. */
export const ready: Promise<void>;

/** The rows to write: each row's id as bytes, and where it was found. Each id is parsed again by core. */
export interface ExportColumns {
  /** The ids' bytes (UTF-8): scan's `idBytes`, or the text parseMany read. */
  ids: Uint8Array;
  /** How many rows. */
  count: number;
  /** Row i's id starts at `idOffset[i]` in `ids` (parseMany's `offset`); default: `ids` split into equal parts. */
  idOffset?: ArrayLike<number>;
  /** Row i's id is `idLength[i]` bytes (parseMany's `length`); given with `idOffset`. */
  idLength?: ArrayLike<number>;
  /** Row i's line, 1-based (scan's `line`); default: i + 1. */
  line?: ArrayLike<number>;
  /** Row i's byte offset in its source (scan's `offset`); default: none (the CSV cell empty, the JSON key left out). */
  offset?: ArrayLike<number>;
}

/** How to write the file. */
export interface ExportOptions {
  /** `csv` (the default): a header and a line per row; `json`: an array of objects. */
  format?: 'csv' | 'json';
  /** CSV only: each Snowflake as ="…", so a spreadsheet keeps every digit (it keeps 15 of a number). */
  spreadsheet?: boolean;
}

/** The bytes of one export, in order: head(), rows(order) once per slice of the rows, tail(). */
export interface ExportWriter {
  /** The CSV header, or the JSON array's opening. */
  head(): Uint8Array;
  /** The rows numbered in `order` (indices into the columns), in that order. */
  rows(order: ArrayLike<number>): Uint8Array;
  /** Nothing (CSV), or the JSON array's end. */
  tail(): Uint8Array;
}

/**
 * A writer of `columns`' rows. CSV: line,offset,id,ok,error,namespace,snowflake,unixMs,iso,node,seq,hash32,streamId;
 * JSON: {line, offset?, id, ok, namespace, snowflake (a string), unixMs, iso, node, seq, hash32, streamId} for a
 * valid id, {line, offset?, id, ok: false, error} for a refused one. One export at a time: a second createExport
 * makes the first's calls throw. Throws TypeError or RangeError for columns that do not fit.
 * @example const w = createExport({ ids: new TextEncoder().encode('JOB0KHTOWnGLuC'), count: 1 }); new TextDecoder().decode(w.rows([0])) // '1,,JOB0KHTOWnGLuC,true,,JOB,274557032793636864,1769526697641,2026-01-27T15:11:37.641Z,0,0,234878118,1769526697641-0\n'
 */
export function createExport(columns: ExportColumns, options?: ExportOptions): ExportWriter;
