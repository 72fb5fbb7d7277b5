// Time ranges as id ranges: the least id of a namespace at an instant, and the ids of [t0, t1) as a plain
// bytewise range (core's id_range.hpp: the ids of one namespace sort as their instants do).
import * as args from './args.js';
import { quote, refused } from './errors.js';
import { answerText, input, wasm, writeText } from './module.js';
import { ID_LENGTH } from './constants.js';

/** An instant as Unix ms: an integer number, or a Date (a TypeError for anything else, an invalid Date too). */
function instantMs(value, name) {
  if (value instanceof Date) return args.integer(value.getTime(), `${name} (a Date)`);
  return args.integer(value, name);
}

/** The least id of the namespace minted at or after the instant; throws `namespace`, or `range` outside the horizon. */
export function minId(namespace, instant) {
  args.text(namespace, 'namespace');
  const ms = instantMs(instant, 'instant');
  const size = writeText(namespace);
  const error = wasm.min_id(input.address, size, ms);
  if (error !== 0) throw refused(`minId(${quote(namespace)}, ${ms})`, error, namespace);
  return answerText();
}

/**
 * The ids of the namespace minted in [t0, t1): `start` inclusive, `end` exclusive, compared bytewise. Throws
 * `namespace`, or `range` unless t0 < t1 and both lie in the horizon.
 */
export function idRange(namespace, t0, t1) {
  args.text(namespace, 'namespace');
  const from = instantMs(t0, 't0');
  const to = instantMs(t1, 't1');
  const size = writeText(namespace);
  const error = wasm.id_range(input.address, size, from, to);
  if (error !== 0) throw refused(`idRange(${quote(namespace)}, ${from}, ${to})`, error, namespace);
  return { start: answerText(0, ID_LENGTH), end: answerText(ID_LENGTH, ID_LENGTH) };
}
