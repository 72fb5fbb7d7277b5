// scan(text | bytes): every branded id in any text, found by core's scan (bindings/scan.cpp) through fixed
// columns in the module's memory, through Scanner (lib/scanner.js), the streaming form the CLI also uses.
import * as args from './args.js';
import { textSource } from './batch.js';
import { ParsedIds } from './columns.js';
import { onReady, reserveInput, views, wasm } from './module.js';
import { Scanner, scanLayout } from './scanner.js';
import { bytesSource } from './sources.js';

// The package's instance as Scanner takes it; FOUND is read from core once the module is ready (until then
// a scan meets the module's not-ready error).
let FOUND = null;
const PACKAGE = { wasm, views, reserveInput, FOUND };
onReady(() => {
  FOUND = scanLayout(wasm, views().u32);
  PACKAGE.FOUND = FOUND;
});

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

/**
 * scan(text | bytes, {fields}) → parseMany's columns (a candidate past the range is refused with `range` and
 * keeps its namespace) plus offset (UTF-8 bytes) and line (1-based).
 */
export function scan(text, options = {}) {
  args.object(options, 'scan options');
  const fields = options.fields === true;
  let source;
  if (typeof text === 'string')
    source = textSource(text); // UTF-8 of a V8 string is below 4 GiB
  else if (!(text instanceof Uint8Array)) throw new TypeError('scan takes a string or its UTF-8 bytes (Uint8Array)');
  else if (text.length >= 2 ** 32) throw new RangeError('scan takes less than 4 GiB at once; use pieces');
  else source = bytesSource(text);
  const result = new ParsedIds(Math.ceil(text.length / 64) + 16, { fields, lines: false, found: true });
  new Scanner(fields, PACKAGE).push(source, true, (chunk) => {
    result.reserve(result.count + chunk.count);
    copyOut(result, chunk);
    result.count += chunk.count;
    result.refused += chunk.refused;
  });
  return result.trim();
}
