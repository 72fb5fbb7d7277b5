// The site build's scan and export: a same-origin module worker (the page's CSP needs no blob:). The single-file
// build swaps this module for scan-client.inline.js (vite.single.config.js).
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
    if (data.type === 'done') pending.resolve(data);
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

// A job for the worker → {result: Promise<its 'done' message | null (cancelled)>, cancel()}.
function startJob(message, transfer, onProgress) {
  nextJob += 1;
  const job = nextJob;
  const result = new Promise((resolve, reject) => {
    jobs.set(job, { resolve, reject, onProgress });
    theWorker().postMessage({ ...message, job }, transfer);
  });
  return { result, cancel: () => jobs.has(job) && worker?.postMessage({ job, type: 'cancel' }) };
}

export const SCAN_WHERE = 'worker';

/**
 * Scans a File (read piece by piece in the worker) or an ArrayBuffer (transferred away) →
 * {result: Promise<{columns, scanMs} | null (cancelled)>, cancel()}.
 */
export function startScan(source, onProgress) {
  const { result, cancel } = startJob({ source }, source instanceof ArrayBuffer ? [source] : [], onProgress);
  return { result: result.then((done) => done && { columns: done.columns, scanMs: done.scanMs }), cancel };
}

/**
 * Writes the rows of `order` of `columns` (createExport's, copied to the worker) as a CSV or JSON file in the
 * worker → {result: Promise<Blob | null (cancelled)>, cancel()}; onProgress(done, total) per slice.
 */
export function startExport({ columns, order, format, spreadsheet }, onProgress) {
  const { result, cancel } = startJob({ type: 'export', columns, order, format, spreadsheet }, [], onProgress);
  return { result: result.then((done) => done && done.blob), cancel };
}
