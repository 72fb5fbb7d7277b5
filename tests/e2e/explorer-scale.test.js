// The explorer at scale: a log file dropped on the Decode panel and a 1,000,000-id paste, found by the
// package's scan in a Web Worker with a progress bar; the time from drop to table is reported and bounded. In
// Chromium, a 100 MB log from disk (opened and dropped, read in pieces) and a 200 MB one (memory bounded).
// Filter, sort by time and export are checked on the dropped batch. Every engine drops the million: the log is
// served by the test's site and fetched by the page, so no driver carries the text.
import { after, before, describe, test } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST_SINGLE } from './support/browser.js';
import { eachEngine } from './support/explorer-suite.js';
import { openExplorer, panel, text } from './support/explorer.js';
import {
  dropInPage,
  makeLog,
  openFileInPage,
  sampleRendererMemory,
  writeLog,
  writeSparseLog,
} from './support/scale.js';

// In the page: the values the export's progress bar shows from now until it is hidden again.
async function sampleExportProgress() {
  const bar = document.querySelector('[data-panel="decode"] [data-testid="export-progress"]');
  const seen = new Set();
  const status = document.querySelector('[data-panel="decode"] [data-testid="export-status"]');
  // Until the export starts (the click comes after this starts) or, should it be over between two frames, ends.
  while (bar.hidden && !/^Exported/.test(status.textContent)) await new Promise((r) => requestAnimationFrame(r));
  while (!bar.hidden) {
    seen.add(bar.value);
    await new Promise((r) => requestAnimationFrame(r));
  }
  return [...seen];
}

// Before the page's scripts: every reply of the scan worker is noted by type (progress, done, cancelled, error).
function recordScanReplies() {
  window.__scanReplies = [];
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', ({ data }) => window.__scanReplies.push(data?.type));
    }
  };
}

// In the page: the values the scan's progress bar shows from now until the table holds `count` ids (observers
// miss no state however fast the scan; a table that comes without the bar answers [] instead of waiting on).
function sampleScanProgress(count) {
  const panel = document.querySelector('[data-panel="decode"]');
  const bar = panel.querySelector('[data-testid="scan-progress"]');
  const seen = [];
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!bar.hidden) seen.push(bar.value);
      if (bar.hidden && panel.querySelector('[data-testid="count"]')?.textContent === count) {
        observer.disconnect();
        resolve(seen);
      }
    });
    observer.observe(panel, { attributes: true, childList: true, subtree: true, characterData: true });
  });
}

async function readDownload(download) {
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

// Times are diagnostics only: a bound on them belongs to bench/web/explorer.js, which never gates CI.

eachEngine((app) => {
  const count = 1_000_000;
  const shown = count.toLocaleString('en');

  test(`a dropped log of ${shown} lines: every id found, in a worker, the table shown`, async (t) => {
    const { text: log, expected } = makeLog(count);
    // Opened on the gateway's address, whose /__e2e/ids.log the page fetches from its own origin.
    const page = await openExplorer(await app.browser.page(), app.gateway.url);
    const decode = panel(page, 'decode');
    const { ms, sawProgress } = await dropInPage(page, log, 'ids.log', shown, app.gateway);
    t.diagnostic(
      `${app.engine}: ${shown} ids (${(log.length / 1e6).toFixed(1)} MB) from drop to table: ${ms.toFixed(0)} ms; progress bar seen: ${sawProgress}`,
    );
    const summary = await text(decode.locator('.summary'));
    assert.match(summary, new RegExp(`${(count - count / 1000).toLocaleString('en')} decoded`));
    assert.match(
      summary,
      new RegExp(`${(count / 1000).toLocaleString('en')} refused: range ${(count / 1000).toLocaleString('en')}`),
    );
    assert.match(await text(decode.locator('[data-testid="parse-ms"]')), /^scan \(worker\)/);
    // The file's ids never enter the box (it is emptied), so a link to this view cannot carry them: the page
    // says so when the reader copies the link, not before.
    assert.equal(await decode.locator('textarea').inputValue(), '');
    assert.equal(await page.locator('[data-testid="share-note"]').isVisible(), false);
    await page.locator('[data-testid="copy-link"]').click();
    assert.match(await text(page.locator('[data-testid="share-note"]')), /^The link does not carry the file ids\.log/);

    const rows = decode.locator('.vbody .vrow');
    const cellsOf = (row) => row.locator('[role="gridcell"]').allTextContents();
    const first = await cellsOf(rows.first());
    assert.deepEqual([first[0], first[1]], ['1', expected[0].id]);
    assert.equal(first[4], new Date(expected[0].ms).toISOString());

    // Refused only: one line in 1000, the first on line 501.
    await decode.locator('[data-testid="filter-show"]').selectOption('refused');
    await decode
      .locator('[data-testid="shown"]', { hasText: `${(count / 1000).toLocaleString('en')} of ${shown}` })
      .waitFor();
    const refused = await cellsOf(rows.first());
    assert.deepEqual([refused[0], refused[1]], ['501', 'USRzzzzzzzzzzz']);
    await decode.locator('[data-testid="filter-show"]').selectOption('all');

    // Node 2 and namespace EVT: lines 3, 1027, … (i % 1024 === 2, even i).
    await decode.locator('[data-testid="filter-node"]').fill('2');
    await decode.locator('[data-testid="filter-ns"]').fill('EVT');
    await decode.locator('[data-testid="shown"]', { hasText: ' of ' }).waitFor();
    const node2 = await cellsOf(rows.first());
    assert.deepEqual([node2[0], node2[1], node2[7]], ['3', expected[2].id, '2']);
    await decode.locator('[data-testid="filter-node"]').fill('');
    await decode.locator('[data-testid="filter-ns"]').fill('');

    // Sorted by mint time: the last line's id (the earliest) comes first.
    await decode.locator('[data-testid="sort"]').selectOption('time');
    await decode.locator('[data-testid="shown"]', { hasText: `${shown} of ${shown}` }).waitFor();
    const earliest = await cellsOf(rows.first());
    assert.deepEqual([earliest[0], earliest[1]], [String(count), expected[count - 1].id]);
    await page.close();
  });

  test('the single file from file:// scans a dropped log on its main thread', async () => {
    const { text: log, expected } = makeLog(10_000);
    const page = await app.browser.page();
    await page.goto(pathToFileURL(join(DIST_SINGLE, 'branded.html')).href);
    await page.locator('nav [role="tab"]').first().waitFor();
    const decode = panel(page, 'decode');
    await dropInPage(page, log, 'single.log', '10,000');
    assert.match(await text(decode.locator('[data-testid="parse-ms"]')), /^scan \(main thread\)/);
    assert.match(await text(decode.locator('.summary')), /9,990 decoded/);
    assert.equal(
      (await decode.locator('.vbody .vrow').first().locator('[role="gridcell"]').allTextContents())[1],
      expected[0].id,
    );
    if (app.engine === 'chromium') {
      // Its export is core's rows too, written on the main thread a slice per task: a row per candidate.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        decode.locator('[data-testid="export-csv"]').click(),
      ]);
      const lines = (await readDownload(download)).split('\n');
      assert.equal(lines.length, 10_000 + 2, 'a header, a row per id and the final newline');
      const [line, , id, ok] = lines[1].split(',');
      assert.deepEqual([line, id, ok], ['1', expected[0].id, 'true']);
    }
    await page.close();
  });

  if (app.engine === 'chromium') {
    describe('a log of 100 MB and more from disk', () => {
      const LINES = 1_000_000;
      let dir;
      let log;
      before(() => {
        dir = mkdtempSync(join(tmpdir(), 'branded-log-'));
        log = { path: join(dir, 'app.log'), ...writeLog(join(dir, 'app.log'), LINES) };
      });
      after(() => rmSync(dir, { recursive: true, force: true }));

      for (const how of ['input', 'drop'])
        test(`${how === 'input' ? 'opened through the file input' : 'dropped'}: read in pieces in the worker, every id found, the progress bar moving`, async (t) => {
          const page = await openExplorer(await app.browser.page(), app.url);
          const decode = panel(page, 'decode');
          const memory = sampleRendererMemory();
          const opened = await openFileInPage(page, log.path, how, LINES.toLocaleString('en'));
          const { baseline, peak } = memory.stop();
          const mb = (bytes) => (bytes / 1e6).toFixed(0);
          t.diagnostic(
            `chromium: ${mb(log.bytes)} MB log (${LINES.toLocaleString('en')} ids), ${how} to table: ${opened.ms.toFixed(0)} ms; ` +
              `renderers' RSS ${mb(baseline)} → peak ${mb(peak)} MB (+${mb(peak - baseline)}); progress values seen: ${opened.progressValues.length}`,
          );
          assert.ok(log.bytes > 100e6, `the log is ${log.bytes} bytes`);
          // The file is never held whole: the renderers grow by the result (a million rows' columns and table) and
          // the pieces in flight. A file held whole, even one byte a character, would add its own size on top; the
          // bound leaves room for garbage a busy machine collects late. The 200 MB test below bounds the pieces alone.
          assert.ok(peak - baseline < log.bytes * 2.5, `the renderers grew by ${mb(peak - baseline)} MB`);
          // The bar moved: more than one value short of the file's size was shown.
          assert.ok(
            opened.progressValues.filter((v) => v > 0 && v < log.bytes).length >= 2,
            String(opened.progressValues),
          );

          const summary = await text(decode.locator('.summary'));
          assert.match(summary, /999,000 decoded/);
          assert.match(summary, /1,000 refused: range 1,000/);
          assert.match(
            await text(decode.locator('[data-testid="source"]')),
            new RegExp(`^app\\.log \\(${log.bytes.toLocaleString('en')} bytes\\)`),
          );
          const rows = decode.locator('.vbody .vrow');
          const cellsOf = (row) => row.locator('[role="gridcell"]').allTextContents();
          const first = await cellsOf(rows.first());
          assert.deepEqual(
            [first[0], first[1], first[4]],
            ['1', log.expected[0].id, new Date(log.expected[0].ms).toISOString()],
          );
          await decode.locator('[data-testid="filter-show"]').selectOption('refused');
          await decode.locator('[data-testid="shown"]', { hasText: '1,000 of 1,000,000' }).waitFor();
          assert.deepEqual((await cellsOf(rows.first())).slice(0, 2), ['501', 'USRzzzzzzzzzzz']);
          await decode.locator('[data-testid="filter-show"]').selectOption('all');
          await decode.locator('[data-testid="sort"]').selectOption('time');
          await decode.locator('[data-testid="shown"]', { hasText: '1,000,000 of 1,000,000' }).waitFor();
          const earliest = await cellsOf(rows.first());
          assert.deepEqual(earliest.slice(0, 2), ['1000000', log.expected[LINES - 1].id]);
          if (how === 'input') {
            // Exporting the million: a progress bar that moves, then the file (in input order).
            await decode.locator('[data-testid="sort"]').selectOption('input');
            const sampled = page.evaluate(sampleExportProgress);
            const started = Date.now();
            const [download] = await Promise.all([
              page.waitForEvent('download', { timeout: 120000 }),
              decode.locator('[data-testid="export-csv"]').click(),
            ]);
            const exportMs = Date.now() - started;
            const values = await sampled;
            const body = await readDownload(download);
            t.diagnostic(
              `chromium: export of ${LINES.toLocaleString('en')} rows as CSV: ${exportMs} ms, ${(body.length / 1e6).toFixed(0)} MB, ${values.length} progress values`,
            );
            assert.ok(values.filter((v) => v > 0 && v < LINES).length >= 2, `progress values ${values}`);
            assert.equal(body.split('\n').length, LINES + 2, 'a header, a row per id and the final newline');
            assert.match(
              await text(decode.locator('[data-testid="export-status"]')),
              /^Exported 1,000,000 rows as CSV\.$/,
            );
          }
          await page.close();
        });

      test('a 200 MB log is never held whole: the renderers grow by less than nine tenths of it', async (t) => {
        const path = join(dir, 'sparse.log');
        const sparse = writeSparseLog(path, 200e6);
        const page = await openExplorer(await app.browser.page(), app.url);
        const memory = sampleRendererMemory();
        const opened = await openFileInPage(page, path, 'drop', sparse.ids.toLocaleString('en'));
        const { baseline, peak } = memory.stop();
        const mb = (bytes) => (bytes / 1e6).toFixed(0);
        t.diagnostic(
          `chromium: ${mb(sparse.bytes)} MB log (${sparse.ids} ids) dropped, table in ${opened.ms.toFixed(0)} ms; renderers' RSS ${mb(baseline)} → peak ${mb(peak)} MB (+${mb(peak - baseline)})`,
        );
        // Page and worker together: pieces read but not yet collected, never the whole file (held whole, even one
        // byte a character, it would add its own size). The bound leaves room for garbage collected late.
        assert.ok(peak - baseline < sparse.bytes * 0.9, `the renderers grew by ${mb(peak - baseline)} MB`);
        assert.match(await text(panel(page, 'decode').locator('.summary')), new RegExp(`${sparse.ids} decoded`));
        await page.close();
      });

      test('a scan of the file can be cancelled: the status says so and the table keeps what it showed', async () => {
        const page = await app.browser.page();
        await page.addInitScript(recordScanReplies);
        await openExplorer(page, app.url, { 'decode.ids': 'JOB0KHTOWnGLuC' });
        const decode = panel(page, 'decode');
        await decode.locator('[data-testid="count"]', { hasText: '1' }).waitFor();
        await decode.locator('[data-testid="file-input"]').setInputFiles(log.path);
        await decode.locator('[data-testid="scan-cancel"]').click();
        await decode.locator('[data-testid="scan-status"]', { hasText: 'The scan was cancelled.' }).waitFor();
        assert.equal(await decode.locator('[data-testid="scan-progress"]').isHidden(), true);
        assert.equal(await decode.locator('[data-testid="scan-cancel"]').isHidden(), true);
        // The worker's last word on the scan (cancelled, or done had it finished first), not a wait on the clock.
        await page.waitForFunction(() => window.__scanReplies.some((type) => type !== 'progress'), null, {
          timeout: 120_000,
        });
        assert.equal(await text(decode.locator('[data-testid="count"]')), '1');
        assert.equal(
          (await decode.locator('.vbody .vrow').first().locator('[role="gridcell"]').allTextContents())[1],
          'JOB0KHTOWnGLuC',
        );
        await page.close();
      });
    });

    test('a 1,000,000-id paste goes the way a file does: in the worker, with progress', async (t) => {
      const { text: log, expected } = makeLog(1_000_000, { lean: true });
      const page = await openExplorer(await app.browser.page(), app.url);
      const decode = panel(page, 'decode');
      await app.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
      await page.evaluate((body) => navigator.clipboard.writeText(body), log);
      await decode.locator('textarea').focus();
      await page.keyboard.press('Control+A');
      const sampled = page.evaluate(sampleScanProgress, '1,000,000');
      const started = Date.now();
      await page.keyboard.press('Control+V');
      await decode.locator('[data-testid="count"]', { hasText: '1,000,000' }).waitFor({ timeout: 120000 });
      const wallMs = Date.now() - started;
      const progress = await sampled;
      t.diagnostic(
        `chromium: 1,000,000 ids pasted (${(log.length / 1e6).toFixed(1)} MB): table ${wallMs} ms after Ctrl+V, ${progress.length} progress values`,
      );
      assert.ok(progress.length >= 1, 'the progress bar showed while the paste was read');
      assert.match(await text(decode.locator('[data-testid="parse-ms"]')), /^scan \(worker\)/);
      const first = decode.locator('.vbody .vrow').first();
      assert.equal((await first.locator('[role="gridcell"]').allTextContents())[1], expected[0].id);
      // So long a paste is decoded without entering the box (a browser takes tens of seconds to lay it out).
      assert.equal(await decode.locator('textarea').inputValue(), '');
      assert.match(await text(decode.locator('[data-testid="source"]')), /^a paste of 15,000,000 bytes/);
      assert.match(await text(decode.locator('.summary')), /999,000 decoded/);
      await page.close();
    });

    test('export CSV and JSON of the rows in view', async () => {
      const page = await openExplorer(await app.browser.page(), app.url, {
        'decode.mode': 'scan',
        'decode.ids': 'a JOB0KHTOWnGLuC b\nUSRzzzzzzzzzzz, "EVT000xY9Wvvcd"',
      });
      const decode = panel(page, 'decode');
      await decode.locator('[data-testid="count"]', { hasText: '3' }).waitFor();
      const saved = async (button) => {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          decode.locator(`[data-testid="${button}"]`).click(),
        ]);
        const chunks = [];
        for await (const chunk of await download.createReadStream()) chunks.push(chunk);
        return { name: download.suggestedFilename(), body: Buffer.concat(chunks).toString('utf8') };
      };
      const json = await saved('export-json');
      assert.equal(json.name, 'branded-ids.json');
      const rows = JSON.parse(json.body);
      assert.deepEqual(
        rows.map((r) => [r.line, r.offset, r.id, r.ok]),
        [
          [1, 2, 'JOB0KHTOWnGLuC', true],
          [2, 19, 'USRzzzzzzzzzzz', false],
          [2, 36, 'EVT000xY9Wvvcd', true],
        ],
      );
      assert.equal(rows[0].iso, '2026-01-27T15:11:37.641Z');
      assert.equal(rows[0].streamId, '1769526697641-0');
      assert.equal(rows[1].error, 'range');
      const csv = await saved('export-csv');
      const lines = csv.body.trim().split('\n');
      assert.equal(lines[0], 'line,offset,id,ok,error,namespace,snowflake,unixMs,iso,node,seq,hash32,streamId');
      // Plain digits, as every CSV reader but a spreadsheet reads an integer.
      assert.equal(
        lines[1],
        '1,2,JOB0KHTOWnGLuC,true,,JOB,274557032793636864,1769526697641,2026-01-27T15:11:37.641Z,0,0,234878118,1769526697641-0',
      );
      assert.equal(lines[2], '2,19,USRzzzzzzzzzzz,false,range,,,,,,,,');
      // For a spreadsheet, which would keep 15 of the 18 digits: the Snowflake as text (="…"), by choice.
      await decode.locator('[data-testid="export-spreadsheet"]').click();
      const sheet = (await saved('export-csv')).body.trim().split('\n');
      assert.equal(sheet[1].split(',')[6], '="274557032793636864"');
      assert.equal(sheet[2], lines[2]);
      await page.close();
    });
  }
});
