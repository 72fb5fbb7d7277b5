// The explorer's conversions and inputs beyond a clean id, in each engine against npm start's stack: the
// Convert panel (an instant → the smallest id at it, a Snowflake ↔ its id, node + seq + time → id), each held
// to the conformance files' values.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { screenshot } from './support/browser.js';
import { eachEngine } from './support/explorer-suite.js';
import { openExplorer, panel, text, unexpected } from './support/explorer.js';

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

    test('nothing failed in the pages', async () => {
      await app.browser.harvest();
      assert.deepEqual(unexpected(app.browser.problems), []);
    });
  });
});
