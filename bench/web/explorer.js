// The explorer at scale in Chromium: a log of 1,000,000 ids dropped on the Decode panel of the built site
// (web/dist), timed inside the page from the drop event to the table showing the count (the scan runs in the
// panel's worker). Median and best of BENCH_EXPLORER_ROUNDS (5) fresh pages.
import { DIST, launch } from '../../tests/e2e/support/browser.js';
import { serveStatic } from '../../tests/e2e/support/static-server.js';
import { openExplorer } from '../../tests/e2e/support/explorer.js';
import { dropInPage, makeLog } from '../../tests/e2e/support/scale.js';
import { figure, stageFile } from '../lib/figures.js';

const IDS = 1_000_000;
const ROUNDS = Number(process.env.BENCH_EXPLORER_ROUNDS ?? 5);

const site = await serveStatic(DIST, { prefix: '/docs/branded/' });
const browser = await launch();
const { text } = makeLog(IDS);
const times = [];
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    const page = await openExplorer(await browser.context.newPage(), site.url);
    const { ms } = await dropInPage(page, text, 'ids.log', IDS.toLocaleString('en'));
    times.push(ms);
    console.log(`round ${round + 1}: ${ms.toFixed(0)} ms`);
    await page.close();
  }
} finally {
  await browser.close();
  await site.close();
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `explorer: ${IDS.toLocaleString('en')} ids (${(text.length / 1e6).toFixed(1)} MB) from drop to table in Chromium: median ${median.toFixed(0)} ms, best ${times[0].toFixed(0)} ms`,
);
const out = stageFile('explorer');
out.add(figure('explorer: 1,000,000 ids drop to table (Chromium, median)', median, 'ms', '<= 1000 ms'));
out.add(figure('explorer: 1,000,000 ids drop to table (Chromium, best)', times[0], 'ms'));
