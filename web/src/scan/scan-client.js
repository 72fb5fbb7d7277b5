// The site build's scan: a same-origin module worker (the page's CSP needs no blob:). The single-file build
// swaps this module for scan-client.inline.js (vite.single.config.js).
let worker = null;
let nextJob = 0;
const jobs = new Map();

function theWorker() {
  if (worker) return worker;
  worker = new Worker(new URL('./scan-worker.js', import.meta.url), { type: 'module', name: 'branded-scan' });
  worker.addEventListener('message', ({ data }) => {
    const pending = jobs.get(data.job);
    if (!pending) return;
    if (data.type === 'progress') {
      pending.onProgress?.(data.done, data.total);
      return;
    }
    jobs.delete(data.job);
    if (data.type === 'done') pending.resolve({ columns: data.columns, scanMs: data.scanMs });
    else if (data.type === 'cancelled') pending.resolve(null);
    else pending.reject(new Error(data.message));
  });
  worker.addEventListener('error', (event) => {
    for (const pending of jobs.values()) pending.reject(new Error(event.message || 'the scan worker failed to load'));
    jobs.clear();
    worker = null;
  });
  return worker;
}

export const SCAN_WHERE = 'worker';

/**
 * Scans a File (read piece by piece in the worker) or an ArrayBuffer (transferred away) →
 * {result: Promise<{columns, scanMs} | null (cancelled)>, cancel()}.
 */
export function startScan(source, onProgress) {
  nextJob += 1;
  const job = nextJob;
  const result = new Promise((resolve, reject) => {
    jobs.set(job, { resolve, reject, onProgress });
    const transfer = source instanceof ArrayBuffer ? [source] : [];
    theWorker().postMessage({ job, source }, transfer);
  });
  return { result, cancel: () => jobs.has(job) && worker?.postMessage({ job, type: 'cancel' }) };
}
