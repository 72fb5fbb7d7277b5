// The project's docs site (web/docs, built into web/dist/docs) as `npm start` serves it (support/stack.js: the
// bridge beside a real Valkey) in each engine (Chromium, Firefox ESR, WebKitGTK): the widgets on its pages, the
// gate page's picker, the streams page's live injection and its check buttons, the live parts connected on the
// page's own origin with no ?bridge, dark mode by the site's own switch and its knob, the timeline and the code
// blocks whole at 1280 px, clean URLs, the explorer's Mint panel on a node the bridge leased; then, in
// Chromium, the window run against the seeded stream.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { parse } from '@echomq/branded';
import { pathToFileURL } from 'node:url';
import { DIST, launch, screenshot } from './support/browser.js';
import { countSockets, launchEngine, needsHarness, selectedEngines, socketsOpened } from './support/engines.js';
import { openExplorer, panel, text } from './support/explorer.js';
import { startGateway, startStack } from './support/stack.js';

const ISO = '2026-01-27T15:11:37.641Z';
const shadowText = (page, selector, inner) =>
  page
    .locator(selector)
    .locator(inner)
    .first()
    .textContent()
    .then((t) => t.trim());

// The pages' verdicts, read from each gate's shadow root.
const verdicts = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('branded-gate')].flatMap((gate) =>
      [...gate.shadowRoot.querySelectorAll('.verdict')].map((v) => v.dataset.outcome),
    ),
  );

for (const engine of selectedEngines())
  describe(`the docs site in ${engine}, served by npm start's stack`, () => {
    let stack;
    let gateway;
    let site;
    let browser;
    let page;
    const goto = (url) => page.goto(url);
    before(async () => {
      stack = await startStack();
      gateway = await startGateway(stack, { harness: needsHarness(engine) });
      site = needsHarness(engine) ? gateway : stack;
      browser = await launchEngine(engine, { colorScheme: 'light', viewport: { width: 1280, height: 900 } });
      if (engine !== 'webkit') await browser.addInitScript(countSockets);
      page = await browser.page();
    });
    after(async () => {
      await browser?.close();
      await gateway?.close();
      await stack?.stop();
    });

    test(`the home page decodes JOB0KHTOWnGLuC to ${ISO}`, async () => {
      await goto(`${site.url}docs/`);
      await page.locator('branded-decode').locator('[data-field="iso"]').waitFor();
      assert.equal(await shadowText(page, 'branded-decode', '[data-field="iso"]'), ISO);
    });

    test('the gate page: picker, decoder and gate start on one id; a pick goes to both; the host passes USR, the wire gate refuses it', async () => {
      await goto(`${site.url}docs/gate`);
      await page.locator('branded-gate').locator('.verdict').first().waitFor();
      assert.deepEqual(await verdicts(page), ['pass', 'refuse']);
      const pressed = await page.locator('[aria-label="Pick an id"] [aria-pressed="true"]').textContent();
      const values = await page.evaluate(() =>
        [...document.querySelectorAll('[data-pick]')].map((w) => w.shadowRoot.querySelector('input').value),
      );
      assert.deepEqual(values, [pressed.trim(), pressed.trim()], 'the picker and both widgets show one id');
      const picker = page.locator('[role="group"][aria-label="Pick an id"]');
      await picker.getByRole('button', { name: 'job-42', exact: true }).click();
      await page.locator('branded-decode').locator('[data-testid="error-class"]', { hasText: 'length' }).waitFor();
      await page.locator('branded-gate').locator('.verdict[data-outcome="refuse"]').first().waitFor();
      assert.equal((await verdicts(page))[0], 'refuse');
      await picker.getByRole('button', { name: 'JOB0KHTOWnGLuC', exact: true }).click();
      await page.locator('branded-decode').locator('[data-field="iso"]').waitFor();
      assert.deepEqual(await verdicts(page), ['pass', 'pass']);
      // Served by npm start, the live comparison finds the bridge on the page's own origin, no ?bridge asked.
      await page.locator('branded-gate').locator('.live-status .badge.ok', { hasText: 'LIVE' }).waitFor();
    });

    test('the streams page: the injection for a picked vector, and each check recomputes its frozen figure', async () => {
      await goto(`${site.url}docs/streams`);
      const injection = page.locator('[data-testid="injection"]');
      await injection.waitFor();
      assert.equal((await injection.locator('[data-field="entry"]').textContent()).trim(), '1781000000010-28672');
      assert.equal((await injection.locator('[data-field="low22"]').textContent()).trim(), '28672');
      await page
        .locator('[role="group"][aria-label="Pick a vector"]')
        .getByRole('button', { name: 'JOB0KHTOWnGLuC', exact: true })
        .click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="injection"] [data-field="entry"]')?.textContent.trim() ===
          '1769526697641-0',
      );

      const expected = { count: '40960', first: '1781000000010-28672', low22: '28672' };
      for (const [key, value] of Object.entries(expected)) {
        const check = page.locator(`[data-check="${key}"]`);
        await check.getByRole('button').click();
        const result = check.locator('.result[data-outcome]');
        await result.waitFor();
        assert.equal(await result.getAttribute('data-outcome'), 'match', key);
        assert.match(await result.textContent(), new RegExp(`✓ recomputed ${value} `));
      }
      assert.equal(await shadowText(page, 'branded-window', '[data-field="predicted-count"]'), '40,960');
      await screenshot(page, 'docs-site-streams');
    });

    test("dark mode follows the site's own switch", async () => {
      const panelColour = () =>
        page
          .locator('branded-window')
          .evaluate((el) => getComputedStyle(el.shadowRoot.querySelector('.panel')).backgroundColor);
      const light = await panelColour();
      await page.locator('.VPNavBarAppearance button.VPSwitchAppearance').click();
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
      await page.waitForFunction(
        (before) =>
          getComputedStyle(document.querySelector('branded-window').shadowRoot.querySelector('.panel'))
            .backgroundColor !== before,
        light,
      );
      await screenshot(page, 'docs-site-streams-dark');
      await page.locator('.VPNavBarAppearance button.VPSwitchAppearance').click();
      await page.waitForFunction(
        (before) =>
          getComputedStyle(document.querySelector('branded-window').shadowRoot.querySelector('.panel'))
            .backgroundColor === before,
        light,
      );
    });

    test('the reference pages render; no code block is cut at 1280 px; the widgets page documents the events', async () => {
      for (const path of ['reference/package', 'reference/cli', 'reference/widgets', 'gate', 'streams', '']) {
        await goto(`${site.url}docs/${path}`);
        await page.locator('main h1').waitFor();
        assert.notEqual((await page.locator('main h1').textContent()).trim(), '404', path);
        const cut = await page.evaluate(() =>
          [...document.querySelectorAll('.vp-doc div[class*="language-"] pre')]
            .filter((pre) => pre.scrollWidth > pre.clientWidth + 1)
            .map((pre) => pre.textContent.slice(0, 60)),
        );
        assert.deepEqual(cut, [], `${path}: code blocks that scroll sideways`);
        if (path === 'reference/widgets') assert.match(await page.locator('main').textContent(), /branded-verdict/);
      }
    });

    test("the appearance switch's knob sits inside its track", async () => {
      await goto(`${site.url}docs/`);
      const fit = await page.evaluate(() => {
        const track = document.querySelector('.VPNavBarAppearance .VPSwitch').getBoundingClientRect();
        const knob = document.querySelector('.VPNavBarAppearance .VPSwitch .check').getBoundingClientRect();
        return {
          knob: [knob.width, knob.height],
          inside:
            knob.left >= track.left &&
            knob.right <= track.right &&
            knob.top >= track.top &&
            knob.bottom <= track.bottom,
        };
      });
      assert.ok(fit.inside, `the knob (${fit.knob.join(' x ')} px) spills out of the track`);
    });

    test('the streams page at 1280 px: the timeline in its box has no label over another or over the window', async () => {
      await goto(`${site.url}docs/streams`);
      await page.locator('branded-window').locator('.timeline svg').waitFor();
      const facts = await page.locator('branded-window').evaluate((host) => {
        const svg = host.shadowRoot.querySelector('.timeline svg');
        const box = svg.getBoundingClientRect();
        const labels = [...svg.querySelectorAll('text')].map((t) => t.getBoundingClientRect());
        const clash = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const windowBox = svg.querySelector('rect.window').getBoundingClientRect();
        return {
          width: box.width,
          heights: labels.map((r) => Math.round(r.height)),
          overlapping: labels.flatMap((a, i) => labels.slice(i + 1).filter((b) => clash(a, b))).length,
          outside: labels.filter((r) => r.left < box.left - 0.5 || r.right > box.right + 0.5).length,
          overWindow: labels.filter((r) => clash(r, windowBox)).length,
        };
      });
      assert.ok(facts.width < 40 * 16, `the widget's timeline is ${facts.width} px wide (under 40rem)`);
      assert.equal(facts.overlapping, 0);
      assert.equal(facts.outside, 0);
      assert.equal(facts.overWindow, 0);
      assert.ok(
        facts.heights.every((h) => h >= 9 && h <= 18),
        `label heights ${facts.heights}`,
      );
    });

    test('the explorer links to the docs, and the docs to the explorer', async () => {
      await goto(site.url);
      await page.locator('[data-testid="docs-link"]').click();
      await page.locator('main h1').waitFor();
      assert.equal(new URL(page.url()).pathname, '/docs/');
      // The docs' link back, followed by its address (WebKitGTK's driver may click it before the page is ready).
      const back = await page.locator('main a', { hasText: 'the explorer' }).evaluate((a) => a.href);
      assert.equal(new URL(back).pathname, '/');
      await goto(back);
      await page.locator('nav [role="tab"]').first().waitFor();
    });

    test("the explorer's Mint panel, live: its ids are minted on a node the bridge leased for the page", async () => {
      await openExplorer(page, site.url, { tab: 'mint', 'mint.node': '5' });
      await page.locator('[data-testid="bridge-pill"][data-state="live"]').waitFor({ timeout: 20_000 });
      const mint = panel(page, 'mint');
      await mint.locator('button.primary').click();
      const lease = mint.locator('[data-testid="mint-lease"]');
      await lease.waitFor({ timeout: 20_000 });
      const node = Number(await text(mint.locator('[data-testid="lease-node"]')));
      assert.match(await text(lease), new RegExp(`^Minting on node ${node}, leased`));
      const ids = await mint.locator('[data-testid="minted"] .id').allTextContents();
      assert.ok(ids.length > 0, 'ids minted');
      for (const id of ids) assert.equal(parse(id.trim()).node, node);
      assert.equal(await stack.cli('EXISTS', `{emq:lease}:node:${node}`), '(integer) 1', 'held in Valkey');
    });

    test('?bridge=none keeps the live parts off: no WebSocket; no console error, nothing off the machine', async () => {
      if (engine !== 'webkit') {
        await goto(`${site.url}docs/gate?bridge=none`);
        await page.locator('branded-gate').locator('.live-status', { hasText: 'No live connection' }).waitFor();
        assert.equal(await socketsOpened(page), 0);
      }
      await browser.harvest();
      assert.deepEqual(browser.problems, []);
      assert.deepEqual(browser.external, []);
    });
  });

describe('the docs site beside a real bridge and Valkey, live (Chromium)', () => {
  let stack;
  let browser;
  before(async () => {
    stack = await startStack();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  // The badge, not the status line: "No live connection" also matches 'LIVE' case-insensitively.
  test('the streams page runs [+10ms, +20ms) on a stream never seeded: seeded first, then 40,960 entries, as predicted', async () => {
    const page = await browser.page();
    await page.goto(`${stack.url}docs/streams`);
    const win = page.locator('branded-window');
    await win.locator('.live-status .badge.ok', { hasText: 'LIVE' }).waitFor({ timeout: 20_000 });
    await win.getByRole('button', { name: 'Run the window' }).click();
    const comparison = win.locator('[data-testid="window-comparison"]');
    await comparison.waitFor({ timeout: 90_000 });
    const cells = (await comparison.locator(':scope > span').allTextContents()).map((c) => c.trim());
    assert.deepEqual(cells.slice(3, 9), [
      'count',
      '40,960',
      '40,960 ✓',
      'first id',
      '1781000000010-28672',
      '1781000000010-28672 ✓',
    ]);
    assert.equal(await win.locator('.mismatch').count(), 0);
    assert.match(await win.locator('[data-testid="seeded"]').textContent(), /200,000 entries/);
    await page.goto(`${stack.url}docs/gate`);
    await page
      .locator('branded-gate')
      .locator('.live-status .badge.ok', { hasText: 'LIVE' })
      .waitFor({ timeout: 20_000 });
    assert.deepEqual(browser.problems, []);
    assert.deepEqual(browser.external, []);
  });

  // Shiki colours each token through a custom property; under style-src 'self' they come from a stylesheet.
  test("a reference page's code keeps its colours under the bridge's CSP, with no violation", async () => {
    const page = await browser.page();
    await page.goto(`${stack.url}docs/reference/cli`);
    await page.locator('main h1').waitFor();
    const colours = await page.evaluate(
      () =>
        new Set(
          [...document.querySelectorAll('.vp-code span[class*="tok-"]')]
            .map((span) => getComputedStyle(span).getPropertyValue('--shiki-light').trim())
            .filter(Boolean),
        ).size,
    );
    assert.ok(colours >= 2, `${colours} distinct token colours`);
    assert.deepEqual(browser.problems, []);
  });
});

describe('the demo page web/dist/docs.html opened from disk', () => {
  test('renders the widgets: one classic script, which file:// allows (module scripts are blocked there)', async () => {
    const browser = await launch();
    try {
      const page = await browser.page();
      await page.goto(pathToFileURL(join(DIST, 'docs.html')).href);
      assert.equal(await page.locator('script').getAttribute('type'), null);
      const iso = page.locator('branded-decode [data-field="iso"]');
      await iso.waitFor();
      assert.equal((await iso.textContent()).trim(), ISO);
      assert.deepEqual(browser.external, []);
    } finally {
      await browser.close();
    }
  });
});
