// The Decode panel's scan off the main thread: a File (read here piece by piece) or bytes (transferred) in,
// progress out per piece, then the columns back (transferred). A cancel message stops a job between pieces.
import { ready } from '@echomq/branded';
import { blobSource, bufferSource, scanSource, ScanCancelled, transferables } from './scan-source.js';

const cancelled = new Set();
// Bytes in memory are scanned without a read to wait on: yield a task between pieces so a cancel is heard.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function run({ job, source }) {
  try {
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
  } catch (error) {
    if (error instanceof ScanCancelled) self.postMessage({ job, type: 'cancelled' });
    else self.postMessage({ job, type: 'error', message: String(error?.message ?? error) });
  } finally {
    cancelled.delete(job);
  }
}

self.addEventListener('message', ({ data }) => {
  if (data.type === 'cancel') cancelled.add(data.job);
  else run(data);
});
