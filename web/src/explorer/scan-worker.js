// The Decode panel's scan off the main thread: bytes in (transferred), progress out per piece, then the
// columns and the bytes back (transferred).
import { ready } from '@echomq/branded';
import { scanAll, transferables } from '../panels/decode-scan.js';

self.addEventListener('message', async ({ data: { job, buffer } }) => {
  try {
    await ready;
    const bytes = new Uint8Array(buffer);
    const started = performance.now();
    const columns = scanAll(bytes, (done, total) => self.postMessage({ job, type: 'progress', done, total }));
    const scanMs = performance.now() - started;
    self.postMessage({ job, type: 'done', columns, buffer, scanMs }, [...transferables(columns), buffer]);
  } catch (error) {
    self.postMessage({ job, type: 'error', message: String(error?.message ?? error) });
  }
});
