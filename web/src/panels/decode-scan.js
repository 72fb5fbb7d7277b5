// Finding ids in any text or file: the package's scan over the bytes in pieces read one at a time (a 100 MB
// file is never held whole, so a progress bar can move and a scan can be cancelled), each piece cut where no
// id can straddle it, merged into one set of columns that keeps each candidate's 14 bytes but not the text.
import { scan, ERROR_CODES, ID_LENGTH, unixMs } from '@echomq/branded';

export const PIECE_BYTES = 4 * 1024 * 1024;
const COLUMN_TYPES = {
  snowflake: BigUint64Array,
  error: Uint8Array,
  namespace: Uint32Array,
  unixMs: Float64Array,
  node: Uint16Array,
  seq: Uint16Array,
  hash32: Uint32Array,
  line: Uint32Array,
};
const COLUMN_NAMES = Object.keys(COLUMN_TYPES);
// Offsets in a file may pass 4 GiB: numbers, exact to 2^53. ids: each candidate's bytes, end to end.
const MERGED_TYPES = { ...COLUMN_TYPES, offset: Float64Array, ids: Uint8Array };
const MERGED_NAMES = Object.keys(MERGED_TYPES);

const isAlnum = (b) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);

/** Raised by scanSource when its `cancelled()` says so. */
export class ScanCancelled extends Error {
  constructor() {
    super('the scan was cancelled');
    this.name = 'ScanCancelled';
  }
}

/** A source over bytes already in memory. */
export function bufferSource(buffer) {
  const bytes = new Uint8Array(buffer);
  return { size: bytes.length, read: (from, to) => bytes.subarray(from, to) };
}

/** A source over a File or Blob, read piece by piece. */
export function blobSource(blob) {
  return { size: blob.size, read: async (from, to) => new Uint8Array(await blob.slice(from, to).arrayBuffer()) };
}

// Where to end a piece that more bytes follow: just past its last byte that is not a letter or digit, since a
// candidate is a run of letters and digits and so never spans such a byte.
function cutPoint(bytes) {
  let at = bytes.length;
  while (at > 0 && isAlnum(bytes[at - 1])) at -= 1;
  return at;
}

function countNewlines(bytes) {
  let count = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) count += 1;
  return count;
}

function joined(carry, chunk) {
  if (carry.length === 0) return chunk;
  const both = new Uint8Array(carry.length + chunk.length);
  both.set(carry);
  both.set(chunk, carry.length);
  return both;
}

// The pieces' columns, kept until the end and merged one column at a time (each piece's copy dropped as it is
// merged), so the merge holds little more than the result.
class Pieces {
  constructor() {
    this.list = [];
    this.count = 0;
    this.refused = 0;
  }

  add(piece, start, lineBase) {
    const found = scan(piece, { fields: true });
    const { count } = found;
    if (count === 0) return;
    // Copies cut to the count: scan's columns sit in buffers sized for the densest text.
    const columns = Object.fromEntries(COLUMN_NAMES.map((name) => [name, found[name].slice(0, count)]));
    const ids = new Uint8Array(count * ID_LENGTH);
    const offsets = new Float64Array(count);
    for (let i = 0; i < count; i += 1) {
      const at = found.offset[i];
      ids.set(piece.subarray(at, at + ID_LENGTH), i * ID_LENGTH);
      offsets[i] = start + at;
      columns.line[i] += lineBase - 1;
    }
    this.list.push({ count, columns: { ...columns, offset: offsets, ids } });
    this.count += count;
    this.refused += found.refused;
  }

  merge() {
    const merged = { count: this.count, refused: this.refused };
    const pieces = this.list;
    this.list = [];
    for (const name of MERGED_NAMES) {
      const width = name === 'ids' ? ID_LENGTH : 1;
      merged[name] = new MERGED_TYPES[name](this.count * width);
      let at = 0;
      for (const piece of pieces) {
        merged[name].set(piece.columns[name], at * width);
        at += piece.count;
        piece.columns[name] = null;
      }
    }
    return merged;
  }
}

/**
 * Scans a source ({size, read(from, to)}) piece by piece → the columns (plain typed arrays, transferable).
 * onProgress(doneBytes, totalBytes) after each piece; `cancelled()` checked after each read; `pause()`, if
 * given, awaited between pieces; `pieceBytes`: how much each read takes.
 */
export async function scanSource(source, { onProgress, cancelled, pause, pieceBytes = PIECE_BYTES } = {}) {
  const pieces = new Pieces();
  let carry = new Uint8Array(0);
  let carryStart = 0; // the offset of carry[0] in the source
  let lineBase = 1;
  for (let from = 0; from < source.size;) {
    const to = Math.min(source.size, from + pieceBytes);
    const bytes = joined(carry, await source.read(from, to));
    if (cancelled?.()) throw new ScanCancelled();
    const cut = to === source.size ? bytes.length : cutPoint(bytes);
    const piece = bytes.subarray(0, cut);
    if (cut > 0) pieces.add(piece, carryStart, lineBase);
    lineBase += countNewlines(piece);
    // A run of letters and digits longer than an id is no id: keeping one byte more than an id of it tells the
    // next piece so (ID_LENGTH is read from core once the package is ready).
    const keep = Math.min(bytes.length - cut, ID_LENGTH + 1);
    carryStart += bytes.length - keep;
    carry = bytes.slice(bytes.length - keep);
    from = to;
    onProgress?.(from, source.size);
    if (pause) await pause();
  }
  return pieces.merge();
}

export const transferables = (columns) => MERGED_NAMES.map((name) => columns[name].buffer);

const decoder = new TextDecoder();

/** Scan columns, with the interface the Decode table reads (as decode-model's Decoded). */
export class ScanDecoded {
  constructor(columns, parseMs, source) {
    this.columns = columns;
    this.parseMs = parseMs;
    this.source = source;
    this.count = columns.count;
    this.refused = columns.refused;
    this.scanned = true;
  }

  id(i) {
    return decoder.decode(this.columns.ids.subarray(i * ID_LENGTH, (i + 1) * ID_LENGTH));
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
