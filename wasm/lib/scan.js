// scan(text | bytes) and createScanner(): every branded id in any text, found by core's scan (bindings/scan.cpp)
// through fixed columns in the module's memory, through Scanner (lib/scanner.js), the streaming form.
import * as args from './args.js';
import { textSource } from './batch.js';
import { PARSED_COLUMNS, ParsedIds, copyColumns } from './columns.js';
import { ID_LENGTH } from './constants.js';
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

// Appends a chunk of candidates (Scanner's take) to `result`.
function append(result, chunk) {
  result.reserve(result.count + chunk.count);
  copyOut(result, chunk);
  result.count += chunk.count;
  result.refused += chunk.refused;
}

function copyOut(result, { count, text, byteBase, line }) {
  const at = result.count;
  copyColumns(result, PARSED_COLUMNS, FOUND, views(), at, count);
  // Offsets and lines are the chunk's: made the stream's here.
  const { u8, u32 } = views();
  const from = (address) => u32.subarray(address / 4, address / 4 + count);
  const offset = from(FOUND.offset);
  const newlines = from(FOUND.newlines);
  for (let i = 0; i < count; i++) {
    result.offset[at + i] = byteBase + offset[i];
    result.line[at + i] = line + newlines[i];
  }
  if (result.idBytes === undefined) return;
  const bytes = result.idBytes;
  for (let i = 0, to = at * ID_LENGTH; i < count; i++) {
    const start = text + offset[i];
    for (let k = 0; k < ID_LENGTH; k++) bytes[to++] = u8[start + k];
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
  else if (!args.isBytes(text)) throw new TypeError('scan takes a string or its UTF-8 bytes (Uint8Array)');
  else if (text.length >= 2 ** 32) throw new RangeError('scan takes less than 4 GiB at once; use pieces');
  else source = bytesSource(text);
  const result = new ParsedIds(Math.ceil(text.length / 64) + 16, { fields, lines: false, found: true });
  new Scanner(fields, PACKAGE).push(source, true, (chunk) => append(result, chunk));
  return result.trim();
}

const NO_BYTES = new Uint8Array(0);
function kindOf(value) {
  if (typeof value !== 'object' || value === null) return args.describe(value);
  const name = value.constructor?.name ?? 'Object';
  return `${/^[AEIO]/.test(name) ? 'an' : 'a'} ${name}`;
}

/**
 * createScanner({fields, idBytes}) → {push(bytes), end()}: scan's candidates over a stream pushed in pieces,
 * offsets and lines counted from the stream's start, a candidate split between pieces found once.
 */
export function createScanner(options = {}) {
  args.object(options, 'createScanner options');
  const fields = options.fields === true;
  const idBytes = options.idBytes === true;
  const scanner = new Scanner(fields, PACKAGE);
  let ended = false;
  let scannedBytes = 0;
  let foundSoFar = 0;
  // A push's columns are sized from the stream's density so far (grown if the piece is denser).
  const expected = (bytes) =>
    Math.ceil(scannedBytes === 0 ? bytes / 64 : (bytes * foundSoFar * 1.1) / scannedBytes) + 16;
  const found = (bytes, final) => {
    const result = new ParsedIds(expected(bytes.length), {
      fields,
      lines: false,
      found: true,
      streamed: true,
      idBytes,
    });
    scanner.push(bytesSource(bytes), final, (chunk) => append(result, chunk));
    scannedBytes += bytes.length;
    foundSoFar += result.count;
    return result.trim();
  };
  const open = (call) => {
    if (ended) throw new TypeError(`scanner.${call}() after end(): createScanner() for the next stream`);
  };
  return {
    push(bytes) {
      open('push');
      if (!args.isBytes(bytes))
        throw new TypeError(
          `scanner.push takes a Uint8Array, got ${kindOf(bytes)}: new Uint8Array(buffer) wraps a buffer, TextEncoder encodes text`,
        );
      return found(bytes, false);
    },
    end() {
      open('end');
      const rest = found(NO_BYTES, true);
      ended = true;
      return rest;
    },
  };
}
