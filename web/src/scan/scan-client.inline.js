// The single-file build's scan (a page from file:// may start no worker): on the main thread, one piece per
// task, so the progress bar still paints and a cancel is heard between pieces.
import { ready } from '@echomq/branded';
import { blobSource, bufferSource, scanSource, ScanCancelled } from './scan-source.js';

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
