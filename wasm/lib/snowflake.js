// Snowflakes: placement, fields, composition, time bounds, and their stream entry ids and windows.
import * as args from './args.js';
import { quote, refused } from './errors.js';
import { AT, answerText, input, views, wasm, writeText } from './module.js';

/** The placement hash of a Snowflake; throws `range` at 2^63 or more. */
export function hash32(snowflake) {
  const error = wasm.hash32(args.snowflake(snowflake));
  if (error !== 0) throw refused(`hash32(${quote(snowflake)}n)`, error);
  return views().u32[AT.hash32 >> 2];
}

/** The instant (Unix ms) of a Snowflake; throws `range` at 2^63 or more. */
export function unixMs(snowflake) {
  const error = wasm.unix_ms(args.snowflake(snowflake));
  if (error !== 0) throw refused(`unixMs(${quote(snowflake)}n)`, error);
  return views().f64[AT.unixMs >> 3];
}

/** The Snowflake of {unixMs, node, seq}; throws `range` or `node` when core refuses a field. */
export function compose(fields) {
  args.object(fields, 'compose fields');
  const { unixMs: ms, node, seq } = fields;
  const error = wasm.compose(args.integer(ms, 'unixMs'), args.integer(node, 'node'), args.integer(seq, 'seq'));
  if (error !== 0) throw refused(`compose({unixMs: ${ms}, node: ${node}, seq: ${seq}})`, error);
  return views().u64[AT.snowflake >> 3];
}

/** The smallest Snowflake mintable at or after the instant; throws `range` outside the horizon. */
export function minFor(unixMs) {
  const error = wasm.min_for(args.integer(unixMs, 'unixMs'));
  if (error !== 0) throw refused(`minFor(${unixMs})`, error);
  return views().u64[AT.snowflake >> 3];
}

/** The stream entry id `<unixMs>-<low 22 bits>` of a Snowflake. */
export function streamId(snowflake) {
  const error = wasm.stream_id(args.snowflake(snowflake));
  if (error !== 0) throw refused(`streamId(${quote(snowflake)}n)`, error);
  return answerText();
}

/** XRANGE arguments for the instants [t0, t1): start, exclusive end, and the equivalent inclusive end. */
export function streamWindow(t0, t1) {
  const error = wasm.window(args.integer(t0, 't0'), args.integer(t1, 't1'));
  if (error !== 0) throw refused(`streamWindow(${t0}, ${t1})`, error);
  const u32 = views().u32;
  const [startSize, endSize, inclusiveSize] = u32.subarray(AT.parts >> 2, (AT.parts >> 2) + 3);
  return {
    start: answerText(0, startSize),
    end: answerText(startSize, endSize),
    inclusiveEnd: answerText(startSize + endSize, inclusiveSize),
  };
}

/**
 * "<ms>-<seq>" → {ms, seq, snowflake}: snowflake is the Snowflake the entry id was injected from, or null
 * when it is not such an id (seq wider than 22 bits, ms outside the Snowflake horizon).
 */
export function parseEntryId(text) {
  args.text(text, 'entry id');
  const size = writeText(text);
  const error = wasm.parse_entry_id(input.address, size);
  if (error !== 0) throw refused(`parseEntryId(${quote(text)})`, error);
  const { u32, u64 } = views();
  return {
    ms: u64[AT.entryMs >> 3],
    seq: u64[AT.entrySeq >> 3],
    snowflake: u32[AT.entryError >> 2] === 0 ? u64[AT.snowflake >> 3] : null,
  };
}
