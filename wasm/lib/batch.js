// Bulk forms: parseMany (an array of ids, or newline-separated text) and encodeMany. The module works in
// chunks through fixed columns in its memory (bindings/batches.cpp); each chunk is copied out here.
import * as args from './args.js';
import { LINE_COLUMNS, PARSED_COLUMNS, ParsedIds, copyColumns } from './columns.js';
import { ID_LENGTH } from './constants.js';
import { bytesSource } from './sources.js';
import { readLayout } from './layout.js';
import { AT, idWords, input, onReady, readId, reserveInput, views, wasm, writeText } from './module.js';

const LINES_AREA = 1 << 18;

// Column addresses by name, from the module's table (bindings/batches.cpp), and the numbers it points to.
const SLOT_WORDS = 4; // array items go in slots of the four words idWords writes
let COLUMN;
let CHUNK;
onReady(() => {
  COLUMN = readLayout(views().u32, wasm.batch_layout());
  CHUNK = views().u32[COLUMN.capacity >> 2];
  const slotBytes = views().u32[COLUMN.slotBytes >> 2];
  if (slotBytes !== SLOT_WORDS * 4) throw new Error(`the module's batch slots are ${slotBytes} bytes, not 16`);
});

const BATCH_COLUMNS = [...PARSED_COLUMNS, ...LINE_COLUMNS];
// Copies `count` slots of the module's columns into `result` from slot `at`.
const copyOut = (result, at, count) => copyColumns(result, BATCH_COLUMNS, COLUMN, views(), at, count);

// A chunk's items are joined into strings (`+=`, PIECE items each: a longer one measured slower to write) and
// written by one encodeInto each, 14 bytes an item: cheaper than reading each item's characters. An item of
// another length is replaced there by 14 spaces and parsed alone from its full UTF-8 bytes; a chunk that is
// not all ASCII (its bytes would not line up) is written item by item into 16-byte slots instead.
const PIECE = 4096;

function parseArray(ids, fields) {
  const filler = ' '.repeat(ID_LENGTH); // ID_LENGTH comes from the module: known once it is ready
  const n = ids.length;
  const result = new ParsedIds(n, { fields, lines: false });
  for (let base = 0; base < n; base += CHUNK) {
    const count = Math.min(CHUNK, n - base);
    let odd = null;
    let packed = true;
    for (let from = 0; from < count; from += PIECE) {
      const to = Math.min(count, from + PIECE);
      let joined = '';
      for (let i = from; i < to; i++) {
        const id = ids[base + i];
        if (typeof id !== 'string') throw new TypeError(`ids[${base + i}] must be a string, got ${typeof id}`);
        if (id.length === ID_LENGTH) joined += id;
        else {
          joined += filler;
          (odd ??= []).push(i);
        }
      }
      if (packed) packed = writePacked(joined, from);
    }
    if (!packed) odd = writeSlots(ids, base, count);
    result.refused += wasm.parse_fixed(count, fields, packed ? 1 : 0);
    if (odd !== null) {
      for (const i of odd) {
        const size = writeText(ids[base + i]);
        result.refused += wasm.parse_slot(input.address, size, i, fields);
      }
    }
    copyOut(result, base, count);
  }
  result.count = n;
  return result;
}

// Writes joined items into the ids column from item `from`, 14 bytes an item; false when they are not all ASCII.
function writePacked(joined, from) {
  const start = COLUMN.ids + from * ID_LENGTH;
  return encoder.encodeInto(joined, views().u8.subarray(start, start + joined.length)).read === joined.length;
}

// Writes each item of 14 ASCII characters into its 16-byte slot; returns the others' indexes, or null.
function writeSlots(ids, base, count) {
  const u32 = views().u32;
  let odd = null;
  for (let i = 0, word = COLUMN.ids >> 2; i < count; i++, word += SLOT_WORDS) {
    const id = ids[base + i];
    if (id.length === ID_LENGTH && idWords(id, u32, word) === 0) continue;
    (odd ??= []).push(i);
  }
  return odd;
}

// Newline-separated ids ("\n" or "\r\n"; a blank line is an id of length 0, refused with `length`).
// `fill(u8, from, to)` writes the next bytes of the text and says how many and whether the text is done.
function parseLines(fill, estimate, fields) {
  const result = new ParsedIds(estimate, { fields, lines: true });
  let area = LINES_AREA;
  let carried = 0;
  let byteBase = 0;
  let final = false;
  for (;;) {
    const at = reserveInput(area);
    let size = carried;
    if (!final) {
      const filled = fill(views().u8, at + carried, at + area);
      size += filled.written;
      final = filled.done;
    }
    wasm.parse_lines(at, size, final, fields, byteBase);
    const u32 = views().u32;
    const lines = u32[AT.lines >> 2];
    const consumed = u32[AT.consumed >> 2];
    result.reserve(result.count + lines);
    copyOut(result, result.count, lines);
    result.count += lines;
    result.refused += u32[AT.refused >> 2];
    byteBase += consumed;
    carried = size - consumed;
    if (final && carried === 0) return result.trim();
    if (carried !== 0) views().u8.copyWithin(at, at + consumed, at + size);
    if (lines === 0 && !final) area *= 2; // one line longer than the area: make room for it
  }
}

const encoder = new TextEncoder();

/**
 * A source over a string: each call writes the next part, as UTF-8, into u8[from, to) and says whether it
 * was the last.
 */
export function textSource(text) {
  let read = 0;
  return (u8, from, to) => {
    const { read: chars, written } = encoder.encodeInto(read === 0 ? text : text.slice(read), u8.subarray(from, to));
    read += chars;
    return { written, done: read === text.length };
  };
}

/**
 * parseMany(ids | text | bytes, {fields}) → ParsedIds. `fields: true` adds the unixMs, node, seq and
 * hash32 columns (they double the columns' size, so they come only when asked for).
 */
export function parseMany(input, options = {}) {
  args.object(options, 'parseMany options');
  const fields = options.fields === true ? 1 : 0;
  if (Array.isArray(input)) return parseArray(input, fields);
  if (typeof input === 'string') return parseLines(textSource(input), Math.ceil(input.length / 15) + 1, fields);
  if (args.isBytes(input)) return parseLines(bytesSource(input), Math.ceil(input.length / 15) + 1, fields);
  throw new TypeError('parseMany takes an array of ids, a newline-separated string, or its UTF-8 bytes (Uint8Array)');
}

/** encodeMany(namespace, snowflakes) → {ids, error, refused}: ids[i] is null where error[i] is not 0. */
export function encodeMany(namespace, snowflakes) {
  args.text(namespace, 'namespace');
  const typed = snowflakes instanceof BigUint64Array;
  if (!typed && !Array.isArray(snowflakes))
    throw new TypeError('snowflakes must be a BigUint64Array or an array of bigints');
  const n = snowflakes.length;
  const ids = new Array(n);
  const error = new Uint8Array(n);
  let refused = 0;
  const nsSize = writeText(namespace);
  for (let base = 0; base < n; base += CHUNK) {
    const count = Math.min(CHUNK, n - base);
    const column = views().u64.subarray(COLUMN.snowflake / 8, COLUMN.snowflake / 8 + count);
    if (typed) column.set(snowflakes.subarray(base, base + count));
    else for (let i = 0; i < count; i++) column[i] = args.snowflake(snowflakes[base + i], `snowflakes[${base + i}]`);
    refused += wasm.encode_many(input.address, nsSize, count);
    const u8 = views().u8;
    error.set(u8.subarray(COLUMN.error, COLUMN.error + count), base);
    for (let i = 0; i < count; i++) ids[base + i] = error[base + i] === 0 ? readId(COLUMN.ids + i * ID_LENGTH) : null;
  }
  return { ids, error, refused };
}
