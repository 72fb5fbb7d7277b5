// The single-file explorer: one HTML file, code and wasm inlined, opened straight from disk (file://).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST_SINGLE, launch, screenshot } from './support/browser.js';
import { unexpected } from './support/explorer.js';

const FILE = join(DIST_SINGLE, 'branded.html');

let browser;
const requested = [];
before(async () => {
  browser = await launch();
  browser.context.on('request', (request) => requested.push(request.url()));
  await browser.context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`), true);
  });
});
after(() => browser?.close());

test('the file references nothing outside itself', () => {
  const html = readFileSync(FILE, 'utf8');
  assert.doesNotMatch(html, /<script[^>]*\ssrc=/, 'no external script');
  assert.doesNotMatch(html, /<link[^>]*rel="(?:stylesheet|modulepreload)"/, 'no external stylesheet or preload');
  assert.equal((html.match(/<script type="module">/g) ?? []).length, 1);
  assert.match(html, /script-src 'sha256-[A-Za-z0-9+/=]+' 'wasm-unsafe-eval'/, 'the inline script is pinned by hash in the CSP');
});

test('opened from file://, it decodes an id with no request but the file itself', async () => {
  const page = await browser.page();
  const url = `${pathToFileURL(FILE).href}?decode.ids=${encodeURIComponent('JOB0KHTOWnGLuC\nUSRzzzzzzzzzzz')}`;
  await page.goto(url);
  const decode = page.locator('[data-panel="decode"]');
  assert.equal((await decode.locator('[data-field="iso"]').textContent()).trim(), '2026-01-27T15:11:37.641Z');
  assert.equal((await decode.locator('[data-field="hash32"]').textContent()).trim(), '234878118');
  assert.match(await decode.locator('.summary').textContent(), /1 refused: range 1/);
  assert.equal((await page.locator('[data-testid="bridge-pill"]').textContent()).trim(), 'offline file · no bridge');
  await page.locator('[data-tab="gate"]').click();
  assert.match(await page.locator('[data-panel="gate"] .live-status').textContent(), /No bridge/);
  await screenshot(page, 'single-file');
  assert.deepEqual(requested.filter((r) => !r.startsWith(pathToFileURL(FILE).href)), []);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(unexpected(browser.problems), []);
  assert.deepEqual(browser.external, []);
});
