// Argument checks: a wrong type is a TypeError here, before anything reaches the module. Values of the
// right type are passed on for core to judge.
import { quote } from './errors.js';

const U64_MAX = 0xffff_ffff_ffff_ffffn;

/** The value when it is a string; else a TypeError naming the parameter. */
export function text(value, name) {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string, got ${describe(value)}`);
  return value;
}

/**
 * A bigint for a uint64 parameter. One outside [0, 2^64) cannot cross into the module unchanged, so it
 * becomes 2^64 - 1, which every Snowflake parameter refuses with `range` (never a wrapped value).
 */
export function snowflake(value, name = 'snowflake') {
  if (typeof value !== 'bigint') throw new TypeError(`${name} must be a bigint, got ${describe(value)}`);
  return value >= 0n && value <= U64_MAX ? value : U64_MAX;
}

/** The value when it is an integer number; else a TypeError naming the parameter. */
export function integer(value, name) {
  if (!Number.isInteger(value)) throw new TypeError(`${name} must be an integer number, got ${describe(value)}`);
  return value;
}

/** The value when it is an object (not null); else a TypeError naming the parameter. */
export function object(value, name) {
  if (typeof value !== 'object' || value === null)
    throw new TypeError(`${name} must be an object, got ${describe(value)}`);
  return value;
}

/** Whether the value is a Uint8Array of any realm (an iframe's, a vm context's), which instanceof would miss. */
export const isBytes = (value) => ArrayBuffer.isView(value) && value[Symbol.toStringTag] === 'Uint8Array';

/** How an argument error names a value: its type, and the value when it is short. */
export function describe(value) {
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${quote(value)}`;
  if (typeof value === 'bigint') return `the bigint ${quote(value)}n`;
  if (typeof value === 'number') return `the number ${value}`;
  return typeof value;
}
