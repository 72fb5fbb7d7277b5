// The single-file build's scan and export (a page from file:// may start no worker): on the main thread, one piece
// or slice per task, so the progress bar still paints and a cancel is heard between pieces.
import { ready } from '@echomq/branded';
import { blobSource, bufferSource, scanSource, ScanCancelled } from './scan-source.js';
import { exportBlob, ExportCancelled } from './export-source.js';

export const SCAN_WHERE = 'main thread';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function scanHere(source, onProgress, cancelled) {
  await ready;
  const started = performance.now();
  try {
    const columns = await scanSource(source instanceof Blob ? blobSource(source) : bufferSource(source), {
      onProgress,
      cancelled,
      pause: nextTask,
    });
    return { columns, scanMs: performance.now() - started };
  } catch (error) {
    if (error instanceof ScanCancelled) return null;
    throw error;
  }
}

/** Starts a scan of a File/Blob or ArrayBuffer on the main thread → {result (columns, or null if cancelled), cancel}. */
export function startScan(source, onProgress) {
  let stop = false;
  return { result: scanHere(source, onProgress, () => stop), cancel: () => (stop = true) };
}

async function exportHere({ columns, order, format, spreadsheet }, onProgress, cancelled) {
  try {
    return await exportBlob(columns, order, { format, spreadsheet, onProgress, cancelled, pause: nextTask });
  } catch (error) {
    if (error instanceof ExportCancelled) return null;
    throw error;
  }
}

/** Writes an export on the main thread → {result (a Blob, or null if cancelled), cancel}. */
export function startExport(request, onProgress) {
  let stop = false;
  return { result: exportHere(request, onProgress, () => stop), cancel: () => (stop = true) };
}
