// The single-file build's scan (a page from file:// may start no worker): on the main thread, one piece per
// task, so the progress bar still paints between pieces.
import { ready } from '@echomq/branded';
import { mergePieces, scanPiece } from '../panels/decode-scan.js';

export const SCAN_WHERE = 'main thread';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Scans the bytes (an ArrayBuffer) → {bytes, columns, scanMs}, yielding to the page between pieces. */
export async function scanBuffer(buffer, onProgress) {
  await ready;
  const bytes = new Uint8Array(buffer);
  const started = performance.now();
  const pieces = [];
  let from = 0;
  let lineBase = 1;
  while (from < bytes.length) {
    const step = scanPiece(bytes, from, lineBase);
    pieces.push(step.found);
    ({ end: from, lineBase } = step);
    onProgress?.(from, bytes.length);
    await nextTask();
  }
  return { bytes, columns: mergePieces(pieces), scanMs: performance.now() - started };
}
