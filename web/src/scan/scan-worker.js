// The Decode panel's work off the main thread. A scan: a File (read here piece by piece) or bytes (transferred)
// in, progress out per piece, then the columns back (transferred). An export: a batch's columns and row order in
// (copies), progress out per slice, then the file as a Blob. A cancel message stops a job between pieces.
import { ready } from '@echomq/branded';
import { blobSource, bufferSource, scanSource, ScanCancelled, transferables } from './scan-source.js';
import { exportBlob, ExportCancelled } from './export-source.js';

const cancelled = new Set();
// Bytes in memory are scanned without a read to wait on: yield a task between pieces so a cancel is heard.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function scan({ job, source }) {
  await ready;
  const fromFile = source instanceof Blob;
  const started = performance.now();
  const columns = await scanSource(fromFile ? blobSource(source) : bufferSource(source), {
    onProgress: (done, total) => self.postMessage({ job, type: 'progress', done, total }),
    cancelled: () => cancelled.has(job),
    pause: fromFile ? null : nextTask,
  });
  const scanMs = performance.now() - started;
  self.postMessage({ job, type: 'done', columns, scanMs }, transferables(columns));
}

async function exportRows({ job, columns, order, format, spreadsheet }) {
  const blob = await exportBlob(columns, order, {
    format,
    spreadsheet,
    onProgress: (done, total) => self.postMessage({ job, type: 'progress', done, total }),
    cancelled: () => cancelled.has(job),
    pause: nextTask,
  });
  self.postMessage({ job, type: 'done', blob });
}

async function run(data) {
  const { job } = data;
  try {
    await (data.type === 'export' ? exportRows(data) : scan(data));
  } catch (error) {
    if (error instanceof ScanCancelled || error instanceof ExportCancelled)
      self.postMessage({ job, type: 'cancelled' });
    else self.postMessage({ job, type: 'error', message: String(error?.message ?? error) });
  } finally {
    cancelled.delete(job);
  }
}

self.addEventListener('message', ({ data }) => {
  if (data.type === 'cancel') cancelled.add(data.job);
  else run(data);
});
