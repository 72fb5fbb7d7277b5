// Finding ids in any text or file: the package's streaming scanner fed the bytes in pieces read one at a time
// (a 100 MB file is never held whole, so a progress bar can move and a scan can be cancelled), its candidates
// written into one set of columns that keeps each candidate's bytes but not the text.
import { createScanner, ID_LENGTH } from '@echomq/branded';

export const PIECE_BYTES = 4 * 1024 * 1024;
// Elements per candidate in a column: idBytes holds ID_LENGTH bytes (read from core once the package is ready).
const width = (name) => (name === 'idBytes' ? ID_LENGTH : 1);
const columnNames = (found) => Object.keys(found).filter((name) => ArrayBuffer.isView(found[name]));

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

// The result's columns, in the scanner's column types (its first answer tells them), appended as each piece is
// scanned: sized for the whole source from the density of the bytes scanned up to the first candidates (grown
// by half if a later part is denser), then cut to the count one column at a time, so the scan holds little
// more than the result.
class Columns {
  constructor(sourceBytes) {
    this.sourceBytes = sourceBytes;
    this.count = 0;
    this.refused = 0;
    this.capacity = 0;
    this.types = null;
  }

  reserve(more, scannedBytes) {
    const needed = this.count + more;
    if (needed <= this.capacity) return;
    const estimate = this.capacity === 0 ? Math.ceil((more / scannedBytes) * this.sourceBytes * 1.05) + 1024 : 0;
    const capacity = Math.max(needed, estimate, Math.ceil(this.capacity * 1.5));
    for (const [name, Type] of this.types) {
      const grown = new Type(capacity * width(name));
      if (this[name]) grown.set(this[name].subarray(0, this.count * width(name)));
      this[name] = grown;
    }
    this.capacity = capacity;
  }

  // Adds a push's candidates, `scannedBytes` into the source.
  add(found, scannedBytes) {
    this.types ??= columnNames(found).map((name) => [name, found[name].constructor]);
    if (found.count === 0) return;
    this.reserve(found.count, scannedBytes);
    for (const [name] of this.types) this[name].set(found[name], this.count * width(name));
    this.count += found.count;
    this.refused += found.refused;
  }

  // The columns cut to the count: views of the first slots when the estimate was close (the few slots past
  // them travel with the buffers), copies when it left more than a quarter unused.
  finish() {
    const columns = { count: this.count, refused: this.refused };
    const close = this.count * 1.25 >= this.capacity;
    for (const [name, Type] of this.types) {
      const length = this.count * width(name);
      if (this[name] === undefined) columns[name] = new Type(0);
      else if (close) columns[name] = this[name].subarray(0, length);
      else columns[name] = this[name].slice(0, length);
      this[name] = null;
    }
    return columns;
  }
}

/**
 * Scans a source piece by piece → the columns (plain typed arrays, transferable): the scanner's, with idBytes.
 * onProgress(doneBytes, totalBytes) after each piece; `cancelled()` checked after each read; `pause()`, if
 * given, awaited between pieces; `pieceBytes`: how much each read takes.
 */
export async function scanSource(source, { onProgress, cancelled, pause, pieceBytes = PIECE_BYTES } = {}) {
  const scanner = createScanner({ fields: true, idBytes: true });
  const columns = new Columns(source.size);
  const buffer = new Uint8Array(Math.min(pieceBytes, source.size)); // the scanner copies what it keeps
  for (let from = 0; from < source.size;) {
    const to = Math.min(source.size, from + pieceBytes);
    const piece = await source.read(buffer.subarray(0, to - from));
    if (cancelled?.()) throw new ScanCancelled();
    columns.add(scanner.push(piece), to);
    from = to;
    onProgress?.(from, source.size);
    if (pause) await pause();
  }
  columns.add(scanner.end(), Math.max(source.size, 1));
  return columns.finish();
}

/** The columns' buffers, to transfer them from the worker without a copy. */
export const transferables = (columns) => columnNames(columns).map((name) => columns[name].buffer);
