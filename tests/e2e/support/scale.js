// The explorer-at-scale workload, shared by tests/e2e/explorer-scale.test.js and bench/web/explorer.js: a log
// with one id candidate per line, dropped on the Decode panel inside the page, timed there.
import { closeSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { basename } from 'node:path';
import { encode } from '@echomq/branded';
import { compose } from './snowflake.js';
const BASE_MS = 1781000000000;

// Line i of `count`: its one candidate (the 501st of every 1000 is USRzzzzzzzzzzz, refused: range) and the
// instant it was minted at. Times fall as lines go on, so sorting by time reverses the file.
function planted(i, count) {
  const ms = BASE_MS + (count - i) * 3;
  const id = i % 1000 === 500 ? 'USRzzzzzzzzzzz' : encode(i % 2 ? 'JOB' : 'EVT', compose(ms, i % 1024, i % 4096));
  return { id, ms, node: i % 1024 };
}

// A log line around the id, with near-misses that are no candidate (a letter before, a lowercase namespace).
const SHORT_LINE = (i, id) => `${i} xJOB0KHTOWnGLuC job=${id} usr0KHTOWnGLuC`;
// As an application writes them, with UTF-8 (→, é) around the id.
const APP_LINE = (i, id) =>
  `2026-06-09T12:${String(i % 60).padStart(2, '0')}:00Z INFO w${i % 1024} → job=${id} usr0KHTOWnGLuC café xJOB0KHTOWnGLuC took ${10 + (i % 90)} ms`;

// A log of `count` lines, one candidate each; expected: lines 1–3 and the last.
export function makeLog(count, { lean = false } = {}) {
  const lines = new Array(count);
  const expected = [];
  for (let i = 0; i < count; i += 1) {
    const row = planted(i, count);
    lines[i] = lean ? row.id : SHORT_LINE(i, row.id);
    if (i < 3 || i === count - 1) expected[i] = row;
  }
  return { text: `${lines.join('\n')}\n`, expected };
}

/** At least `bytes` of application lines with one id per 10,000 lines, written to `path` → {bytes, ids}. */
export function writeSparseLog(path, bytes) {
  const filler = `${APP_LINE(0, 'none').replace('job=none', 'job=none-yet')}\n`.repeat(9_999);
  const fd = openSync(path, 'w');
  let written = 0;
  let ids = 0;
  try {
    for (; written < bytes; ids += 1) written += writeSync(fd, `${APP_LINE(ids, planted(ids, ids + 1).id)}\n${filler}`);
  } finally {
    closeSync(fd);
  }
  return { bytes: written, ids };
}

/** makeLog's plan in application lines, written to `path` in batches (never one string): {bytes, expected}. */
export function writeLog(path, count) {
  const fd = openSync(path, 'w');
  const expected = [];
  let bytes = 0;
  try {
    for (let from = 0; from < count; from += 50_000) {
      const lines = [];
      for (let i = from; i < Math.min(count, from + 50_000); i += 1) {
        const row = planted(i, count);
        lines.push(APP_LINE(i, row.id));
        if (i < 3 || i === count - 1) expected[i] = row;
      }
      bytes += writeSync(fd, `${lines.join('\n')}\n`);
    }
  } finally {
    closeSync(fd);
  }
  return { bytes, expected };
}

// In the page: drops a file on the Decode panel (the File of the input `fromInput`, the body fetched from
// `url`, or `text`); the drop's instant is kept.
async function dropFile({ text, name, fromInput, url }) {
  let file;
  if (fromInput) file = document.querySelector(fromInput).files[0];
  else file = new File([url ? await (await fetch(url)).blob() : text], name, { type: 'text/plain' });
  const transfer = new DataTransfer();
  transfer.items.add(file);
  const target = document.querySelector('[data-panel="decode"]');
  window.scanStarted = performance.now();
  target.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
  target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
}

// In the page: waits for the table to show `want` ids from `fileName` → the ms since window.scanStarted and
// the distinct values the progress bar showed meanwhile.
async function tableShown({ want, fileName }) {
  const target = document.querySelector('[data-panel="decode"]');
  const progress = target.querySelector('[data-testid="scan-progress"]');
  const seen = new Set();
  const waitStarted = performance.now();
  for (;;) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (!progress.hidden) seen.add(progress.value);
    const count = target.querySelector('[data-testid="count"]')?.textContent;
    if (
      count === want &&
      target.querySelector('[data-testid="source"]')?.textContent.startsWith(fileName) &&
      target.querySelector('.vbody .vrow')
    )
      break;
    if (performance.now() - waitStarted > 180000) throw new Error(`no table after 180 s (count ${count})`);
  }
  return { ms: performance.now() - window.scanStarted, sawProgress: seen.size > 0, progressValues: [...seen] };
}

// Drops a File made of `text` on the panel, in the page, and waits there for the count: the drop-to-table ms.
// With `site`, the text is served by it and fetched by the page (a driver that moves text slowly never carries it).
export async function dropInPage(page, text, name, countText, site = null) {
  if (site) {
    const path = `${new URL(site.url).pathname}__e2e/${name}`;
    site.serve(path, Buffer.from(text));
    await page.evaluate(dropFile, { name, url: path });
  } else await page.evaluate(dropFile, { text, name });
  return page.evaluate(tableShown, { want: countText, fileName: name });
}

/**
 * A file on disk (not sent through the driver: Chromium reads it), `how`: 'input' (the panel's Open a file…
 * input) or 'drop' (dropped on the panel) → tableShown's {ms, sawProgress, progressValues}.
 */
export async function openFileInPage(page, path, how, countText) {
  const name = basename(path);
  if (how === 'drop') {
    await page.evaluate(() => {
      const source = Object.assign(document.createElement('input'), { type: 'file', id: 'drop-source', hidden: true });
      document.body.append(source);
    });
    await page.setInputFiles('#drop-source', path);
    await page.evaluate(dropFile, { fromInput: '#drop-source' });
  } else {
    const input = page.locator('[data-panel="decode"] [data-testid="file-input"]');
    await input.evaluate((element) =>
      element.addEventListener('change', () => (window.scanStarted = performance.now()), { capture: true }),
    );
    await input.setInputFiles(path);
  }
  return page.evaluate(tableShown, { want: countText, fileName: name });
}

// The resident memory (bytes) of the Chromium renderers this process launched (Linux /proc): the pages and
// their workers.
function rendererRss() {
  const parents = new Map();
  const renderers = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) renderers.push(pid);
    } catch {
      // The process ended while being read.
    }
  }
  const ours = (pid) => {
    for (let at = pid; at && at !== '0'; at = parents.get(at)) if (at === String(process.pid)) return true;
    return false;
  };
  let total = 0;
  for (const pid of renderers.filter(ours)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)[1]) * 1024;
    } catch {
      // As above.
    }
  }
  return total;
}

/** Samples the renderers' memory every 50 ms until stop() → {baseline, peak} in bytes. */
export function sampleRendererMemory() {
  const baseline = rendererRss();
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, rendererRss())), 50);
  return {
    stop() {
      clearInterval(timer);
      return { baseline, peak: Math.max(peak, rendererRss()) };
    },
  };
}
