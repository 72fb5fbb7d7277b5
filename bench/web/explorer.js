// The explorer at scale in Chromium: a log of 1,000,000 ids dropped on the Decode panel of the built site
// (web/dist), timed inside the page from the drop event to the table showing the count (the scan runs in the
// panel's worker); then a 100 MB application log (1,000,000 ids) from disk, opened through the panel's file
// input, timed from the input's change to the table; then that file's 1,000,000 rows exported as CSV and as JSON,
// each timed from the click to the download, with the longest task the page's main thread ran meanwhile (a long task is a frozen
// page). Median and best of BENCH_EXPLORER_ROUNDS (5) fresh pages.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, DIST, launch } from '../../tests/e2e/support/browser.js';
import { serveStatic } from '../../tests/e2e/support/static-server.js';
import { openExplorer } from '../../tests/e2e/support/explorer.js';
import { dropInPage, makeLog, openFileInPage, writeLog } from '../../tests/e2e/support/scale.js';
import { figure, stageFile } from '../lib/figures.js';
import { hostOf } from '../lib/host.js';

const IDS = 1_000_000;
const ROUNDS = Number(process.env.BENCH_EXPLORER_ROUNDS ?? 5);

const site = await serveStatic(DIST, { prefix: '/docs/branded/' });
const browser = await launch();
// Read before the rounds: the load the figures were measured under is the load at the start.
const host = hostOf({
  browser: execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
});
console.log(`explorer: on ${JSON.stringify(host)}`);
const { text } = makeLog(IDS);
const dir = mkdtempSync(join(tmpdir(), 'branded-bench-log-'));
const logPath = join(dir, 'app.log');
const { bytes: logBytes } = writeLog(logPath, IDS);
const times = [];
const fileTimes = [];
const exportTimes = [];
const jsonTimes = [];
const exportTasks = [];

// In the page: the longest task the main thread runs from now on (0 when none passes the 50 ms a long task takes).
function watchLongTasks() {
  globalThis.__longestTask = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      globalThis.__longestTask = Math.max(globalThis.__longestTask, entry.duration);
  }).observe({ type: 'longtask' });
}

// The file page's rows exported as `format` (csv, json) → {ms: click to download, longestTask}.
async function exportAs(page, format) {
  await page.evaluate(watchLongTasks);
  const decode = page.locator('[data-panel="decode"]');
  const started = Date.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 300000 }),
    decode.locator(`[data-testid="export-${format}"]`).click(),
  ]);
  const ms = Date.now() - started;
  await download.path(); // the whole file saved
  return { ms, longestTask: await page.evaluate(() => globalThis.__longestTask) };
}
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    const page = await openExplorer(await browser.context.newPage(), site.url);
    const { ms } = await dropInPage(page, text, 'ids.log', IDS.toLocaleString('en'));
    times.push(ms);
    await page.close();
    const filePage = await openExplorer(await browser.context.newPage(), site.url);
    const file = await openFileInPage(filePage, logPath, 'input', IDS.toLocaleString('en'));
    fileTimes.push(file.ms);
    const exported = await exportAs(filePage, 'csv');
    exportTimes.push(exported.ms);
    const json = await exportAs(filePage, 'json');
    jsonTimes.push(json.ms);
    exportTasks.push(exported.longestTask, json.longestTask);
    console.log(
      `round ${round + 1}: drop ${ms.toFixed(0)} ms, ${(logBytes / 1e6).toFixed(0)} MB file ${file.ms.toFixed(0)} ms, CSV export ${exported.ms} ms, JSON ${json.ms} ms (longest main-thread tasks ${exported.longestTask.toFixed(0)}, ${json.longestTask.toFixed(0)} ms)`,
    );
    await filePage.close();
  }
} finally {
  await browser.close();
  await site.close();
  rmSync(dir, { recursive: true, force: true });
}
const medianOf = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const median = medianOf(times);
const fileMedian = medianOf(fileTimes);
const exportMedian = medianOf(exportTimes);
const jsonMedian = medianOf(jsonTimes);
const worstTask = Math.max(...exportTasks);
console.log(
  `explorer: ${IDS.toLocaleString('en')} ids (${(text.length / 1e6).toFixed(1)} MB) from drop to table in Chromium: median ${median.toFixed(0)} ms, best ${times[0].toFixed(0)} ms`,
);
console.log(
  `explorer: a ${(logBytes / 1e6).toFixed(0)} MB log file (${IDS.toLocaleString('en')} ids) opened to table in Chromium: median ${fileMedian.toFixed(0)} ms, best ${fileTimes[0].toFixed(0)} ms`,
);
const out = stageFile('explorer');
const onHost = (f) => ({ ...f, host });
out.add(onHost(figure('explorer: 1,000,000 ids drop to table (Chromium, median)', median, 'ms', '<= 1000 ms')));
out.add(onHost(figure('explorer: 1,000,000 ids drop to table (Chromium, best)', times[0], 'ms')));
out.add(onHost(figure('explorer: 100 MB log file (1,000,000 ids) to table (Chromium, median)', fileMedian, 'ms')));
console.log(
  `explorer: ${IDS.toLocaleString('en')} rows exported in Chromium: CSV median ${exportMedian} ms (best ${exportTimes[0]}), JSON median ${jsonMedian} ms (best ${jsonTimes[0]}); longest main-thread task ${worstTask.toFixed(0)} ms`,
);
out.add(
  onHost(figure('explorer: 1,000,000 rows exported as CSV (Chromium, median)', exportMedian, 'ms', '<= 3000 ms')),
);
out.add(onHost(figure('explorer: 1,000,000 rows exported as JSON (Chromium, median)', jsonMedian, 'ms', '<= 3000 ms')));
out.add(onHost(figure('explorer: longest main-thread task during an export (Chromium, worst)', worstTask, 'ms')));
