// The hosted explorer in each engine (Chromium, Firefox ESR, WebKitGTK), served from a subpath by a local
// static server, with every request that would leave the machine aborted (or, in WebKitGTK, seen) and counted.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encode, parse } from '@echomq/branded';
import { explain } from '@echomq/branded/explain';
import { screenshot } from './support/browser.js';
import { emulatesMedia, launchEngine } from './support/engines.js';
import { eachEngine } from './support/explorer-suite.js';
import { openExplorer, panel, text, unexpected } from './support/explorer.js';
import { compose } from './support/snowflake.js';

eachEngine((app) => {
  describe('decode', () => {
    test('JOB0KHTOWnGLuC: UTC, node, seq, hash32 and stream entry id, in the detail and in the table', async () => {
      const page = await openExplorer(await app.browser.page(), app.url, { 'decode.ids': 'JOB0KHTOWnGLuC' });
      const decode = panel(page, 'decode');
      const field = (name) => text(decode.locator(`[data-field="${name}"]`));
      assert.equal(await field('iso'), '2026-01-27T15:11:37.641Z');
      assert.equal(await field('node'), '0');
      assert.equal(await field('seq'), '0');
      assert.equal(await field('hash32'), '234878118'); // USR0KHTOWnGLuC's Snowflake: the same one
      assert.equal(await field('stream'), '1769526697641-0');
      const row = decode.locator('.vbody .vrow').first();
      const cells = await row.locator('[role="gridcell"]').allTextContents();
      assert.deepEqual(cells.slice(1, 5), ['JOB0KHTOWnGLuC', 'JOB', '274557032793636864', '2026-01-27T15:11:37.641Z']);
      assert.deepEqual(cells.slice(7), ['0', '0', '234878118', '1769526697641-0']);
      // The 14 bytes, the first three (the wire gate's) highlighted, and the 64-bit layout's fields.
      assert.equal(await decode.locator('.detail .byte').count(), 14);
      assert.deepEqual(await decode.locator('.detail .byte.gate .ch').allTextContents(), ['J', 'O', 'B']);
      assert.equal(await decode.locator('.bits .bit').count(), 64);
      assert.equal(await text(decode.locator('.fields .f-ts .f-value')), String(1769526697641 - 1704067200000));
      await screenshot(page, 'decode');
      await page.close();
    });

    test('USRzzzzzzzzzzz is refused with `range`, the payload marked', async () => {
      const page = await openExplorer(await app.browser.page(), app.url);
      const decode = panel(page, 'decode');
      await decode.locator('textarea').fill('USRzzzzzzzzzzz');
      await decode.locator('[data-testid="error-class"]', { hasText: 'range' }).waitFor();
      const row = decode.locator('.vbody .vrow').first();
      assert.match(await row.getAttribute('class'), /refused/);
      assert.match(await text(row.locator('.c-err')), /^range — /);
      assert.equal(await text(row.locator('mark')), 'zzzzzzzzzzz');
      assert.equal(await decode.locator('.detail .byte.bad').count(), 11);
      await screenshot(page, 'decode-range');
      await page.close();
    });

    test('every refusal class names its class and marks the byte it trips on', async () => {
      const page = await openExplorer(await app.browser.page(), app.url);
      const decode = panel(page, 'decode');
      const cases = [
        ['usr0KHTOWnGLuC', 'namespace', 'u'],
        ['USR0KHTOWnGL!C', 'charset', '!'],
        ['USR0KHTOWnGLu', 'length', null],
        ['job-42', 'length', null],
        ['USRzzzzzzzzzzz', 'range', 'zzzzzzzzzzz'],
        ['ÄR0KHTOWnGLuC', 'namespace', 'Ä'], // 14 bytes: Ä is two
      ];
      await decode.locator('textarea').fill(cases.map((c) => c[0]).join('\n'));
      await decode.locator('[data-testid="count"]', { hasText: '6' }).waitFor();
      const rows = decode.locator('.vbody .vrow');
      for (const [index, [id, error, marked]] of cases.entries()) {
        const row = rows.nth(index);
        assert.match(await text(row.locator('.c-err')), new RegExp(`^${error} — `), id);
        if (marked) assert.equal(await text(row.locator('mark')), marked, id);
        else assert.equal(await row.locator('mark').count(), 0, id);
      }
      assert.match(await text(decode.locator('.summary')), /6 refused: length 2, namespace 2, charset 1, range 1/);
      // In the package's words (@echomq/branded/explain), which the CLI prints too.
      assert.equal(await text(rows.nth(5).locator('.c-err')), `namespace — ${explain('ÄR0KHTOWnGLuC').message}`);
      await page.close();
    });

    test('10,000 pasted ids decode in the page; only the rows in view exist', async (t) => {
      const page = await openExplorer(await app.browser.page(), app.url);
      const decode = panel(page, 'decode');
      const base = 1781000000000;
      const plan = Array.from({ length: 10000 }, (_, i) => ({
        ms: base + Math.floor(i / 7),
        node: i % 1024,
        seq: i % 4096,
      }));
      const ids = plan.map(({ ms, node, seq }) => encode('EVT', compose(ms, node, seq)));
      ids[4321] = 'EVT-not-an-id';
      // A real paste (clipboard, Ctrl+V), as a reader would do it, where the driver may grant the clipboard
      // (Chromium); elsewhere the text is filled in as one input.
      let started;
      if (app.engine === 'chromium') {
        await app.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
        await page.evaluate((text) => navigator.clipboard.writeText(text), ids.join('\n'));
        await decode.locator('textarea').focus();
        await page.keyboard.press('Control+A');
        started = Date.now();
        await page.keyboard.press('Control+V');
      } else {
        started = Date.now();
        await decode.locator('textarea').fill(ids.join('\n'));
      }
      await decode.locator('[data-testid="count"]', { hasText: '10,000' }).waitFor();
      const wallMs = Date.now() - started;
      const parseMs = Number(await decode.locator('[data-testid="parse-ms"]').getAttribute('data-ms'));
      t.diagnostic(
        `${app.engine}: 10,000 pasted ids: table shown ${wallMs} ms after ${app.engine === 'chromium' ? 'Ctrl+V' : 'the fill'} (120 ms of it input debounce); parseMany ${parseMs.toFixed(2)} ms`,
      );
      assert.match(await text(decode.locator('.summary')), /9,999 decoded/);
      assert.match(await text(decode.locator('.summary')), /1 refused: length 1/);
      assert.ok((await decode.locator('.vbody .vrow').count()) < 80, 'the table renders only the rows in view');

      // Jump to the end with the keyboard: the last row is drawn, selected, and decoded to the test's plan.
      await decode.locator('.vtable').focus();
      await page.keyboard.press('End');
      const last = decode.locator('.vbody .vrow[aria-selected="true"]');
      await last.waitFor();
      const cells = await last.locator('[role="gridcell"]').allTextContents();
      const expected = plan[9999];
      assert.equal(cells[0], '10000');
      assert.equal(cells[1], ids[9999]);
      assert.equal(cells[4], new Date(expected.ms).toISOString());
      assert.equal(cells[7], String(expected.node));
      assert.equal(cells[8], String(expected.seq));
      assert.equal(await text(decode.locator('[data-field="iso"]')), new Date(expected.ms).toISOString());
      assert.equal(new URL(page.url()).searchParams.get('decode.sel'), '9999');
      assert.equal(new URL(page.url()).searchParams.get('decode.ids'), null, 'a 150 kB paste is kept out of the link');
      await screenshot(page, 'decode-10000');
      await page.close();
    });

    test("a batch's pictures: mint times in 48 bins and ids per node, the busiest eight and the rest summed", async () => {
      const page = await openExplorer(await app.browser.page(), app.url);
      const decode = panel(page, 'decode');
      const base = 1781000000000;
      // node 5: six ids in the first 6 ms; node 9: three ids 100 ms on; nodes 100-107: one id each, the last at
      // +1000 ms (none on a bin's edge); and a refused line, which neither picture counts.
      const plan = [
        ...Array.from({ length: 6 }, (_, i) => ({ ms: base + i, node: 5, seq: i })),
        ...Array.from({ length: 3 }, (_, i) => ({ ms: base + 100 + i, node: 9, seq: i })),
        ...Array.from({ length: 8 }, (_, i) => ({ ms: base + (i < 7 ? 333 + i * 95 : 1000), node: 100 + i, seq: 0 })),
      ];
      const ids = plan.map(({ ms, node, seq }) => encode('JOB', compose(ms, node, seq)));
      await decode.locator('textarea').fill([...ids, 'JOB-refused'].join('\n'));
      await decode.locator('.summary', { hasText: '17 decoded' }).waitFor();

      const nodes = decode.locator('[data-testid="node-breakdown"]');
      assert.equal(await text(nodes.locator('caption')), 'ids per node (10 nodes)');
      const rows = await nodes
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [tr.querySelector('th').textContent, tr.querySelector('td.num').textContent]),
        );
      assert.deepEqual(rows, [
        ['node 5', '6'],
        ['node 9', '3'],
        ...[100, 101, 102, 103, 104, 105].map((n) => [`node ${n}`, '1']),
        ['2 more', '2'],
      ]);
      assert.deepEqual(await nodes.locator('meter').evaluateAll((ms) => ms.map((m) => [m.max, m.value])), [
        [6, 6],
        [6, 3],
        ...Array.from({ length: 6 }, () => [6, 1]),
        [6, 2],
      ]);

      const histogram = decode.locator('[data-testid="time-histogram"]');
      const bars = await histogram
        .locator('rect.bar')
        .evaluateAll((rects) =>
          rects.map((r) => ({ height: Number(r.getAttribute('height')), title: r.querySelector('title').textContent })),
        );
      assert.equal(bars.length, 48);
      const counts = bars.map((bar) => Number(bar.title.match(/^(\d+) ids? from /)[1]));
      // the span is 1,000 ms in 48 bins of 20.83 ms: +0..5 in bin 0, +100..102 in bin 4, the rest one a bin
      const expected = new Array(48).fill(0);
      for (const { ms } of plan) expected[Math.min(47, Math.floor(((ms - base) * 48) / 1000))] += 1;
      assert.deepEqual(counts, expected);
      assert.equal(bars[0].title, `6 ids from ${new Date(base).toISOString()}`);
      assert.match(bars[47].title, /^1 id from /);
      assert.equal(bars[0].height, 92, 'the fullest bin is drawn full height');
      assert.ok(bars.every((bar, i) => (counts[i] === 0) === (bar.height === 0)));
      assert.deepEqual(await histogram.locator('figcaption span').allTextContents(), [
        new Date(base).toISOString(),
        'mint time',
        new Date(base + 1000).toISOString(),
      ]);

      // One valid id is no batch: no pictures.
      await decode.locator('textarea').fill(ids[0]);
      await decode.locator('.summary', { hasText: '1 decoded' }).waitFor();
      assert.equal(await decode.locator('.batch-charts').count(), 0);

      // Three ids of one millisecond: no bar between two equal labels, the millisecond said once.
      await decode.locator('textarea').fill('JOB0KHTOWnGLuC\nJOB0KHTOWnGLuD\nJOB0KHTOWnGLuE');
      await decode.locator('.summary', { hasText: '3 decoded' }).waitFor();
      assert.equal(await histogram.locator('rect.bar').count(), 0);
      assert.equal(
        await text(histogram.locator('[data-testid="one-instant"]')),
        'All 3 ids in one millisecond: 2026-01-27T15:11:37.641Z. Their order is their sequence numbers.',
      );
      await page.close();
    });

    test('no cell of the decode table is cut at any width; from 1024 px the table fits its box', async (t) => {
      // The widest value of each column: the largest Snowflake, node 1023, seq 4095, a 10-digit hash32.
      const ids = [
        'USRAzL8n0Y58m7',
        encode('EVT', compose(1781000000000, 1023, 4095)),
        'JOB0KHTOWnGLuC',
        'USRzzzzzzzzzzz',
        // Refused text with its bytes marked, and one byte too long: shown whole, never "job0KHTOWnGL…".
        'job0KHTOWnGLuC',
        'USR0KHTOWnGLuCx',
      ];
      const page = await openExplorer(await app.browser.page(), app.url, { 'decode.ids': ids.join('\n') });
      await panel(page, 'decode').locator('.vbody .vrow').nth(5).waitFor();
      // WebKitGTK's MiniBrowser window is at least 447 px wide.
      for (const wanted of [1360, 1280, 1024, 390]) {
        const { width } = (await page.setViewportSize({ width: wanted, height: 900 })) ?? { width: wanted };
        const layout = await page.evaluate(
          () =>
            new Promise((done) =>
              requestAnimationFrame(() => {
                const table = document.querySelector('[data-panel="decode"] .vtable');
                const shown = [...table.querySelectorAll('.vrow > span')].filter(
                  (cell) => getComputedStyle(cell).visibility !== 'hidden',
                );
                done({
                  cells: shown.length,
                  cut: shown
                    .filter((cell) => cell.scrollWidth > cell.clientWidth)
                    .map((cell) => `${cell.className} "${cell.textContent}" ${cell.scrollWidth} > ${cell.clientWidth}`),
                  scrollWidth: table.scrollWidth,
                  clientWidth: table.clientWidth,
                });
              }),
            ),
        );
        t.diagnostic(
          `${app.engine} ${width} px: ${layout.cells} cells shown, table ${layout.scrollWidth} px in a ${layout.clientWidth} px box`,
        );
        assert.ok(layout.cells >= 11 + 4 * 6, `${width} px: the header and four rows are shown`);
        assert.deepEqual(layout.cut, [], `${width} px: cells cut`);
        if (width >= 1024)
          assert.ok(
            layout.scrollWidth <= layout.clientWidth,
            `${width} px: table ${layout.scrollWidth} px in a ${layout.clientWidth} px box`,
          );
      }
      await page.setViewportSize({ width: 1360, height: 900 });
      await page.close();
    });

    test('the fleet check: a node whose clock stepped back is named, and its line is one click away', async () => {
      const base = 1781000000000;
      // Nodes 1 and 2 take turns; on line 7 node 2's ids go back an hour and climb from there.
      const ids = Array.from({ length: 12 }, (_, i) => {
        const node = (i % 2) + 1;
        const back = node === 2 && i >= 7 ? 3600e3 : 0;
        return encode('JOB', compose(base + i * 10 - back, node, 0));
      });
      const page = await openExplorer(await app.browser.page(), app.url, { 'decode.ids': ids.join('\n') });
      const decode = panel(page, 'decode');
      const finding = decode.locator('[data-testid="fleet"] li[data-kind="clock-back"]');
      await finding.waitFor();
      assert.equal(await finding.getAttribute('data-node'), '2');
      assert.match(await text(finding), /^Node 2: its ids go back 60 min in log order — its clock stepped back/);
      await finding.locator('button', { hasText: 'line 8' }).click();
      await decode.locator('.vbody .vrow[aria-selected="true"] .c-id', { hasText: ids[7] }).waitFor();
      // The same batch without the step: every node in step, and the check says what it looked for.
      const clean = ids.map((id, i) => (i >= 7 && i % 2 ? encode('JOB', compose(base + i * 10, 2, 0)) : id));
      await decode.locator('textarea').fill(clean.join('\n'));
      await decode.locator('[data-testid="fleet-clean"]').waitFor();
      assert.equal(await decode.locator('[data-testid="fleet"] li').count(), 0);
      await page.close();
    });

    test('↑ ↓ in the table move the selection and the detail follows', async () => {
      const page = await openExplorer(await app.browser.page(), app.url, {
        'decode.ids': 'JOB0KHTOWnGLuC\nUSR0NgWEfAEJfs\nEVT000xY9Wvvcd',
      });
      const decode = panel(page, 'decode');
      await decode.locator('.vtable').focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      assert.equal(await text(decode.locator('.detail .big-id')), 'EVT000xY9Wvvcd');
      assert.equal(await text(decode.locator('[data-field="stream"]')), '1704117200000-1620567');
      await page.keyboard.press('ArrowUp');
      assert.equal(await text(decode.locator('[data-field="iso"]')), new Date(1780512970164).toISOString());
      await page.close();
    });
  });

  describe('decode: scan, batches and single ids', () => {
    test('"Find ids in any text" runs its scan in the worker under the bridge\'s own headers', async () => {
      const page = await openExplorer(await app.browser.page(), app.url, { 'decode.mode': 'scan' });
      const decode = panel(page, 'decode');
      assert.equal(await text(decode.locator('label').first()), 'Text to search for ids');
      await decode.locator('textarea').fill('GET https://example.test/jobs/JOB0KHTOWnGLuC?user=USR0NgWEfAEJfs 200');
      await decode.locator('[data-testid="count"]', { hasText: '2' }).waitFor();
      assert.match(await text(decode.locator('[data-testid="parse-ms"]')), /^scan \(worker\)/);
      assert.equal(await text(decode.locator('[data-testid="scan-status"]')), '');
      const ids = await decode.locator('.vbody .vrow .c-id').allTextContents();
      assert.deepEqual(ids, ['JOB0KHTOWnGLuC', 'USR0NgWEfAEJfs']);
      // Back to one id per line, exactly as typed: the label follows, and the line is one refused id of 70 bytes
      // (the default mode would find the two ids in it again: explorer-inputs.test.js).
      await decode.locator('[data-testid="mode"]').selectOption('exact');
      await decode.locator('[data-testid="parse-ms"]', { hasText: 'parseMany' }).waitFor();
      assert.equal(await text(decode.locator('label').first()), 'Ids, one per line');
      assert.equal(await text(decode.locator('[data-testid="scan-status"]')), '');
      await screenshot(page, 'decode-scan-text');
      await page.close();
    });

    test('one id is no batch: no filter, sort or export, no "spans X → X", no charts', async () => {
      const page = await openExplorer(await app.browser.page(), app.url, { 'decode.ids': 'JOB0KHTOWnGLuC' });
      const decode = panel(page, 'decode');
      await decode.locator('[data-field="iso"]').waitFor();
      assert.equal(await decode.locator('[data-testid="batch"]').isVisible(), false);
      assert.equal(await decode.locator('[data-testid="span"]').count(), 0);
      assert.equal(await decode.locator('.batch-charts').count(), 0);
      await decode.locator('textarea').fill('JOB0KHTOWnGLuC\nUSR0NgWEfAEJfs');
      await decode.locator('[data-testid="span"]').waitFor();
      assert.equal(await decode.locator('[data-testid="batch"]').isVisible(), true);
      assert.equal(
        await text(decode.locator('[data-testid="span"]')),
        'spans 2026-01-27T15:11:37.641Z → 2026-06-03T18:56:10.164Z',
      );
      await page.close();
    });

    test('a lowercase typo that decodes to the far future is flagged and left out of the time chart', async () => {
      // JOB0khtowndg4i: a valid id of 2028-10-10, no clock has minted it yet.
      const ids = ['JOB0KHTOWnGLuC', 'JOB0khtowndg4i', 'USR0NgWEfAEJfs'];
      const page = await openExplorer(await app.browser.page(), app.url, { 'decode.ids': ids.join('\n') });
      const decode = panel(page, 'decode');
      await decode.locator('[data-testid="future-count"]').waitFor();
      assert.equal(
        await text(decode.locator('[data-testid="future-count"]')),
        '1 from the future (not in the time chart)',
      );
      assert.equal(
        await text(decode.locator('[data-testid="span"]')),
        'spans 2026-01-27T15:11:37.641Z → 2026-06-03T18:56:10.164Z',
      );
      const caption = await decode.locator('[data-testid="time-histogram"] figcaption span').allTextContents();
      assert.deepEqual([caption[0], caption[2]], ['2026-01-27T15:11:37.641Z', '2026-06-03T18:56:10.164Z']);
      await decode.locator('.vtable').focus();
      await page.keyboard.press('ArrowDown');
      await decode.locator('[data-testid="future"]').waitFor();
      assert.match(
        await text(decode.locator('[data-testid="future"]')),
        /^From the future\. This id decodes to 2028-10-10T/,
      );
      await screenshot(page, 'decode-future');
      await page.close();
    });

    test('the Namespace filter reads usr as USR, and the filter and sort go into the link', async () => {
      const ids = ['JOB0KHTOWnGLuC', 'USR0KHTOWnGLuC', 'USR0NgWEfAEJfs', 'job-42'];
      const page = await openExplorer(await app.browser.page(), app.url, { 'decode.ids': ids.join('\n') });
      const decode = panel(page, 'decode');
      await decode.locator('[data-testid="filter-ns"]').fill('usr');
      await decode.locator('[data-testid="shown"]', { hasText: '2 of 4 shown' }).waitFor();
      assert.equal(
        await text(decode.locator('[data-testid="shown"]')),
        '2 of 4 shown (namespaces are A–Z: usr read as USR)',
      );
      await decode.locator('[data-testid="sort"]').selectOption('time');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('decode.sort') === 'time');
      const link = new URL(page.url());
      assert.equal(link.searchParams.get('decode.ns'), 'usr');
      const order = async (p) => await panel(p, 'decode').locator('.vbody .vrow .c-id').allTextContents();
      const shown = await order(page);
      assert.deepEqual(shown, ['USR0KHTOWnGLuC', 'USR0NgWEfAEJfs']);
      await page.close();

      const again = await app.browser.newPage();
      await again.goto(link.href);
      const restored = panel(again, 'decode');
      await restored.locator('[data-testid="shown"]', { hasText: '2 of 4 shown' }).waitFor();
      assert.equal(await restored.locator('[data-testid="filter-ns"]').inputValue(), 'usr');
      assert.equal(await restored.locator('[data-testid="sort"]').inputValue(), 'time');
      assert.deepEqual(await order(again), shown);
      await again.close();
    });
  });

  describe('gate', () => {
    const presets = {
      JOB0KHTOWnGLuC: { host: 'pass', wire: 'pass', refusal: false },
      USR0KHTOWnGLuC: { host: 'pass', wire: 'refuse', refusal: true },
      'job-42': { host: 'refuse', wire: 'skip', hostError: 'length', refusal: true },
      'JOB-42': { host: 'refuse', wire: 'skip', hostError: 'length', refusal: false },
    };
    test('the presets: the host and the wire gate, each verdict explained', async () => {
      const page = await openExplorer(await app.browser.page(), app.url, { tab: 'gate' });
      const gate = panel(page, 'gate');
      for (const [id, expected] of Object.entries(presets)) {
        await gate.getByRole('button', { name: id, exact: true }).click();
        assert.equal(await gate.locator('input.id').inputValue(), id);
        assert.equal(await gate.getByRole('button', { name: id, exact: true }).getAttribute('aria-pressed'), 'true');
        const [host, wire] = [gate.locator('.verdict').nth(0), gate.locator('.verdict').nth(1)];
        assert.equal(await host.getAttribute('data-outcome'), expected.host, `${id}: host`);
        assert.equal(await wire.getAttribute('data-outcome'), expected.wire, `${id}: wire`);
        if (expected.hostError) assert.match(await text(host), new RegExp(`refuses: ${expected.hostError}`));
        assert.match(await text(wire), expected.refusal ? /refuses/ : /admits/, `${id}: wire verdict`);
        if (id === 'USR0KHTOWnGLuC')
          assert.equal(await text(wire.locator('.refusal')), 'EMQKIND job id must be JOB-namespaced');
        await page.waitForFunction(
          (want) => new URL(location.href).searchParams.get('gate.id') === want || want === 'JOB0KHTOWnGLuC',
          id,
        );
        await screenshot(page, `gate-${id}`);
      }
      assert.match(await text(gate.locator('[data-testid="outcome"]')), /host refuses — nothing reaches Valkey/);
      // Served by npm start's stack, the live part finds the bridge on the page's own origin.
      await gate.locator('.live-status .badge.ok', { hasText: 'LIVE' }).waitFor();
      assert.equal(await gate.locator('.live button.primary').isDisabled(), false);
      await page.close();
    });
  });

  describe('stream window', () => {
    test('[+10ms, +20ms) → XRANGE arguments, the timeline, and the contract.md §6 prediction', async () => {
      const page = await openExplorer(await app.browser.page(), app.url, { tab: 'window' });
      const win = panel(page, 'window');
      assert.equal(await text(win.locator('[data-field="start"]')), '1781000000010-0');
      assert.equal(await text(win.locator('[data-field="end"]')), '(1781000000020-0');
      assert.equal(
        await text(win.locator('.command')),
        'XRANGE emq:{demo}:stream.fills 1781000000010-0 (1781000000020-0',
      );
      assert.equal(await text(win.locator('[data-field="predicted-count"]')), '40,960');
      assert.equal(await text(win.locator('[data-field="predicted-first"]')), '1781000000010-28672');
      assert.equal(await win.locator('.timeline svg rect.window').count(), 1);
      await screenshot(page, 'window');

      // The same window as ISO and as ms; a reversed one is refused by the package with `range`.
      await win.locator('input').nth(0).fill(new Date(1781000000010).toISOString());
      await win.locator('input').nth(1).fill('1781000000020');
      assert.equal(await text(win.locator('[data-field="start"]')), '1781000000010-0');
      assert.equal(await text(win.locator('[data-field="end"]')), '(1781000000020-0');
      await win.locator('input').nth(1).fill('+5ms');
      assert.match(await text(win.locator('[data-testid="window-error"]')), /^range — /);
      assert.equal(await win.locator('.command').count(), 0);
      await win.locator('input').nth(1).fill('tomorrow');
      assert.match(await text(win.locator('[data-testid="window-error"]')), /^t1: not an instant/);
      assert.equal(await win.locator('input').nth(1).getAttribute('aria-invalid'), 'true');
      await page.close();
    });

    test('now and offsets from now: now-5m → now is the last five minutes', async () => {
      const page = await openExplorer(await app.browser.page(), app.url, { tab: 'window' });
      const win = panel(page, 'window');
      await win.locator('input').nth(0).fill('now-5m');
      await win.locator('input').nth(1).fill('now');
      const [startMs] = (await text(win.locator('[data-field="start"]'))).split('-').map(Number);
      const [endMs] = (await text(win.locator('[data-field="end"]'))).slice(1).split('-').map(Number);
      assert.equal(endMs - startMs, 300000);
      // The page's clock and the test's are the same machine's: a minute of slack for a slow box.
      assert.ok(Math.abs(endMs - Date.now()) < 60000, `now resolved to ${endMs}, the test's clock says ${Date.now()}`);
      await win.locator('input').nth(0).fill('now+1h');
      assert.match(await text(win.locator('[data-testid="window-error"]')), /^range — /);
      await page.close();
    });
  });

  describe('mint', () => {
    test('namespace + node → fresh, increasing ids; a bad namespace or node mints nothing', async () => {
      const page = await openExplorer(await app.browser.page(), app.url, {
        tab: 'mint',
        'mint.ns': 'ORD',
        'mint.node': '3',
      });
      const mint = panel(page, 'mint');
      await mint.locator('button.primary').click();
      // Live, the node is the one the bridge leased for this page, whatever node was typed.
      const leased = Number(await text(mint.locator('[data-testid="lease-node"]')));
      assert.ok(Number.isInteger(leased) && leased >= 0 && leased <= 1023, `leased node ${leased}`);
      assert.equal(await mint.locator('input').nth(1).isDisabled(), true, 'the node field follows the lease');
      const ids = await mint.locator('[data-testid="minted"] .id').allTextContents();
      assert.equal(ids.length, 5);
      assert.deepEqual([...ids].sort(), ids, 'byte order is mint order');
      assert.equal(new Set(ids).size, 5);
      for (const id of ids) {
        const p = parse(id);
        assert.equal(p.ok, true, id);
        assert.equal(p.namespace, 'ORD');
        assert.equal(p.node, leased);
        assert.ok(Math.abs(p.unixMs - Date.now()) < 60000, 'minted now');
      }
      await screenshot(page, 'mint');
      // Enter in any of the panel's inputs mints, as the button does.
      await mint.locator('input').nth(2).focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (last) => document.querySelector('[data-panel="mint"] [data-testid="minted"] .id').textContent > last,
        ids[4],
      );
      const next = await mint.locator('[data-testid="minted"] .id').allTextContents();
      assert.ok(next[0] > ids[4], 'the minter keeps counting across mints');

      await mint.locator('input').nth(0).fill('Ord');
      await mint.locator('button.primary').click();
      assert.match(await text(mint.locator('[data-testid="mint-error"]')), /^namespace — /);
      await page.close();

      // With no bridge, the node typed is the node: 3 mints on 3, and 1024 is refused.
      const offline = await openExplorer(await app.browser.page(), app.url, {
        tab: 'mint',
        bridge: 'none',
        'mint.ns': 'ORD',
        'mint.node': '3',
      });
      const alone = panel(offline, 'mint');
      await alone.locator('button.primary').click();
      assert.equal(parse(await text(alone.locator('[data-testid="minted"] .id').first())).node, 3);
      assert.equal(await alone.locator('[data-testid="mint-lease"]').isVisible(), false, 'no lease without a bridge');
      await alone.locator('input').nth(1).fill('1024');
      await alone.locator('button.primary').click();
      assert.match(await text(alone.locator('[data-testid="mint-error"]')), /^node — /);
      await offline.close();
    });
  });

  describe('placement', () => {
    test("hash32 of USR0KHTOWnGLuC and one slot for all of a queue's keys", async () => {
      const page = await openExplorer(await app.browser.page(), app.url, { tab: 'placement' });
      const placement = panel(page, 'placement');
      assert.equal(await text(placement.locator('[data-field="hash32"]')), '234878118');
      assert.equal(await text(placement.locator('[data-slot="job row"]')), '105');
      assert.equal(await text(placement.locator('[data-slot="pending set"]')), '105');
      assert.notEqual(await text(placement.locator('[data-slot="version fence (reserved)"]')), '105');
      assert.match(await text(placement), /One slot for the whole queue: 105/);
      await screenshot(page, 'placement');
      await placement.locator('input').nth(1).fill('fills');
      assert.equal(await text(placement.locator('[data-slot="pending set"]')), '4165');
      await placement.locator('input').nth(1).fill('bad queue');
      assert.match(await text(placement.locator('[data-testid="slots"]')), /queue/);
      assert.equal(await placement.locator('[data-slot="pending set"]').count(), 0);
      await placement.locator('input').nth(0).fill('job-42');
      assert.match(await text(placement.locator('[data-testid="hash-error"]')), /length/);
      await page.close();
    });
  });

  describe('enqueue without a bridge', () => {
    test('says plainly that it is off; the host check still runs in the page', async () => {
      const page = await openExplorer(await app.browser.page(), app.url, { tab: 'enqueue', bridge: 'none' });
      const enqueue = panel(page, 'enqueue');
      await enqueue.locator('.live-status', { hasText: 'No bridge' }).waitFor();
      assert.equal(await enqueue.locator('button.primary').isDisabled(), true);
      assert.equal(await text(page.locator('[data-testid="bridge-pill"]')), 'no bridge');
      const id = await enqueue.locator('input.id').inputValue();
      assert.equal(parse(id).namespace, 'JOB', 'a fresh JOB id is offered');
      await enqueue.locator('input.id').fill('job-42');
      assert.match(await text(enqueue.locator('[data-testid="host-refusal"]')), /length/);
      await screenshot(page, 'enqueue-offline');
      await page.close();
    });
  });

  describe('the phone layout', () => {
    // What read wrong at 390 px: the header over the title, a 2 px logo, the 64-bit layout scrolling sideways
    // with node and seq out of view, timeline labels ~4 px tall, ISO times and stream ids broken at hyphens.
    const measure = (page) =>
      page.evaluate(
        () =>
          new Promise((done) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const rect = (el) => el.getBoundingClientRect();
                const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
                const lines = (el) => {
                  const range = document.createRange();
                  range.selectNodeContents(el);
                  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
                };
                const title = document.querySelector('header.top h1');
                const mark = document.querySelector('header.top .mark');
                const others = [...document.querySelectorAll('header.top .top-inner > :not(.brand)')];
                const layout = document.querySelector('[data-panel="decode"] .layout');
                const decode = (field) => document.querySelector(`[data-panel="decode"] [data-field="${field}"]`);
                const timeline = [...document.querySelectorAll('[data-panel="window"] .timeline svg text')];
                done({
                  pageScroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
                  overTitle: others
                    .filter((el) => overlap(rect(el), rect(title)) || overlap(rect(el), rect(mark)))
                    .map((el) => el.outerHTML.slice(0, 60)),
                  mark: [rect(mark).width, rect(mark).height],
                  layoutScroll: layout.scrollWidth - layout.clientWidth,
                  fieldsOut: ['node', 'seq'].filter((key) => {
                    const r = rect(layout.querySelector(`.f-${key} .f-value`));
                    return !(r.width > 0 && r.left >= 0 && r.right <= document.documentElement.clientWidth);
                  }),
                  lines: { iso: lines(decode('iso')), stream: lines(decode('stream')) },
                  labels: timeline.map((el) => rect(el).height),
                  // each tab's caption whole: none clipped in its tab, the strip not scrolling captions off its edges
                  clippedTabs: [
                    document.querySelector('nav[role="tablist"]'),
                    ...document.querySelectorAll('nav [role="tab"] > span'),
                  ]
                    .filter((el) => el.scrollWidth > el.clientWidth)
                    .map((el) => `${el.textContent}: ${el.scrollWidth} > ${el.clientWidth}`),
                  tabsOut: [...document.querySelectorAll('nav [role="tab"]')]
                    .filter((el) => rect(el).left < 0 || rect(el).right > document.documentElement.clientWidth)
                    .map((el) => el.textContent),
                });
              }),
            ),
          ),
      );

    test('at 390 px: nothing over the title, the 64-bit layout whole, tab captions whole, labels readable, times on one line', async (t) => {
      const page = await openExplorer(await app.browser.page(), app.url, { 'decode.ids': 'JOB0KHTOWnGLuC' });
      const { width } = (await page.setViewportSize({ width: 390, height: 844 })) ?? { width: 390 };
      await page.locator('[data-tab="window"]').click();
      await panel(page, 'window').locator('.timeline svg').waitFor();
      const onWindow = await measure(page);
      await page.locator('[data-tab="decode"]').click();
      await panel(page, 'decode').locator('.layout').waitFor();
      const facts = { ...(await measure(page)), labels: onWindow.labels };
      t.diagnostic(`${app.engine} ${width} px: ${JSON.stringify(facts)}`);
      assert.ok(width <= 447, `a phone-sized window (${width} px)`);
      assert.equal(facts.pageScroll, 0, 'the page scrolls sideways');
      assert.deepEqual(facts.overTitle, [], 'header controls over the title or the logo');
      assert.ok(facts.mark[0] >= 40 && facts.mark[1] >= 14, `the logo is ${facts.mark.join(' x ')} px`);
      assert.ok(facts.layoutScroll <= 0, `the 64-bit layout scrolls sideways by ${facts.layoutScroll} px`);
      assert.deepEqual(facts.fieldsOut, [], 'node and seq are in view');
      assert.deepEqual(facts.clippedTabs, [], 'tab captions clipped');
      assert.deepEqual(facts.tabsOut, [], 'tabs out of view');
      assert.deepEqual(facts.lines, { iso: 1, stream: 1 });
      assert.ok(facts.labels.length >= 3, 'the timeline has its labels');
      assert.ok(
        facts.labels.every((height) => height >= 9),
        `timeline labels ${facts.labels.map((h) => h.toFixed(1)).join(', ')} px tall`,
      );
      await page.setViewportSize({ width: 1360, height: 900 });
      await page.close();
    });
  });

  describe('the phone layout, continued', () => {
    // In the page: the boxes of the timeline's labels (in px) and whether any two overlap or one leaves the SVG.
    const timelineFacts = () =>
      new Promise((done) =>
        requestAnimationFrame(() => {
          const svg = document.querySelector('[data-panel="window"] .timeline svg');
          const box = svg.getBoundingClientRect();
          const labels = [...svg.querySelectorAll('text')].map((t) => t.getBoundingClientRect());
          const overlaps = [];
          labels.forEach((a, i) =>
            labels.slice(i + 1).forEach((b) => {
              if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps.push(i);
            }),
          );
          const outside = labels.filter((r) => r.left < box.left - 0.5 || r.right > box.right + 0.5).length;
          const window = svg.querySelector('rect.window').getBoundingClientRect();
          const windowLabel = svg.querySelector('text.window-label').getBoundingClientRect();
          done({
            heights: labels.map((r) => Math.round(r.height)),
            overlaps,
            outside,
            windowLabelAbove: windowLabel.bottom <= window.top + 1,
          });
        }),
      );

    test('at 390 px: the selected tab in view, the header on two lines, the 14 bytes on one row, chips clear of labels', async (t) => {
      const page = await openExplorer(await app.browser.page(), app.url, {
        tab: 'enqueue',
        'decode.ids': 'JOB0KHTOWnGLuC',
      });
      const { width } = (await page.setViewportSize({ width: 390, height: 844 })) ?? { width: 390 };
      await page.goto(`${app.url}?tab=enqueue`);
      await panel(page, 'enqueue').locator('input.id').waitFor();
      const facts = await page.evaluate(
        () =>
          new Promise((done) =>
            requestAnimationFrame(() => {
              const rect = (el) => el.getBoundingClientRect();
              const tab = rect(document.querySelector('[data-tab="enqueue"]'));
              const top = (sel) => Math.round(rect(document.querySelector(sel)).top);
              const middle = (sel) => {
                const r = rect(document.querySelector(sel));
                return (r.top + r.bottom) / 2;
              };
              const chips = rect(document.querySelector('[data-panel="enqueue"] [aria-label="Try an id"]'));
              const payload = [...document.querySelectorAll('[data-panel="enqueue"] label')].find(
                (l) => l.textContent === 'Payload',
              );
              done({
                tab: [Math.round(tab.left), Math.round(tab.right)],
                viewport: document.documentElement.clientWidth,
                lines: ['[data-testid="bridge-pill"]', '[data-testid="copy-link"]', '[data-testid="theme"]'].map(
                  middle,
                ),
                brand: top('header.top h1'),
                chipsToPayload: Math.round(rect(payload).top - chips.bottom),
              });
            }),
          ),
      );
      t.diagnostic(`${app.engine} ${width} px: ${JSON.stringify(facts)}`);
      assert.ok(facts.tab[0] >= 0 && facts.tab[1] <= facts.viewport, `the Enqueue tab at ${facts.tab} px`);
      const spread = Math.max(...facts.lines) - Math.min(...facts.lines);
      assert.ok(spread <= 4, `the pill, Copy link and the theme on one line: middles ${facts.lines}`);
      assert.ok(facts.lines[0] > facts.brand, 'below the title');
      assert.ok(facts.chipsToPayload >= 6, `the chips end ${facts.chipsToPayload} px above the Payload label`);

      await page.locator('[data-tab="decode"]').click();
      const rows = await panel(page, 'decode')
        .locator('.detail .byte')
        .evaluateAll((cells) => new Set(cells.map((c) => Math.round(c.getBoundingClientRect().top))).size);
      assert.equal(rows, 1, 'the 14 bytes on one row');

      await page.locator('[data-tab="window"]').click();
      await panel(page, 'window').locator('.timeline svg').waitFor();
      const timeline = await page.evaluate(timelineFacts);
      t.diagnostic(`${app.engine} ${width} px timeline: ${JSON.stringify(timeline)}`);
      assert.deepEqual(timeline.overlaps, [], 'timeline labels overlap');
      assert.equal(timeline.outside, 0, 'timeline labels outside the drawing');
      assert.ok(
        timeline.heights.every((h) => h >= 9 && h <= 18),
        `label heights ${timeline.heights}`,
      );
      assert.ok(timeline.windowLabelAbove, '[t0, t1) sits above the window box');
      await screenshot(page, 'window-390');
      await page.setViewportSize({ width: 1360, height: 900 });
      await page.close();
    });
  });

  describe('the address is the state', () => {
    test("a shared URL restores every panel's inputs", async () => {
      const first = await openExplorer(await app.browser.page(), app.url);
      await panel(first, 'decode').locator('textarea').fill('USR0NgWEfAEJfs\nusr0KHTOWnGLuC');
      await first.locator('[data-tab="gate"]').click();
      await panel(first, 'gate').getByRole('button', { name: 'JOB-42', exact: true }).click();
      await first.locator('[data-tab="window"]').click();
      await panel(first, 'window').locator('input').nth(0).fill('+1s');
      await panel(first, 'window').locator('input').nth(1).fill('+2s');
      await first.locator('[data-tab="placement"]').click();
      await panel(first, 'placement').locator('input').nth(1).fill('fills');
      await first.waitForFunction(() => new URL(location.href).searchParams.get('placement.queue') === 'fills');
      const shared = first.url();
      await first.close();

      const page = await app.browser.newPage();
      await page.goto(shared);
      await page.locator('[data-tab="placement"][aria-selected="true"]').waitFor();
      assert.equal(await panel(page, 'placement').locator('input').nth(1).inputValue(), 'fills');
      assert.equal(await panel(page, 'decode').locator('textarea').inputValue(), 'USR0NgWEfAEJfs\nusr0KHTOWnGLuC');
      assert.equal(await panel(page, 'gate').locator('input.id').inputValue(), 'JOB-42');
      assert.equal(await panel(page, 'window').locator('input').nth(0).inputValue(), '+1s');
      assert.equal(await text(panel(page, 'window').locator('[data-field="start"]')), '1781000001000-0');

      // Back goes to the previous tab of the same visit (tab changes are history entries).
      await page.locator('[data-tab="gate"]').click();
      await page.goBack();
      await page.locator('[data-tab="placement"][aria-selected="true"]').waitFor();
      await page.close();
    });

    test('Copy link puts the address of the view as it is on the clipboard', async () => {
      const page = await openExplorer(await app.browser.page(), app.url);
      await panel(page, 'decode').locator('textarea').fill('USR0NgWEfAEJfs');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('decode.ids') === 'USR0NgWEfAEJfs');
      const button = page.locator('[data-testid="copy-link"]');
      assert.equal(await button.getAttribute('aria-label'), 'Copy link to this view');
      if (app.engine === 'chromium') {
        await app.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
        await button.click();
        await page.locator('[data-testid="copy-link"]', { hasText: 'Copied' }).waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
      } else {
        // Without a granted clipboard the button says so and asks for a manual copy instead of failing quietly.
        await button.click();
        await page.waitForFunction(() =>
          ['Copied', 'Select & copy'].includes(document.querySelector('[data-testid="copy-link"]').textContent),
        );
      }
      await page.waitForFunction(() => document.querySelector('[data-testid="copy-link"]').textContent === 'Copy link');
      await page.close();
    });

    test('the tab list is keyboard-usable', async () => {
      const page = await openExplorer(await app.browser.page(), app.url);
      await page.locator('[data-tab="decode"]').focus();
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.locator('[data-tab="convert"]').getAttribute('aria-selected'), 'true');
      assert.equal(await page.evaluate(() => document.activeElement.dataset.tab), 'convert');
      assert.equal(await panel(page, 'convert').isVisible(), true);
      assert.equal(await panel(page, 'decode').isVisible(), false);
      await page.keyboard.press('End');
      assert.equal(await page.locator('[data-tab="enqueue"]').getAttribute('aria-selected'), 'true');
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.locator('[data-tab="decode"]').getAttribute('aria-selected'), 'true');
      await page.close();
    });
  });

  describe('light and dark', () => {
    test('follows the system and toggles', async () => {
      let page = await openExplorer(await app.browser.page(), app.url);
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const light = await background();
      // A dark system: emulated in the running page where the app.engine can, else a browser launched dark.
      let darkBrowser;
      if (emulatesMedia(app.engine)) {
        await page.emulateMedia({ colorScheme: 'dark' });
      } else {
        await page.close();
        darkBrowser = await launchEngine(app.engine, { colorScheme: 'dark' });
        page = await openExplorer(await darkBrowser.page(), app.url);
      }
      const dark = await background();
      assert.notEqual(light, dark, 'prefers-color-scheme: dark changes the page');
      await screenshot(page, 'decode-dark');
      await page.locator('[data-testid="theme"]').click();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
      assert.equal(await background(), light);
      await page.locator('[data-testid="theme"]').click();
      assert.equal(await background(), dark);
      await page.locator('[data-tab="gate"]').click();
      await screenshot(page, 'gate-dark');
      await page.close();
      if (darkBrowser) {
        await darkBrowser.close();
        assert.deepEqual(unexpected(darkBrowser.problems), []);
        assert.deepEqual(darkBrowser.external, []);
      }
    });
  });

  describe('offline', () => {
    test('no request left the machine, and nothing failed in the pages', async () => {
      await app.browser.harvest();
      assert.deepEqual(app.browser.external, []);
      assert.deepEqual(unexpected(app.browser.problems), []);
    });
  });
});
