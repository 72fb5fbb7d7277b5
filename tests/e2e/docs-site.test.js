// The project's docs site (web/docs, built into web/dist/docs): the widgets on its pages, the gate page's
// picker, the streams page's live injection and its check buttons, dark mode by the site's own switch,
// served statically with no bridge (nothing connects) in each engine (Chromium, Firefox ESR, WebKitGTK);
// then, in Chromium, by the real bridge beside a real Valkey with ?bridge=/ws, where the window runs against
// the seeded stream.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, launch, screenshot } from './support/browser.js';
import { countSockets, launchEngine, needsHarness, selectedEngines, socketsOpened } from './support/engines.js';
import { serveStatic } from './support/static-server.js';
import { startLiveStack } from './support/live.js';

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
  describe(`the docs site in ${engine}, served statically (no bridge)`, () => {
    let site;
    let browser;
    let page;
    let sockets = 0;
    const goto = async (url) => {
      if (page.url().startsWith('http')) sockets += await socketsOpened(page);
      await page.goto(url);
    };
    before(async () => {
      site = await serveStatic(DIST, { harness: needsHarness(engine) });
      browser = await launchEngine(engine, { colorScheme: 'light', viewport: { width: 1280, height: 900 } });
      if (engine !== 'webkit') await browser.addInitScript(countSockets);
      page = await browser.page();
    });
    after(async () => {
      await browser?.close();
      await site?.close();
    });

    test(`the home page decodes JOB0KHTOWnGLuC to ${ISO}`, async () => {
      await goto(`${site.url}docs/`);
      await page.locator('branded-decode').locator('[data-field="iso"]').waitFor();
      assert.equal(await shadowText(page, 'branded-decode', '[data-field="iso"]'), ISO);
    });

    test('the gate page: a picked id goes to the decoder and the gate; the host passes USR, the wire gate refuses it', async () => {
      await goto(`${site.url}docs/gate.html`);
      await page.locator('branded-gate').locator('.verdict').first().waitFor();
      assert.deepEqual(await verdicts(page), ['pass', 'refuse']);
      const picker = page.locator('[role="group"][aria-label="Pick an id"]');
      await picker.getByRole('button', { name: 'job-42', exact: true }).click();
      await page.locator('branded-decode').locator('[data-testid="error-class"]', { hasText: 'length' }).waitFor();
      await page.locator('branded-gate').locator('.verdict[data-outcome="refuse"]').first().waitFor();
      assert.equal((await verdicts(page))[0], 'refuse');
      await picker.getByRole('button', { name: 'JOB0KHTOWnGLuC', exact: true }).click();
      await page.locator('branded-decode').locator('[data-field="iso"]').waitFor();
      assert.deepEqual(await verdicts(page), ['pass', 'pass']);
      await page.locator('branded-gate').locator('.live-status', { hasText: 'No live connection' }).waitFor();
    });

    test('the streams page: the injection for a picked vector, and each check recomputes its frozen figure', async () => {
      await goto(`${site.url}docs/streams.html`);
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

    test('the reference pages render, the widgets page documents the events', async () => {
      for (const path of ['reference/package.html', 'reference/cli.html', 'reference/widgets.html']) {
        await goto(`${site.url}docs/${path}`);
        await page.locator('main h1').waitFor();
      }
      assert.deepEqual(site.notFound, []);
      assert.match(await page.locator('main').textContent(), /branded-verdict/);
    });

    test('no console error, nothing off the machine, no WebSocket without ?bridge', async () => {
      sockets += await socketsOpened(page);
      assert.equal(sockets, 0);
      await browser.harvest();
      assert.deepEqual(browser.problems, []);
      assert.deepEqual(browser.external, []);
    });
  });

describe('the docs site beside a real bridge and Valkey, with ?bridge=/ws', () => {
  let stack;
  let browser;
  before(async () => {
    stack = await startLiveStack();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  // The badge, not the status line: "No live connection" also matches 'LIVE' case-insensitively.
  test('the streams page seeds the stream and runs [+10ms, +20ms): 40,960 entries live, as predicted', async () => {
    const page = await browser.page();
    await page.goto(`${stack.url}docs/streams.html?bridge=/ws`);
    const win = page.locator('branded-window');
    await win.locator('.live-status .badge.ok', { hasText: 'LIVE' }).waitFor({ timeout: 20_000 });
    await win.getByRole('button', { name: 'Seed the stream' }).click();
    await win.locator('[data-testid="seeded"]').waitFor({ timeout: 60_000 });
    await win.getByRole('button', { name: 'Run the window' }).click();
    const comparison = win.locator('[data-testid="window-comparison"]');
    await comparison.waitFor({ timeout: 30_000 });
    const cells = (await comparison.locator(':scope > span').allTextContents()).map((c) => c.trim());
    assert.deepEqual(cells.slice(3, 9), [
      'count',
      '40,960',
      '40,960 ✓',
      'first id',
      '1781000000010-28672',
      '1781000000010-28672 ✓',
    ]);
    await page.goto(`${stack.url}docs/gate.html`);
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
    await page.goto(`${stack.url}docs/reference/cli.html`);
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
