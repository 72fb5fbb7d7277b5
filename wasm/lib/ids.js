// The 14-byte branded id: parse, valid, encode, errorOffset, and the three-byte wire gate.
import * as args from './args.js';
import { ERROR_CODES, quote, refused } from './errors.js';
import { AT, answerId, input, views, wasm, writeText } from './module.js';
import { KIND_REFUSAL } from './constants.js';

// One shared, frozen answer per refusal class.
const FAILURES = ERROR_CODES.map((error) => Object.freeze({ ok: false, error }));

export function parse(id) {
  args.text(id, 'id');
  const size = writeText(id);
  const error = wasm._branded_parse(input.address, size);
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

export function valid(id) {
  args.text(id, 'id');
  const size = writeText(id);
  return wasm._branded_valid(input.address, size) === 1;
}

export function encode(namespace, snowflake) {
  args.text(namespace, 'namespace');
  const value = args.snowflake(snowflake);
  const size = writeText(namespace);
  const error = wasm._branded_encode(input.address, size, value);
  if (error !== 0) throw refused(`encode(${quote(namespace)}, ${quote(snowflake)}n)`, error);
  return answerId();
}

// The byte offset (UTF-8) where a refused id first goes wrong; -1 for a valid id.
export function errorOffset(id) {
  args.text(id, 'id');
  const size = writeText(id);
  return wasm._branded_error_offset(input.address, size);
}

const ADMITTED = Object.freeze({ admitted: true });
const NOT_ADMITTED = Object.freeze({ admitted: false, error: KIND_REFUSAL });

export function gate(id) {
  args.text(id, 'id');
  const size = writeText(id);
  return wasm._branded_gate(input.address, size) === 1 ? ADMITTED : NOT_ADMITTED;
}

