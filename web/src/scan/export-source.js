// The Decode panel's export: core writes the rows (@echomq/branded/export) a slice at a time, each slice's bytes a
// part of the Blob the download saves, so no row is a string and the rows never sit in memory twice. Runs in the
// scan worker (scan-worker.js); the single-file build runs it on the main thread, a slice per task.
import { createExport, ready } from '@echomq/branded/export';

// Rows written per slice: the progress bar moves and a cancel is heard between two slices.
export const EXPORT_SLICE = 1 << 16;

/** Raised by exportBlob when its `cancelled()` says so. */
export class ExportCancelled extends Error {
  constructor() {
    super('the export was cancelled');
    this.name = 'ExportCancelled';
  }
}

/**
 * The rows of `order` (indices into `columns`, createExport's) as a CSV or JSON Blob. onProgress(done, total)
 * after each slice; `cancelled()` checked after each; `pause()`, if given, awaited between slices.
 */
export async function exportBlob(columns, order, { format, spreadsheet = false, onProgress, cancelled, pause } = {}) {
  await ready;
  const writer = createExport(columns, { format, spreadsheet: format === 'csv' && spreadsheet });
  const parts = [writer.head()];
  for (let from = 0; from < order.length; from += EXPORT_SLICE) {
    const to = Math.min(order.length, from + EXPORT_SLICE);
    parts.push(writer.rows(order.subarray(from, to)));
    onProgress?.(to, order.length);
    if (pause) await pause();
    if (cancelled?.()) throw new ExportCancelled();
  }
  parts.push(writer.tail());
  return new Blob(parts, { type: format === 'json' ? 'application/json' : 'text/csv' });
}
