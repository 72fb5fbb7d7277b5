// Finding ids in any text or file: the package's scan over the bytes in pieces (so a progress bar can move
// and a worker can report), each piece cut where no id can straddle it, merged into one set of columns.
import { scan, ERROR_CODES, unixMs } from '@echomq/branded';

export const PIECE_BYTES = 4 * 1024 * 1024;
const COLUMN_TYPES = {
  snowflake: BigUint64Array,
  error: Uint8Array,
  namespace: Uint32Array,
  unixMs: Float64Array,
  node: Uint16Array,
  seq: Uint16Array,
  hash32: Uint32Array,
  offset: Uint32Array,
  line: Uint32Array,
};
export const COLUMN_NAMES = Object.keys(COLUMN_TYPES);

const isAlnum = (b) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);

// The end of the piece starting at `from`: the first byte past the nominal size that is not a letter or
// digit, since a candidate is a run of letters and digits and so never spans such a byte.
function pieceEnd(bytes, from) {
  let end = Math.min(bytes.length, from + PIECE_BYTES);
  while (end < bytes.length && isAlnum(bytes[end])) end += 1;
  return end;
}

function countNewlines(bytes) {
  let count = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) count += 1;
  return count;
}

/** One piece: scan's columns with offsets and lines made absolute. */
export function scanPiece(bytes, from, lineBase) {
  const end = pieceEnd(bytes, from);
  const piece = bytes.subarray(from, end);
  const found = scan(piece, { fields: true });
  for (let i = 0; i < found.count; i += 1) {
    found.offset[i] += from;
    found.line[i] += lineBase - 1;
  }
  return { found, end, lineBase: lineBase + countNewlines(piece) };
}

/** Every piece's columns as one set of plain typed arrays (transferable). */
export function mergePieces(pieces) {
  const count = pieces.reduce((total, p) => total + p.count, 0);
  const columns = { count, refused: pieces.reduce((total, p) => total + p.refused, 0) };
  for (const name of COLUMN_NAMES) columns[name] = new COLUMN_TYPES[name](count);
  let at = 0;
  for (const piece of pieces) {
    for (const name of COLUMN_NAMES) columns[name].set(piece[name].subarray(0, piece.count), at);
    at += piece.count;
  }
  return columns;
}

/** Synchronous scan of all the bytes; onProgress(doneBytes, totalBytes) after each piece. */
export function scanAll(bytes, onProgress) {
  const pieces = [];
  let from = 0;
  let lineBase = 1;
  while (from < bytes.length) {
    const step = scanPiece(bytes, from, lineBase);
    pieces.push(step.found);
    ({ end: from, lineBase } = step);
    onProgress?.(from, bytes.length);
  }
  return mergePieces(pieces);
}

/** The columns' buffers, for postMessage to transfer rather than copy. */
export const transferables = (columns) => COLUMN_NAMES.map((name) => columns[name].buffer);

const decoder = new TextDecoder();

/** Scan columns over their bytes, with the interface the Decode table reads (as decode-model's Decoded). */
export class ScanDecoded {
  constructor(bytes, columns, parseMs, source) {
    this.bytes = bytes;
    this.columns = columns;
    this.parseMs = parseMs;
    this.source = source;
    this.count = columns.count;
    this.refused = columns.refused;
    this.scanned = true;
  }

  id(i) {
    const at = this.columns.offset[i];
    return decoder.decode(this.bytes.subarray(at, at + 14));
  }

  line(i) {
    return this.columns.line[i];
  }

  ok(i) {
    return this.columns.error[i] === 0;
  }

  error(i) {
    const code = this.columns.error[i];
    return code === 0 ? null : ERROR_CODES[code];
  }

  fields(i) {
    const c = this.columns;
    const packed = c.namespace[i];
    return {
      namespace: String.fromCharCode(packed >>> 16, (packed >>> 8) & 0xff, packed & 0xff),
      snowflake: c.snowflake[i],
      unixMs: c.unixMs[i],
      node: c.node[i],
      seq: c.seq[i],
      hash32: c.hash32[i],
    };
  }

  refusedByClass() {
    const counts = {};
    const { error } = this.columns;
    for (let i = 0; i < this.count; i += 1) {
      if (error[i] !== 0) counts[ERROR_CODES[error[i]]] = (counts[ERROR_CODES[error[i]]] ?? 0) + 1;
    }
    return counts;
  }

  span() {
    let min = null;
    let max = null;
    const { snowflake, error } = this.columns;
    for (let i = 0; i < this.count; i += 1) {
      if (error[i] !== 0) continue;
      if (min === null || snowflake[i] < min) min = snowflake[i];
      if (max === null || snowflake[i] > max) max = snowflake[i];
    }
    return min === null ? null : { first: unixMs(min), last: unixMs(max) };
  }
}
