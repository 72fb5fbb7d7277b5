// The docs widgets on a plain HTML page, under a strict Content-Security-Policy sent as a header (the page
// also carries it as a meta tag): no 'unsafe-eval', no 'unsafe-inline', only 'wasm-unsafe-eval'.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DIST, launch, screenshot } from './support/browser.js';
import { serveStatic } from './support/static-server.js';
import { unexpected } from './support/explorer.js';

const STRICT_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'";

let site;
let browser;
let page;
before(async () => {
  site = await serveStatic(DIST, { headers: (path) => (path.endsWith('.html') ? { 'content-security-policy': STRICT_CSP } : {}) });
  browser = await launch();
  // Every CSP violation anywhere in the page (shadow roots included) is recorded.
  await browser.context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`);
    }, true);
  });
  page = await browser.page();
  await page.goto(`${site.url}docs.html`);
  await page.locator('branded-decode [data-field="iso"]').waitFor();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const violations = () => page.evaluate(() => window.__violations);

test('the page is served with the strict policy', async () => {
  const response = await page.request.get(`${site.url}docs.html`);
  assert.equal(response.headers()['content-security-policy'], STRICT_CSP);
  assert.equal(await page.locator('script').count(), 1, 'one <script type="module"> includes the widgets');
  assert.equal(await page.locator('script').getAttribute('src'), './widgets.js');
});

test('all four elements are defined, each in its own shadow root', async () => {
  for (const name of ['branded-decode', 'branded-gate', 'branded-window', 'branded-enqueue']) {
    assert.equal(await page.evaluate((n) => Boolean(customElements.get(n)), name), true, name);
    assert.equal(await page.locator(name).evaluate((el) => el.shadowRoot?.mode), 'open', name);
  }
});

test('<branded-decode value="JOB0KHTOWnGLuC"> decodes, styled from its shadow root', async () => {
  const decode = page.locator('branded-decode');
  assert.equal((await decode.locator('[data-field="iso"]').textContent()).trim(), '2026-01-27T15:11:37.641Z');
  assert.equal((await decode.locator('[data-field="hash32"]').textContent()).trim(), '234878118');
  assert.equal((await decode.locator('[data-field="stream"]').textContent()).trim(), '1769526697641-0');
  const font = await decode.locator('.big-id').evaluate((el) => getComputedStyle(el).fontFamily);
  assert.match(font, /mono/i, 'the constructed stylesheet applies under style-src \'self\'');
  // Styles stay inside: the page's own text is not restyled by the widget.
  assert.doesNotMatch(await page.locator('h1').evaluate((el) => getComputedStyle(el).fontFamily), /mono/i);

  // Attributes drive the element.
  await decode.evaluate((el) => el.setAttribute('value', 'USRzzzzzzzzzzz'));
  await decode.locator('[data-testid="error-class"]', { hasText: 'range' }).waitFor();
  await decode.evaluate((el) => el.setAttribute('value', 'JOB0KHTOWnGLuC'));
  await decode.locator('[data-field="iso"]').waitFor();
});

test('<branded-gate value="USR0KHTOWnGLuC">: the host passes it, the wire gate refuses it', async () => {
  const gate = page.locator('branded-gate');
  assert.equal(await gate.locator('.verdict').nth(0).getAttribute('data-outcome'), 'pass');
  assert.equal(await gate.locator('.verdict').nth(1).getAttribute('data-outcome'), 'refuse');
  assert.equal((await gate.locator('.refusal').textContent()).trim(), 'EMQKIND job id must be JOB-namespaced');
  await gate.locator('.live-status', { hasText: 'No bridge' }).waitFor();
});

test('<branded-window t0="+10ms" t1="+20ms">: the XRANGE arguments and the prediction', async () => {
  const win = page.locator('branded-window');
  assert.equal((await win.locator('.command').textContent()).trim(), 'XRANGE key 1781000000010-0 (1781000000020-0');
  assert.equal((await win.locator('[data-field="predicted-count"]').textContent()).trim(), '40,960');
  await win.evaluate((el) => el.setAttribute('t1', '+11ms'));
  assert.equal((await win.locator('[data-field="predicted-count"]').textContent()).trim(), '4,096');
});

test('<branded-enqueue> without a bridge says so and sends nothing', async () => {
  const enqueue = page.locator('branded-enqueue');
  await enqueue.locator('.live-status', { hasText: 'No bridge' }).waitFor();
  assert.equal(await enqueue.locator('button.primary').isDisabled(), true);
  await screenshot(page, 'widgets-docs-page');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'widgets-docs-page-dark');
  await page.emulateMedia({ colorScheme: 'light' });
});

test('no CSP violation, no error, no request off the machine', async () => {
  assert.deepEqual(await violations(), []);
  assert.deepEqual(unexpected(browser.problems), []);
  assert.deepEqual(browser.external, []);
});

test('the violation listener does catch a violation (the check above can fail)', async () => {
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { color: red }';
    document.head.append(style);
  });
  await page.waitForFunction(() => window.__violations.length > 0);
  assert.match((await violations())[0], /^style-src-elem inline$/);
});
