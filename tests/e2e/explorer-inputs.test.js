// The explorer's conversions and inputs beyond a clean id, in each engine against npm start's stack: the
// Convert panel (an instant → the smallest id at it, a Snowflake ↔ its id, node + seq + time → id), each held
// to the conformance files' values; Decode reading what people paste (a URL, a log line, JSON, an id in
// whitespace or after a byte order mark, a lowercase id, bare Snowflakes); and ids no clock likely minted
// (from the future, long before the rest of their namespace) flagged in the table, the detail and the chart.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { encode } from '@echomq/branded';
import { screenshot } from './support/browser.js';
import { eachEngine } from './support/explorer-suite.js';
import { openExplorer, panel, text, unexpected } from './support/explorer.js';
import { compose } from './support/snowflake.js';

const vectors = (name) => JSON.parse(readFileSync(new URL(`../vectors/${name}.json`, import.meta.url), 'utf8'));
const snowflake = vectors('snowflake');
const named = (list, name) => list.find((v) => v.name === name);
const EPOCH_MS = 1704067200000n; // docs/contract.md §1: ts << 22 | node << 12 | seq, ts counted from it

eachEngine((app) => {
  describe('convert', () => {
    const open = async (params = {}) => {
      const page = await openExplorer(await app.browser.page(), app.url, { tab: 'convert', ...params });
      const convert = panel(page, 'convert');
      await convert.waitFor();
      return { page, convert, field: (name) => text(convert.locator(`[data-field="${name}"]`)) };
    };

    test('an instant → the smallest Snowflake and id at it: ISO, Unix ms and now-5m', async () => {
      const { page, convert, field } = await open({ 'convert.ns': 'USR' });
      const start = named(snowflake.minFor, 'stream-window-start');
      const input = convert.locator('[data-testid="convert-at"]');
      for (const typed of [new Date(start.unixMs).toISOString(), String(start.unixMs)]) {
        await input.fill(typed);
        assert.equal(await field('instant-ms'), String(start.unixMs), typed);
        assert.equal(await field('instant-iso'), new Date(start.unixMs).toISOString(), typed);
        assert.equal(await field('instant-snowflake'), start.snowflake, typed);
      }
      const id = await field('instant-id');
      assert.match(id, /^USR[0-9A-Za-z]{11}$/);
      assert.match(await text(convert.locator('[data-testid="card-instant"] .hint').last()), /^Every USR id minted/);

      const before = Date.now();
      await input.fill('now-5m');
      const after = Date.now();
      const ms = Number(await field('instant-ms'));
      assert.ok(ms >= before - 300000 && ms <= after - 300000, `now-5m read as ${ms} (${before}…${after})`);
      assert.equal(await field('instant-snowflake'), String((BigInt(ms) - EPOCH_MS) << 22n), 'node 0, seq 0 at it');

      await input.fill('2023-12-31T23:59:59.999Z');
      assert.equal(
        await text(convert.locator('[data-testid="instant-error"]')),
        '2023-12-31T23:59:59.999Z is outside the horizon: a Snowflake carries 2024-01-01T00:00:00.000Z to 2093-09-06T15:47:35.551Z',
      );
      assert.equal(await input.getAttribute('aria-invalid'), 'true');
      await input.fill('soon');
      assert.match(await text(convert.locator('[data-testid="instant-error"]')), /^not an instant: use Unix ms/);
      await page.close();
    });

    test('a Snowflake ↔ its id under any namespace; an id of another namespace rebranded', async () => {
      const { page, convert, field } = await open();
      const anchor = named(vectors('encode'), 'usr-anchor');
      const input = convert.locator('[data-testid="convert-flake"]');
      await convert.locator('[data-testid="convert-ns"]').fill(anchor.namespace);
      await input.fill(anchor.snowflake);
      assert.equal(await field('flake-id'), anchor.id);
      assert.equal(
        await text(convert.locator('[data-testid="flake-given"]')),
        `Read as the Snowflake ${anchor.snowflake}.`,
      );
      // Back: the id → its Snowflake and fields; under JOB it is JOB's id of the same Snowflake.
      const job = named(vectors('valid'), 'job-anchor');
      await input.fill(anchor.id);
      await convert.locator('[data-testid="convert-ns"]').fill('JOB');
      assert.equal(await field('flake-snowflake'), job.snowflake);
      assert.equal(await field('flake-id'), job.id);
      assert.equal(await field('flake-iso'), job.iso);
      assert.deepEqual([await field('flake-node'), await field('flake-seq')], [String(job.node), String(job.seq)]);
      assert.equal(
        await convert.locator('[data-testid="card-flake"] [data-testid="decode-link"]').getAttribute('href'),
        `?tab=decode&decode.ids=${job.id}`,
      );

      await input.fill('9223372036854775808');
      assert.equal(
        await text(convert.locator('[data-testid="flake-error"]')),
        '9223372036854775808 is past the largest Snowflake, 2^63 − 1 = 9223372036854775807',
      );
      await input.fill('job0KHTOWnGLuC');
      assert.equal(
        await text(convert.locator('[data-testid="flake-error"]')),
        'neither a Snowflake (decimal digits) nor an id: namespace must be uppercase: did you mean JOB0KHTOWnGLuC?',
      );
      // A namespace that is none: the Snowflakes stay, no id is made, and the field says why.
      await input.fill(anchor.snowflake);
      await convert.locator('[data-testid="convert-ns"]').fill('usr');
      assert.equal(
        await text(convert.locator('[data-testid="ns-error"]')),
        'Namespace: namespace must be uppercase: did you mean USR?',
      );
      assert.equal(await field('flake-snowflake'), anchor.snowflake);
      assert.equal(await convert.locator('[data-field="flake-id"]').count(), 0);
      await page.close();
    });

    test('node, seq and time → the id they compose; a node past 1023 or a seq past 4095 is refused', async () => {
      const { page, convert, field } = await open({ 'convert.ns': 'JOB' });
      const first = named(snowflake.compose, 'stream-first');
      await convert.locator('[data-testid="convert-time"]').fill(String(first.unixMs));
      await convert.locator('[data-testid="convert-node"]').fill(String(first.node));
      await convert.locator('[data-testid="convert-seq"]').fill(String(first.seq));
      assert.equal(await field('fields-snowflake'), first.snowflake);
      assert.equal(await field('fields-iso'), new Date(first.unixMs).toISOString());
      const horizon = named(snowflake.compose, 'horizon');
      await convert.locator('[data-testid="convert-time"]').fill(new Date(horizon.unixMs).toISOString());
      await convert.locator('[data-testid="convert-node"]').fill(String(horizon.node));
      await convert.locator('[data-testid="convert-seq"]').fill(String(horizon.seq));
      assert.equal(await field('fields-snowflake'), horizon.snowflake);
      assert.equal(await field('fields-id'), 'JOBAzL8n0Y58m7');

      await convert.locator('[data-testid="convert-node"]').fill('1024');
      assert.equal(await text(convert.locator('[data-testid="fields-error"]')), 'node: 1024 is past 1023');
      assert.equal(await convert.locator('[data-testid="convert-node"]').getAttribute('aria-invalid'), 'true');
      await convert.locator('[data-testid="convert-node"]').fill('0');
      await convert.locator('[data-testid="convert-seq"]').fill('4096');
      assert.equal(await text(convert.locator('[data-testid="fields-error"]')), 'seq: 4096 is past 4095');
      assert.equal(await convert.locator('[data-testid="convert-seq"]').getAttribute('aria-invalid'), 'true');
      assert.equal(await convert.locator('[data-testid="convert-node"]').getAttribute('aria-invalid'), 'false');
      await page.close();
    });

    test('every input is in the link, a shared link restores it, and Copy copies the value beside it', async () => {
      const { page, convert, field } = await open();
      await convert.locator('[data-testid="convert-ns"]').fill('EVT');
      await convert.locator('[data-testid="convert-at"]').fill('2026-06-09');
      await convert.locator('[data-testid="convert-flake"]').fill('0');
      await convert.locator('[data-testid="convert-node"]').fill('7');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('convert.node') === '7');
      const params = Object.fromEntries(new URL(page.url()).searchParams);
      assert.deepEqual(params, {
        tab: 'convert',
        'convert.ns': 'EVT',
        'convert.at': '2026-06-09',
        'convert.flake': '0',
        'convert.node': '7',
      });
      const idCopy = convert.locator('[data-testid="card-flake"] button[aria-label="Copy id"]');
      if (app.engine === 'chromium') {
        await app.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
        await idCopy.click();
        await convert.locator('[data-testid="card-flake"] button', { hasText: 'Copied' }).waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await field('flake-id'));
      } else {
        await idCopy.click();
        await convert.locator('[data-testid="card-flake"] button.copied').waitFor();
      }
      const shown = await convert.locator('[data-field$="-id"]').allTextContents();
      await page.close();
      const copy = await open(params);
      assert.deepEqual(await copy.convert.locator('[data-field$="-id"]').allTextContents(), shown);
      assert.equal(await copy.field('flake-id'), 'EVT00000000000');
      await copy.page.close();
    });

    test('at 390 px: nothing scrolls sideways; each Snowflake and id sits on one line with its Copy', async (t) => {
      const { page, convert } = await open();
      const { width } = (await page.setViewportSize({ width: 390, height: 844 })) ?? { width: 390 };
      await convert.locator('[data-field="fields-snowflake"]').waitFor();
      const facts = await page.evaluate(() => {
        const lines = (el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        };
        const values = [
          ...document.querySelectorAll(
            '[data-panel="convert"] [data-field$="-snowflake"], [data-panel="convert"] [data-field$="-id"]',
          ),
        ];
        return {
          pageScroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          values: values.map((el) => {
            const button = el.parentElement.querySelector('button').getBoundingClientRect();
            const value = el.getBoundingClientRect();
            return {
              field: el.dataset.field,
              lines: lines(el),
              copyBeside: button.top < value.bottom && value.top < button.bottom,
            };
          }),
        };
      });
      t.diagnostic(`${app.engine} ${width} px: ${JSON.stringify(facts)}`);
      assert.equal(facts.pageScroll, 0);
      assert.equal(facts.values.length, 6);
      for (const value of facts.values) assert.deepEqual(value, { field: value.field, lines: 1, copyBeside: true });
      await screenshot(page, 'convert-390');
      await page.close();
    });
  });

  describe('decode: paste anything', () => {
    const open = async (params = {}) => {
      const page = await openExplorer(await app.browser.page(), app.url, params);
      const decode = panel(page, 'decode');
      return {
        page,
        decode,
        rows: () => decode.locator('.vbody .vrow .c-id').allTextContents(),
        note: () => text(decode.locator('[data-testid="reading"]')),
      };
    };

    test('a URL, a log line and JSON: the ids in them found and decoded, the search named', async () => {
      const url = 'https://echomq.dev/jobs/JOB0KHTOWnGLuC?attempt=2';
      const { page, decode, rows, note } = await open({ 'decode.ids': url });
      await decode.locator('[data-testid="parse-ms"]', { hasText: 'scan' }).waitFor();
      assert.deepEqual(await rows(), ['JOB0KHTOWnGLuC']);
      assert.equal(
        await note(),
        'Searched the text for ids: as a whole it is no id, so it was read as “Find ids in any text” does. Decode exactly as typed',
      );
      assert.equal(await text(decode.locator('[data-field="iso"]')), '2026-01-27T15:11:37.641Z');
      assert.equal(await decode.locator('[data-testid="mode"]').inputValue(), 'lines', 'the mode is kept');

      await decode
        .locator('textarea')
        .fill('2026-01-27T15:11:37Z INFO enqueued JOB0KHTOWnGLuC for user USR0NgWEfAEJfs');
      await decode.locator('[data-testid="count"]', { hasText: '2' }).waitFor();
      assert.deepEqual(await rows(), ['JOB0KHTOWnGLuC', 'USR0NgWEfAEJfs']);
      assert.match(await note(), /^Searched the text for ids: /);
      // One count, the summary's: a refused candidate found in the text is counted there, and only there.
      await decode.locator('textarea').fill('job JOB0KHTOWnGLuC then USRzzzzzzzzzzz and USR0NgWEfAEJfs');
      await decode.locator('[data-testid="count"]', { hasText: '3' }).waitFor();
      assert.match(await text(decode.locator('.summary')), /^3 ids2 decoded1 refused: range 1/);
      assert.doesNotMatch(await note(), /\d+ ids/);

      await decode.locator('textarea').fill('{\n  "job": "JOB0KHTOWnGLuC",\n  "attempt": 2\n}');
      await decode.locator('[data-testid="count"]', { hasText: '1' }).waitFor();
      assert.deepEqual(await rows(), ['JOB0KHTOWnGLuC']);
      // The way back: the text exactly as a host reads it, each line refused.
      await decode.locator('[data-testid="reading-exact"]').click();
      await decode.locator('[data-testid="count"]', { hasText: '4' }).waitFor();
      assert.equal(await decode.locator('[data-testid="mode"]').inputValue(), 'exact');
      assert.equal(await decode.locator('[data-testid="reading"]').isVisible(), false);
      assert.match(await text(decode.locator('.summary')), /0 decoded4 refused/);
      assert.equal(new URL(page.url()).searchParams.get('decode.mode'), 'exact');
      await page.close();
    });

    test('an id in whitespace or after a byte order mark: decoded, and what was removed is named', async () => {
      const { page, decode, rows, note } = await open({ 'decode.ids': '\uFEFFJOB0KHTOWnGLuC' });
      await decode.locator('[data-testid="reading"]').waitFor();
      assert.deepEqual(await rows(), ['JOB0KHTOWnGLuC']);
      assert.equal(
        await note(),
        'Removed: leading byte order mark (U+FEFF, bytes EF BB BF) at byte 0: the id is "JOB0KHTOWnGLuC". A host refuses the text as pasted. Decode exactly as typed',
      );
      assert.match(await text(decode.locator('.summary')), /1 decoded/);
      await decode.locator('textarea').fill('   JOB0KHTOWnGLuC \t\n');
      await decode.locator('[data-testid="reading"]', { hasText: 'leading space' }).waitFor();
      assert.deepEqual(await rows(), ['JOB0KHTOWnGLuC']);
      assert.equal(await text(decode.locator('[data-field="iso"]')), '2026-01-27T15:11:37.641Z');
      await page.close();
    });

    test('a lowercase id: refused as a host refuses it, with "did you mean …?" one click away', async () => {
      const { page, decode, rows, note } = await open({ 'decode.ids': 'job0KHTOWnGLuC' });
      await decode.locator('[data-testid="reading"]').waitFor();
      assert.equal(await note(), 'Did you mean JOB0KHTOWnGLuC? Decode JOB0KHTOWnGLuC');
      assert.match(await text(decode.locator('.summary')), /1 refused: namespace 1/);
      await decode.locator('[data-testid="reading-suggestion"]').click();
      await decode.locator('.summary', { hasText: '1 decoded' }).waitFor();
      assert.deepEqual(await rows(), ['JOB0KHTOWnGLuC']);
      assert.equal(await decode.locator('textarea').inputValue(), 'JOB0KHTOWnGLuC');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('decode.ids') === null);
      assert.equal(await decode.locator('[data-testid="reading"]').isVisible(), false);
      await page.close();
    });

    test('a bare Snowflake, or a column of them: shown with namespace JOB, or the one the reader picks', async () => {
      const anchor = named(vectors('encode'), 'usr-anchor');
      const { page, decode, rows, note } = await open({ 'decode.ids': anchor.snowflake });
      await decode.locator('[data-testid="reading"]').waitFor();
      assert.deepEqual(await rows(), ['JOB0KHTOWnGLuC']);
      assert.equal(await note(), 'A Snowflake, shown as an id with namespace . Decode exactly as typed');
      assert.equal(await decode.locator('[data-testid="reading-as"]').inputValue(), 'JOB');
      assert.equal(await text(decode.locator('[data-field="iso"]')), '2026-01-27T15:11:37.641Z');
      await decode.locator('[data-testid="reading-as"]').fill('USR');
      await decode.locator('.vbody .vrow .c-id', { hasText: anchor.id }).waitFor();
      await page.waitForFunction(() => new URL(location.href).searchParams.get('decode.as') === 'USR');
      await decode.locator('[data-testid="reading-as"]').fill('us');
      await decode.locator('[data-testid="reading-as-error"]', { hasText: 'not 2 bytes' }).waitFor();
      assert.deepEqual(await rows(), ['JOB0KHTOWnGLuC'], 'a namespace that is none: shown under JOB');

      const column = [anchor.snowflake, named(vectors('encode'), 'usr-zero').snowflake, '', '320636799581945856'];
      await decode.locator('[data-testid="reading-as"]').fill('USR');
      await decode.locator('textarea').fill(column.join('\n'));
      await decode.locator('[data-testid="count"]', { hasText: '4' }).waitFor();
      assert.match(await note(), /^3 Snowflakes, shown as ids with namespace/);
      assert.deepEqual(await rows(), [anchor.id, 'USR00000000000', '', 'USR0NgWEfAEJfs']);
      await page.close();
    });

    test('what a paste was read as is in the link: the copy reads it the same', async () => {
      const params = { 'decode.ids': '274557032793636864', 'decode.as': 'EVT' };
      const { page, rows, decode } = await open(params);
      await decode.locator('[data-testid="reading"]').waitFor();
      assert.deepEqual(await rows(), ['EVT0KHTOWnGLuC']);
      assert.equal(await decode.locator('[data-testid="reading-as"]').inputValue(), 'EVT');
      await screenshot(page, 'decode-snowflake');
      await page.close();
    });
  });

  describe('decode: plausibility', () => {
    test('an id long before the rest of its namespace is flagged in the table, the detail and the chart', async () => {
      const base = 1781000000000;
      const batch = Array.from({ length: 12 }, (_, i) => encode('JOB', compose(base + i * 60000, 1, i)));
      const typo = encode('JOB', compose(1709000000000, 1, 0)); // 2024-02-27: two years before the rest
      const future = encode('JOB', compose(Date.now() + 3600e3, 1, 0)); // an hour ahead
      const soonMs = Date.now() + 60e3;
      const soon = encode('JOB', compose(soonMs, 1, 0)); // a minute ahead: within the skew
      const ids = [...batch.slice(0, 6), typo, ...batch.slice(6), future, soon];
      const page = await openExplorer(await app.browser.page(), app.url, { 'decode.ids': ids.join('\n') });
      const decode = panel(page, 'decode');
      await decode.locator('[data-testid="early-count"]').waitFor();
      assert.equal(
        await text(decode.locator('[data-testid="early-count"]')),
        '1 long before the rest of its namespace (not in the time chart)',
      );
      assert.equal(
        await text(decode.locator('[data-testid="future-count"]')),
        '1 from the future (not in the time chart)',
      );
      assert.equal(
        await text(decode.locator('[data-testid="left-out"]')),
        'Left out of the chart: 1 from the future, 1 long before the rest of its namespace.',
      );
      const caption = await decode.locator('[data-testid="time-histogram"] figcaption span').allTextContents();
      // The axis runs from the batch (not 2024) to the id a minute ahead (not the one an hour ahead).
      assert.deepEqual([caption[0], caption[2]], [new Date(base).toISOString(), new Date(soonMs).toISOString()]);
      const typoRow = decode.locator('.vbody .vrow').nth(6);
      assert.match(await typoRow.locator('.c-iso').getAttribute('class'), /\bearly\b/);
      assert.equal(await typoRow.locator('.c-iso').getAttribute('title'), 'Long before the rest of JOB in this batch');
      assert.doesNotMatch(
        await decode.locator('.vbody .vrow').nth(14).locator('.c-iso').getAttribute('class'),
        /future|early/,
      );
      await typoRow.click();
      await decode.locator('.vbody .vrow[aria-selected="true"] .c-id', { hasText: typo }).waitFor();
      await decode.locator('[data-testid="early"]').waitFor();
      assert.equal(
        await text(decode.locator('[data-testid="early"]')),
        `Long before the rest of JOB. This id decodes to 2024-02-27T02:13:20.000Z; three quarters of this batch's JOB ids are from ${new Date(base + 2 * 60000).toISOString()} on. A typo? One changed letter in the first digits moves the instant by weeks or years. Or an old id among new ones.`,
      );
      // The filter finds them in any batch.
      await decode.locator('[data-testid="filter-show"]').selectOption('implausible');
      await decode.locator('[data-testid="shown"]', { hasText: '2 of 15 shown' }).waitFor();
      assert.deepEqual(await decode.locator('.vbody .vrow .c-id').allTextContents(), [typo, future]);
      await screenshot(page, 'decode-early');
      await page.close();
    });

    test('nothing failed in the pages', async () => {
      await app.browser.harvest();
      assert.deepEqual(unexpected(app.browser.problems), []);
    });
  });
});
