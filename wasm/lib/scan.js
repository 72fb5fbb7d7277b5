// scan(text | bytes): every branded id in any text (logs, JSON, URLs, CSV), found by core's scan
// (bindings/scan.cpp) in chunks through fixed columns in the module's memory. scanChunks is the streaming
// form the CLI reads from: the bytes arrive in pieces, an id split between two pieces is found once.
import * as args from './args.js';
import { ParsedIds } from './columns.js';
import { reserveInput, views, wasm } from './module.js';

const AREA = 1 << 18;
const MAX_OFFSET = 2 ** 32 - 1; // offsets are Uint32Array columns

// Column addresses, in the order of branded_scan_layout.
export const FOUND = (() => {
  const at = wasm._branded_scan_layout() >> 2;
  const u32 = views().u32;
  const names = ['capacity', 'snowflake', 'unixMs', 'namespace', 'hash32', 'offset', 'newlines', 'node', 'seq', 'error', 'status'];
  return Object.freeze(Object.fromEntries(names.map((name, i) => [name, u32[at + i]])));
})();

// Scans the text `fill(u8, from, to)` writes (it says how many bytes and whether the text is done). For every
// chunk of candidates, `take(chunk)` reads the module's columns (FOUND) before the next call overwrites them:
// chunk = {count, refused, text, byteBase, line}. Candidate i sits at byte `byteBase + offset[i]` of the whole
// text (`text + offset[i]` in the module's memory, for this call only), on line `line + newlines[i]`.
export function scanChunks(fill, fields, take) {
  let carried = 0;
  let byteBase = 0;
  let line = 1;
  let afterAlnum = 0;
  let final = false;
  for (;;) {
    const at = reserveInput(AREA);
    let size = carried;
    if (!final) {
      const filled = fill(views().u8, at + carried, at + AREA);
      size += filled.written;
      final = filled.done;
    }
    wasm._branded_scan(at, size, final, afterAlnum, fields);
    const status = views().u32.subarray(FOUND.status >> 2, (FOUND.status >> 2) + 5);
    const [count, refused, consumed, newlines] = status;
    afterAlnum = status[4];
    if (count > 0) take({ count, refused, text: at, byteBase, line });
    byteBase += consumed;
    line += newlines;
    carried = size - consumed;
    if (final && carried === 0) return { bytes: byteBase, lines: line };
    if (carried !== 0) views().u8.copyWithin(at, at + consumed, at + size);
  }
}

function copyOut(result, chunk) {
  const { u8, u16, u32, f64, u64 } = views();
  const { count, byteBase, line } = chunk;
  const at = result.count;
  const from = (view, address, bytes) => view.subarray(address / bytes, address / bytes + count);
  result.snowflake.set(from(u64, FOUND.snowflake, 8), at);
  result.error.set(from(u8, FOUND.error, 1), at);
  result.namespace.set(from(u32, FOUND.namespace, 4), at);
  if (result.unixMs !== undefined) {
    result.unixMs.set(from(f64, FOUND.unixMs, 8), at);
    result.node.set(from(u16, FOUND.node, 2), at);
    result.seq.set(from(u16, FOUND.seq, 2), at);
    result.hash32.set(from(u32, FOUND.hash32, 4), at);
  }
  const offset = from(u32, FOUND.offset, 4);
  const newlines = from(u32, FOUND.newlines, 4);
  for (let i = 0; i < count; i++) {
    result.offset[at + i] = byteBase + offset[i];
    result.line[at + i] = line + newlines[i];
  }
}

const encoder = new TextEncoder();

function textSource(text) {
  let read = 0;
  return (u8, from, to) => {
    const { read: chars, written } = encoder.encodeInto(read === 0 ? text : text.slice(read), u8.subarray(from, to));
    read += chars;
    return { written, done: read === text.length };
  };
}

function bytesSource(bytes) {
  let read = 0;
  return (u8, from, to) => {
    const part = bytes.subarray(read, read + (to - from));
    u8.set(part, from);
    read += part.length;
    return { written: part.length, done: read === bytes.length };
  };
}

// scan(text | bytes, {fields}) → the candidates in text order, as parseMany's columns (a candidate past the
// range is refused with `range` and keeps its namespace) plus offset (UTF-8 bytes) and line (1-based).
export function scan(text, options = {}) {
  args.object(options, 'scan options');
  const fields = options.fields === true ? 1 : 0;
  let source;
  if (typeof text === 'string') {
    source = textSource(text); // a string's UTF-8 stays below 4 GiB (V8 strings hold < 2^30 units)
  } else if (text instanceof Uint8Array) {
    if (text.length > MAX_OFFSET) throw new RangeError('scan takes at most 4 GiB of bytes at once; pass larger inputs in pieces');
    source = bytesSource(text);
  } else {
    throw new TypeError('scan takes a string or its UTF-8 bytes (Uint8Array)');
  }
  const result = new ParsedIds(Math.ceil(text.length / 64) + 16, { fields, lines: false, found: true });
  scanChunks(source, fields, (chunk) => {
    result.reserve(result.count + chunk.count);
    copyOut(result, chunk);
    result.count += chunk.count;
    result.refused += chunk.refused;
  });
  return result.trim();
}
