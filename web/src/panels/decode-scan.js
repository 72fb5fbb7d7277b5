// Finding ids in any text or file: the package's scan over the bytes in pieces read one at a time (a 100 MB
// file is never held whole, so a progress bar can move and a scan can be cancelled), each piece cut where no
// id can straddle it, written into one set of columns that keeps each candidate's 14 bytes but not the text.
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
// Elements per candidate (ID_LENGTH is read from core once the package is ready).
const width = (name) => (name === 'ids' ? ID_LENGTH : 1);

const isAlnum = (b) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);

/** Raised by scanSource when its `cancelled()` says so. */
export class ScanCancelled extends Error {
  constructor() {
    super('the scan was cancelled');
    this.name = 'ScanCancelled';
  }
}

// A source is {size, read(into)}: read fills the Uint8Array `into` with the next into.length bytes and returns
// it, so one buffer serves every piece. (Chromium's byte stream of a Blob fills a BYOB view at the wrong offset
// past its first chunk, so a Blob is read in slices.)

/** A source over bytes already in memory. */
export function bufferSource(buffer) {
  const bytes = new Uint8Array(buffer);
  let at = 0;
  return {
    size: bytes.length,
    async read(into) {
      into.set(bytes.subarray(at, at + into.length));
      at += into.length;
      return into;
    },
  };
}

/** A source over a File or Blob: each read takes a slice of it. */
export function blobSource(blob) {
  let at = 0;
  return {
    size: blob.size,
    async read(into) {
      into.set(new Uint8Array(await blob.slice(at, at + into.length).arrayBuffer()));
      at += into.length;
      return into;
    },
  };
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

// The result's columns, written as each piece is scanned: sized from the first piece's density for the whole
// source (grown by half if a later part is denser), then cut to the count one column at a time, so the scan
// holds little more than the result.
class Columns {
  constructor(sourceBytes) {
    this.sourceBytes = sourceBytes;
    this.count = 0;
    this.refused = 0;
    this.capacity = 0;
  }

  reserve(more, pieceBytes) {
    const needed = this.count + more;
    if (needed <= this.capacity) return;
    const estimate = this.capacity === 0 ? Math.ceil((more / pieceBytes) * this.sourceBytes * 1.05) + 1024 : 0;
    const capacity = Math.max(needed, estimate, Math.ceil(this.capacity * 1.5));
    for (const name of MERGED_NAMES) {
      const grown = new MERGED_TYPES[name](capacity * width(name));
      if (this[name]) grown.set(this[name].subarray(0, this.count * width(name)));
      this[name] = grown;
    }
    this.capacity = capacity;
  }

  add(piece, start, lineBase) {
    const found = scan(piece, { fields: true });
    const { count } = found;
    if (count === 0) return;
    this.reserve(count, piece.length);
    const at = this.count;
    for (const name of COLUMN_NAMES) this[name].set(found[name].subarray(0, count), at);
    for (let i = 0; i < count; i += 1) {
      const offset = found.offset[i];
      this.ids.set(piece.subarray(offset, offset + ID_LENGTH), (at + i) * ID_LENGTH);
      this.offset[at + i] = start + offset;
      this.line[at + i] += lineBase - 1;
    }
    this.count += count;
    this.refused += found.refused;
  }

  finish() {
    const columns = { count: this.count, refused: this.refused };
    for (const name of MERGED_NAMES) {
      const length = this.count * width(name);
      columns[name] = this[name]?.length === length ? this[name] : new MERGED_TYPES[name](length);
      if (this[name] && this[name].length !== length) columns[name].set(this[name].subarray(0, length));
      this[name] = null;
    }
    return columns;
  }
}

/**
 * Scans a source piece by piece → the columns (plain typed arrays, transferable). onProgress(doneBytes,
 * totalBytes) after each piece; `cancelled()` checked after each read; `pause()`, if given, awaited between
 * pieces; `pieceBytes`: how much each read takes.
 */
export async function scanSource(source, { onProgress, cancelled, pause, pieceBytes = PIECE_BYTES } = {}) {
  const columns = new Columns(source.size);
  // A run of letters and digits longer than an id is no id: carrying one byte more than an id of a piece's
  // unfinished end tells the next piece so (ID_LENGTH is read from core once the package is ready).
  const carryMost = ID_LENGTH + 1;
  const work = new Uint8Array(pieceBytes + carryMost);
  let carried = 0; // bytes at the start of `work` carried from the last piece
  let carryStart = 0; // their offset in the source
  let lineBase = 1;
  for (let from = 0; from < source.size;) {
    const to = Math.min(source.size, from + pieceBytes);
    await source.read(work.subarray(carried, carried + (to - from)));
    if (cancelled?.()) throw new ScanCancelled();
    const bytes = work.subarray(0, carried + (to - from));
    const cut = to === source.size ? bytes.length : cutPoint(bytes);
    const piece = bytes.subarray(0, cut);
    if (cut > 0) columns.add(piece, carryStart, lineBase);
    lineBase += countNewlines(piece);
    carried = Math.min(bytes.length - cut, carryMost);
    carryStart += bytes.length - carried;
    work.copyWithin(0, bytes.length - carried, bytes.length);
    from = to;
    onProgress?.(from, source.size);
    if (pause) await pause();
  }
  return columns.finish();
}

/** The columns' buffers, to transfer them from the worker without a copy. */
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
