// scan(text | bytes): every branded id in any text, found by core's scan (bindings/scan.cpp) through fixed
// columns in the module's memory. Scanner is the streaming form (the CLI's): an id split between two pieces
// is found once.
import * as args from './args.js';
import { bytesSource, textSource } from './batch.js';
import { ParsedIds } from './columns.js';
import { reserveInput, views, wasm } from './module.js';

const AREA = 1 << 18;

// Column addresses, in the order of branded_scan_layout, in a module instance.
export function scanLayout(instance, u32) {
  const at = instance._branded_scan_layout() >> 2;
  const names = ['capacity', 'snowflake', 'unixMs', 'namespace', 'hash32', 'offset', 'newlines', 'node', 'seq', 'error', 'status', 'length', 'prefix'];
  return Object.freeze(Object.fromEntries(names.map((name, i) => [name, u32[at + i]])));
}
export const FOUND = scanLayout(wasm, views().u32);
const PACKAGE = { wasm, views, reserveInput, FOUND };

// push(fill, final, take): `fill(u8, from, to)` → {written, done} writes the next piece. `module`: the
// instance to scan in ({wasm, views, reserveInput, FOUND}; the CLI passes its own). For each chunk of
// candidates, take({count, refused, text, byteBase, line}) reads FOUND before anything else calls the module:
// candidate i is at byte byteBase + offset[i] of the stream (text + offset[i] in memory), on line line + newlines[i].
export class Scanner {
  constructor(fields, module = PACKAGE) {
    this.module = module;
    this.fields = fields ? 1 : 0;
    this.carry = new Uint8Array(0); // the undecided end of the last piece (at most 14 bytes)
    this.byteBase = 0;
    this.line = 1;
    this.afterAlnum = 0;
  }

  push(fill, final, take) {
    const { wasm, views, reserveInput, FOUND } = this.module; // eslint-disable-line no-shadow
    for (let sourceDone = false; ;) {
      const at = reserveInput(AREA);
      const u8 = views().u8;
      u8.set(this.carry, at);
      let size = this.carry.length;
      if (!sourceDone) {
        const filled = fill(u8, at + size, at + AREA);
        size += filled.written;
        sourceDone = filled.done;
      }
      wasm._branded_scan(at, size, final && sourceDone, this.afterAlnum, this.fields);
      const [count, refused, consumed, newlines, afterAlnum] = views().u32.subarray(FOUND.status >> 2, (FOUND.status >> 2) + 5);
      if (count > 0) take({ count, refused, text: at, byteBase: this.byteBase, line: this.line });
      this.afterAlnum = afterAlnum;
      this.byteBase += consumed;
      this.line += newlines;
      this.carry = views().u8.slice(at + consumed, at + size);
      if (sourceDone && count < FOUND.capacity) return;
    }
  }
}

function copyOut(result, { count, byteBase, line }) {
  const { u8, u16, u32, f64, u64 } = views();
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

// scan(text | bytes, {fields}) → parseMany's columns (a candidate past the range is refused with `range` and
// keeps its namespace) plus offset (UTF-8 bytes) and line (1-based).
export function scan(text, options = {}) {
  args.object(options, 'scan options');
  const fields = options.fields === true;
  let source;
  if (typeof text === 'string') source = textSource(text); // UTF-8 of a V8 string is below 4 GiB
  else if (!(text instanceof Uint8Array)) throw new TypeError('scan takes a string or its UTF-8 bytes (Uint8Array)');
  else if (text.length >= 2 ** 32) throw new RangeError('scan takes less than 4 GiB at once; use pieces');
  else source = bytesSource(text);
  const result = new ParsedIds(Math.ceil(text.length / 64) + 16, { fields, lines: false, found: true });
  new Scanner(fields).push(source, true, (chunk) => {
    result.reserve(result.count + chunk.count);
    copyOut(result, chunk);
    result.count += chunk.count;
    result.refused += chunk.refused;
  });
  return result.trim();
}
