// The 14-byte branded id: parse, valid, encode, errorOffset, and the three-byte wire gate.
import * as args from './args.js';
import { ERROR_CODES, quote, refused } from './errors.js';
import { AT, answerId, input, onReady, views, wasm, writeText } from './module.js';
import { ID_LENGTH, KIND_REFUSAL } from './constants.js';

// One shared, frozen answer per refusal class.
let FAILURES = [];
onReady(() => {
  FAILURES = ERROR_CODES.map((error) => Object.freeze({ ok: false, error }));
});

const NOT_ASCII = -1;

// An id of 14 ASCII characters goes to the module as four 32-bit arguments (its bytes, little-endian):
// cheaper than storing 14 bytes in memory first. Returns the error number, or NOT_ASCII.
function parseAsciiId(id) {
  const c0 = id.charCodeAt(0),
    c1 = id.charCodeAt(1),
    c2 = id.charCodeAt(2),
    c3 = id.charCodeAt(3);
  const c4 = id.charCodeAt(4),
    c5 = id.charCodeAt(5),
    c6 = id.charCodeAt(6),
    c7 = id.charCodeAt(7);
  const c8 = id.charCodeAt(8),
    c9 = id.charCodeAt(9),
    c10 = id.charCodeAt(10),
    c11 = id.charCodeAt(11);
  const c12 = id.charCodeAt(12),
    c13 = id.charCodeAt(13);
  if ((c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7 | c8 | c9 | c10 | c11 | c12 | c13) >= 0x80) return NOT_ASCII;
  return wasm.parse_words(
    c0 | (c1 << 8) | (c2 << 16) | (c3 << 24),
    c4 | (c5 << 8) | (c6 << 16) | (c7 << 24),
    c8 | (c9 << 8) | (c10 << 16) | (c11 << 24),
    c12 | (c13 << 8),
  );
}

/** Parses one id: its namespace and Snowflake fields, or the shared frozen refusal of its error class. */
export function parse(id) {
  args.text(id, 'id');
  let error = id.length === ID_LENGTH ? parseAsciiId(id) : NOT_ASCII;
  if (error === NOT_ASCII) {
    const size = writeText(id);
    error = wasm.parse(input.address, size);
  }
  if (error !== 0) return FAILURES[error];
  const { u32, f64, u64 } = views();
  return {
    ok: true,
    namespace: id.slice(0, 3),
    snowflake: u64[AT.snowflake >> 3],
    unixMs: f64[AT.unixMs >> 3],
    node: u32[AT.node >> 2],
    seq: u32[AT.seq >> 2],
  };
}

/** Whether the text is a valid branded id. */
export function valid(id) {
  args.text(id, 'id');
  const size = writeText(id);
  return wasm.valid(input.address, size) === 1;
}

/** The id of a Snowflake under a namespace; throws a BrandedError when core refuses either. */
export function encode(namespace, snowflake) {
  args.text(namespace, 'namespace');
  const value = args.snowflake(snowflake);
  const size = writeText(namespace);
  const error = wasm.encode(input.address, size, value);
  if (error !== 0) throw refused(`encode(${quote(namespace)}, ${quote(snowflake)}n)`, error, namespace);
  return answerId();
}

/** The byte offset (UTF-8) where a refused id first goes wrong; -1 for a valid id. */
export function errorOffset(id) {
  args.text(id, 'id');
  const size = writeText(id);
  return wasm.error_offset(input.address, size);
}

const ADMITTED = Object.freeze({ admitted: true });
let NOT_ADMITTED;
onReady(() => {
  NOT_ADMITTED = Object.freeze({ admitted: false, error: KIND_REFUSAL });
});

/** The wire gate's verdict, from the first three bytes only (shared frozen answers). */
export function gate(id) {
  args.text(id, 'id');
  const size = writeText(id);
  return wasm.gate(input.address, size) === 1 ? ADMITTED : NOT_ADMITTED;
}
