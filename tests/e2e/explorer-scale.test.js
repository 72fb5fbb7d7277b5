// The explorer at scale: a log file dropped on the Decode panel and a 1,000,000-id paste, found by the
// package's scan in a Web Worker with a progress bar; the time from drop to table is reported and bounded.
// Filter, sort by time and export are checked on the dropped batch. Chromium carries the million; Firefox and
// WebKitGTK drop a smaller file (their drivers move the text slowly).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST_SINGLE } from './support/browser.js';
import { eachEngine } from './support/explorer-suite.js';
import { openExplorer, panel, text } from './support/explorer.js';
import { dropInPage, makeLog } from './support/scale.js';

// Generous: CI is a shared 2-core box and the goal (bench/) is 1 s.
const DROP_TO_TABLE_BOUND_MS = 15000;

eachEngine((app) => {
  const count = app.engine === 'chromium' ? 1_000_000 : 20_000;
  const shown = count.toLocaleString('en');

  test(`a dropped log of ${shown} lines: every id found, in a worker, the table shown`, async (t) => {
    const { text: log, expected } = makeLog(count);
    const page = await openExplorer(await app.browser.page(), app.site.url);
    const decode = panel(page, 'decode');
    const { ms, sawProgress } = await dropInPage(page, log, 'ids.log', shown);
    t.diagnostic(
      `${app.engine}: ${shown} ids (${(log.length / 1e6).toFixed(1)} MB) from drop to table: ${ms.toFixed(0)} ms; progress bar seen: ${sawProgress}`,
    );
    assert.ok(ms < DROP_TO_TABLE_BOUND_MS, `drop to table took ${ms.toFixed(0)} ms`);
    const summary = await text(decode.locator('.summary'));
    assert.match(summary, new RegExp(`${(count - count / 1000).toLocaleString('en')} decoded`));
    assert.match(
      summary,
      new RegExp(`${(count / 1000).toLocaleString('en')} refused: range ${(count / 1000).toLocaleString('en')}`),
    );
    assert.match(await text(decode.locator('[data-testid="parse-ms"]')), /^scan \(worker\)/);

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
    await page.close();
  });

  if (app.engine === 'chromium') {
    test('a 1,000,000-id paste in "find ids in any text" mode', async (t) => {
      const { text: log, expected } = makeLog(1_000_000, { lean: true });
      const page = await openExplorer(await app.browser.page(), app.site.url, { 'decode.mode': 'scan' });
      const decode = panel(page, 'decode');
      await app.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.site.origin });
      await page.evaluate((body) => navigator.clipboard.writeText(body), log);
      await decode.locator('textarea').focus();
      await page.keyboard.press('Control+A');
      const started = Date.now();
      await page.keyboard.press('Control+V');
      await decode.locator('[data-testid="count"]', { hasText: '1,000,000' }).waitFor({ timeout: 120000 });
      const wallMs = Date.now() - started;
      t.diagnostic(
        `chromium: 1,000,000 ids pasted (${(log.length / 1e6).toFixed(1)} MB): table ${wallMs} ms after Ctrl+V`,
      );
      assert.ok(wallMs < DROP_TO_TABLE_BOUND_MS, `paste to table took ${wallMs} ms`);
      const first = decode.locator('.vbody .vrow').first();
      assert.equal((await first.locator('[role="gridcell"]').allTextContents())[1], expected[0].id);
      // So long a paste is decoded without entering the box (a browser takes tens of seconds to lay it out).
      assert.equal(await decode.locator('textarea').inputValue(), '');
      assert.match(await text(decode.locator('[data-testid="source"]')), /^a paste of 15,000,000 bytes/);
      assert.match(await text(decode.locator('.summary')), /999,000 decoded/);
      await page.close();
    });

    test('export CSV and JSON of the rows in view', async () => {
      const page = await openExplorer(await app.browser.page(), app.site.url, {
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
      assert.equal(
        lines[1],
        '1,2,JOB0KHTOWnGLuC,true,,JOB,274557032793636864,1769526697641,2026-01-27T15:11:37.641Z,0,0,234878118,1769526697641-0',
      );
      assert.equal(lines[2], '2,19,USRzzzzzzzzzzz,false,range,,,,,,,,');
      await page.close();
    });
  }
});
