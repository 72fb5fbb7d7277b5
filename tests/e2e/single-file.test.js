// The single-file explorer: one HTML file, code and wasm inlined, opened straight from disk (file://), in each
// engine. WebKitGTK's driver has no init scripts and a file:// page cannot be given the harness, so there
// the page's errors and CSP violations go unseen; what it loaded is read from its resource timing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST_SINGLE, recordViolations, screenshot } from './support/browser.js';
import { launchEngine, selectedEngines } from './support/engines.js';
import { unexpected } from './support/explorer.js';

const FILE = join(DIST_SINGLE, 'branded.html');

test('the file references nothing outside itself', () => {
  const html = readFileSync(FILE, 'utf8');
  assert.doesNotMatch(html, /<script[^>]*\ssrc=/, 'no external script');
  assert.doesNotMatch(html, /<link[^>]*rel="(?:stylesheet|modulepreload)"/, 'no external stylesheet or preload');
  assert.equal((html.match(/<script type="module">/g) ?? []).length, 1);
  assert.match(
    html,
    /script-src 'sha256-[A-Za-z0-9+/=]+' 'wasm-unsafe-eval'/,
    'the inline script is pinned by hash in the CSP',
  );
});

for (const engine of selectedEngines())
  describe(engine, () => {
    let browser;
    const requested = [];
    const seesViolations = engine !== 'webkit';
    before(async () => {
      browser = await launchEngine(engine);
      if (engine === 'chromium') browser.context.on('request', (request) => requested.push(request.url()));
      if (seesViolations) {
        await recordViolations(browser);
      }
    });
    after(() => browser?.close());

    test('opened from file://, it decodes an id with no request but the file itself', async () => {
      const page = await browser.page();
      const url = `${pathToFileURL(FILE).href}?decode.ids=${encodeURIComponent('JOB0KHTOWnGLuC\nUSRzzzzzzzzzzz')}`;
      await page.goto(url);
      const decode = page.locator('[data-panel="decode"]');
      assert.equal((await decode.locator('[data-field="iso"]').textContent()).trim(), '2026-01-27T15:11:37.641Z');
      assert.equal((await decode.locator('[data-field="hash32"]').textContent()).trim(), '234878118');
      assert.match(await decode.locator('.summary').textContent(), /1 refused: range 1/);
      assert.equal(
        (await page.locator('[data-testid="bridge-pill"]').textContent()).trim(),
        'offline file · no bridge',
      );
      await page.locator('[data-tab="gate"]').click();
      assert.match(await page.locator('[data-panel="gate"] .live-status').textContent(), /No bridge/);
      await screenshot(page, 'single-file');
      if (engine !== 'chromium')
        requested.push(...(await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))));
      assert.deepEqual(
        requested.filter((r) => !r.startsWith(pathToFileURL(FILE).href)),
        [],
      );
      if (seesViolations) assert.deepEqual(await page.evaluate(() => window.__violations), []);
      assert.deepEqual(unexpected(browser.problems), []);
      assert.deepEqual(browser.external, []);
    });
  });
