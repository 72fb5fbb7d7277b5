// Writing to stdout with backpressure, and the shapes of a decoded id (a JSON object or an aligned row).
import { once } from 'node:events';

import { errorOffset } from '@echomq/branded';

import { hint as explain } from './explain.js';
import { stdout } from './stdio.js';

// For decode's refused rows, which load this module (and so the package's) on the first one.
export { ERROR_CODES } from '@echomq/branded';

/** Writes text to stdout, waiting for a drain when the stream asks for one. */
export async function write(text) {
  if (text.length > 0 && !stdout().write(text)) await once(stdout(), 'drain');
}

/**
 * The decode JSON object of a parsed id; `snowflake` is a bigint, written as a decimal string. Written by
 * hand for speed: a parsed id and its fields are plain ASCII with nothing to escape.
 */
export function decodedJson(id, namespace, snowflake, unixMs, node, seq, hash32, streamId) {
  return (
    `{"id":"${id}","ok":true,"namespace":"${namespace}","snowflake":"${snowflake}","unixMs":${unixMs},` +
    `"iso":"${iso(unixMs)}","node":${node},"seq":${seq},"hash32":${hash32},"streamId":"${streamId}"}`
  );
}

// ISO 8601 of an instant; ids in a stream often share their millisecond, so the last answer is kept.
let lastMs = NaN;
let lastIso = '';
/** ISO 8601 of an instant (the last answer is kept: ids in a stream often share their millisecond). */
export function iso(unixMs) {
  if (unixMs !== lastMs) {
    lastMs = unixMs;
    lastIso = new Date(unixMs).toISOString();
  }
  return lastIso;
}

/**
 * A refused id's object: its error, the byte it goes wrong at (errorOffset) and a hint naming the fix. A line
 * read from bytes passes them and their errorOffset: where they are not valid UTF-8, `id` is not their text.
 */
export function refusedJson(id, error, bytes = undefined, at = errorOffset(id)) {
  // as JSON.stringify of {id, ok, error, errorOffset, hint} writes it, the strings escaped one by one (faster)
  return `{"id":${JSON.stringify(id)},"ok":false,"error":"${error}","errorOffset":${at},"hint":${JSON.stringify(hint(id, bytes))}}`;
}

// The hint of a refused id, from its bytes where they are not its text (a line that is not valid UTF-8).
const hint = (id, bytes) => explain(bytes ?? id, id);

/** The aligned row of a parsed id, under the table header. */
export function decodedRow(id, namespace, snowflake, unixMs, node, seq, hash32, streamId) {
  return (
    `${id}  ${namespace}  ${snowflake.toString().padEnd(19)}  ${iso(unixMs)}  ` +
    `${String(node).padStart(4)}  ${String(seq).padStart(4)}  ${String(hash32).padStart(10)}  ${streamId}`
  );
}

/** A refused id's row: the id as typed, its error and the hint (`bytes` as for refusedJson). */
export function refusedRow(id, error, bytes = undefined) {
  return `${printable(id).padEnd(14)}  refused: ${error} (${hint(id, bytes)})`;
}

// A line of stdin longer than this is refused for its length and shown by its first bytes only.
export const LINE_SHOWN_BYTES = 1024;

/**
 * The first LINE_SHOWN_BYTES of a long line's bytes as text, cut before a character that would not fit whole.
 */
export function shownHead(bytes) {
  let end = Math.min(bytes.length, LINE_SHOWN_BYTES);
  while (end > 0 && end < bytes.length && (bytes[end] & 0xc0) === 0x80) end--;
  return Buffer.from(bytes.subarray(0, end)).toString('utf8');
}

// Why a long line was refused: its whole length, and where it is shown cut.
const longHint = (bytes) => `${bytes} bytes: an id is exactly 14; shown cut at ${LINE_SHOWN_BYTES}`;

/** The object of a line of `bytes` bytes too long to show whole (`head`: shownHead's text); truncated: true. */
export function longLineJson(head, bytes) {
  const at = errorOffset(head);
  return JSON.stringify({
    id: head,
    ok: false,
    error: 'length',
    errorOffset: at,
    hint: longHint(bytes),
    truncated: true,
  });
}

/** The row of a line of `bytes` bytes too long to show whole (`head`: shownHead's text), marked cut with "…". */
export function longLineRow(head, bytes) {
  return `${printable(head)}…  refused: length (${longHint(bytes)})`;
}

/** An id as typed, unless it holds control characters: then quoted with escapes. */
export function printable(text) {
  return /[\u0000-\u001f\u007f]/.test(text) ? JSON.stringify(text) : text;
}
