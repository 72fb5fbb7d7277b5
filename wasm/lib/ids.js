// The 14-byte branded id: parse, valid, encode, errorOffset, and the three-byte wire gate.
import * as args from './args.js';
import { ERROR_CODES, quote, refused } from './errors.js';
import { AT, NOT_ASCII, answerId, idWords, input, onReady, views, wasm, writeText } from './module.js';
import { ID_LENGTH, KIND_REFUSAL } from './constants.js';

// One shared, frozen answer per refusal class.
let FAILURES = [];
onReady(() => {
  FAILURES = ERROR_CODES.map((error) => Object.freeze({ ok: false, error }));
});

/** Parses one id: its namespace and Snowflake fields, or the shared frozen refusal of its error class. */
export function parse(id) {
  args.text(id, 'id');
  let error = id.length === ID_LENGTH ? idWords(id, null, 0) : NOT_ASCII;
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

/**
 * Whether `value` is a valid branded id, of `namespace` when one is given (a guard: it narrows the type). A
 * namespace that is no namespace throws, as encode's does.
 */
export function isBranded(value, namespace) {
  if (namespace !== undefined) {
    args.text(namespace, 'namespace');
    const error = wasm.encode(input.address, writeText(namespace), 0n);
    if (error !== 0) throw refused(`isBranded(…, ${quote(namespace)})`, error, namespace);
  }
  if (typeof value !== 'string' || !valid(value)) return false;
  return namespace === undefined || value.startsWith(namespace);
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
