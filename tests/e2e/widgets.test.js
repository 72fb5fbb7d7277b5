// The docs widgets on a plain HTML page, under a strict Content-Security-Policy sent as a header (the page
// also carries it as a meta tag): no 'unsafe-eval', no 'unsafe-inline', only 'wasm-unsafe-eval'. In each engine.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, recordViolations, screenshot } from './support/browser.js';
import { emulatesMedia, launchEngine, needsHarness, selectedEngines } from './support/engines.js';
import { serveStatic } from './support/static-server.js';
import { unexpected } from './support/explorer.js';

const STRICT_CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'";

for (const engine of selectedEngines())
  describe(engine, () => {
    let site;
    let browser;
    let page;
    before(async () => {
      site = await serveStatic(DIST, {
        headers: (path) => (path.endsWith('.html') ? { 'content-security-policy': STRICT_CSP } : {}),
        harness: needsHarness(engine),
      });
      browser = await launchEngine(engine);
      // Every CSP violation anywhere in the page (shadow roots included) is recorded (by the harness where
      // the engine's driver has no init scripts).
      if (!needsHarness(engine)) {
        await recordViolations(browser);
      }
      page = await browser.page();
      await page.goto(`${site.url}docs.html`);
      await page.locator('branded-decode').locator('[data-field="iso"]').waitFor();
    });
    after(async () => {
      await browser?.close();
      await site?.close();
    });

    const violations = () => page.evaluate(() => window.__violations);

    test('the page is served with the strict policy', async () => {
      const response = await fetch(`${site.url}docs.html`);
      assert.equal(response.headers.get('content-security-policy'), STRICT_CSP);
      const scripts = page.locator('script:not([src$="__e2e-hook.js"])');
      assert.equal(await scripts.count(), 1, 'one <script type="module"> includes the widgets');
      assert.equal(await scripts.getAttribute('src'), './widgets.js');
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
      assert.match(font, /mono/i, "the constructed stylesheet applies under style-src 'self'");
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
      assert.equal(
        (await win.locator('.command').textContent()).trim(),
        'XRANGE emq:{demo}:stream.fills 1781000000010-0 (1781000000020-0',
      );
      assert.equal((await win.locator('[data-field="predicted-count"]').textContent()).trim(), '40,960');
      await win.evaluate((el) => el.setAttribute('t1', '+11ms'));
      assert.equal((await win.locator('[data-field="predicted-count"]').textContent()).trim(), '4,096');
    });

    test('<branded-enqueue> without a bridge says so and sends nothing', async () => {
      const enqueue = page.locator('branded-enqueue');
      await enqueue.locator('.live-status', { hasText: 'No bridge' }).waitFor();
      assert.equal(await enqueue.locator('button.primary').isDisabled(), true);
      await screenshot(page, 'widgets-docs-page');
      if (emulatesMedia(engine)) {
        await page.emulateMedia({ colorScheme: 'dark' });
        await screenshot(page, 'widgets-docs-page-dark');
        await page.emulateMedia({ colorScheme: 'light' });
      }
    });

    test('docs.html names its own favicon, the site serves it, and the load notice stays hidden', async () => {
      const icon = await page.locator('link[rel="icon"]').getAttribute('href');
      const response = await fetch(new URL(icon, `${site.url}docs.html`));
      assert.equal(response.status, 200, icon);
      assert.match(response.headers.get('content-type'), /^image\/svg\+xml/);
      // The notice shows 1.5 s after load unless the widgets are defined: then it is gone for good (display:
      // none), whatever the clock says, so no wait is needed to know it will never show.
      await page.waitForFunction(() => customElements.get('branded-decode') !== undefined);
      assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('.load-notice')).display), 'none');
      assert.equal(await page.locator('.load-notice').isVisible(), false);
    });

    test('no CSP violation, no error, no request off the machine', async () => {
      assert.deepEqual(await violations(), []);
      await browser.harvest();
      assert.deepEqual(unexpected(browser.problems), []);
      assert.deepEqual(browser.external, []);
      assert.deepEqual(
        site.notFound.filter((path) => path !== '/ws'),
        [],
        "every request but the absent bridge's was found",
      );
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

    // Last: the blocked module script of a file:// page is an error in the page, by design.
    test('docs.html opened from disk (file://) works or says what to do', async (t) => {
      await page.goto(pathToFileURL(join(DIST, 'docs.html')).href);
      const notice = page.locator('.load-notice');
      await page.waitForFunction(
        () =>
          customElements.get('branded-decode') !== undefined ||
          getComputedStyle(document.querySelector('.load-notice')).visibility === 'visible',
        null,
        { timeout: 10000 },
      );
      const defined = await page.evaluate(() => customElements.get('branded-decode') !== undefined);
      t.diagnostic(
        `${engine}: from file://, ${defined ? 'the widgets run' : 'the page says why the widgets did not load'}`,
      );
      if (defined) {
        assert.equal(
          (await page.locator('branded-decode').locator('[data-field="iso"]').textContent()).trim(),
          '2026-01-27T15:11:37.641Z',
        );
        assert.equal(await notice.isVisible(), false);
      } else {
        assert.equal(await notice.isVisible(), true);
        assert.match(await notice.textContent(), /file:\/\/.*serve this folder over HTTP/s);
        await screenshot(page, 'widgets-docs-file');
      }
    });
  });

// A page whose widget is given a bridge nobody answers at (a port just closed). Firefox holds back repeated
// WebSocket attempts at a host that failed, longer after each load; the widget must say so within a second of
// asking, whatever the engine does with the attempt. "Within a second" is read on the page's own timers, never
// the wall clock: when the page sees the widget asking, it sets a 1 s timer of its own, and that timer reads the
// status. The widget's own deadline was set earlier and is shorter, and HTML runs a window's timers in that order
// however busy the machine, so on time the status already says so; a widget that waited for the engine does not.
const RELOADS = 7;
const downPage = (url) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bridge down</title><link rel="icon" href="./favicon.svg">
<script src="./widgets.js"></script></head><body>
<branded-gate value="USR0KHTOWnGLuC" bridge="${url}"></branded-gate>
<script src="./watch.js"></script></body></html>`;
// Every change of the widget's status, as it happens (a poll could miss a refusal that comes at once): the
// status 1 s after the widget says it is connecting, or at once when the refusal came before the watch began.
const WATCH = `(function watch() {
  const root = document.querySelector('branded-gate')?.shadowRoot;
  if (!root) return void setTimeout(watch, 5);
  const status = () => root.querySelector('.live-status')?.textContent ?? '';
  const see = () => {
    const text = status();
    if (window.__asked) return;
    if (/Connecting to/.test(text)) {
      window.__asked = true;
      setTimeout(() => { window.__atOneSecond = status(); }, 1000);
    } else if (/Nothing answered/.test(text)) {
      window.__asked = true;
      window.__atOneSecond = text;
    }
  };
  new MutationObserver(see).observe(root, { subtree: true, childList: true, characterData: true });
  see();
})();`;

async function closedPort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

for (const engine of selectedEngines())
  describe(`${engine}: a bridge that is down`, () => {
    let dir;
    let site;
    let browser;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'branded-bridge-down-'));
      copyFileSync(join(DIST, 'widgets.js'), join(dir, 'widgets.js'));
      copyFileSync(join(DIST, 'favicon.svg'), join(dir, 'favicon.svg'));
      writeFileSync(join(dir, 'index.html'), downPage(`ws://127.0.0.1:${await closedPort()}/ws`));
      writeFileSync(join(dir, 'watch.js'), WATCH);
      site = await serveStatic(dir, { harness: needsHarness(engine) });
      browser = await launchEngine(engine);
    });
    after(async () => {
      await browser?.close();
      await site?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test(`${engine}: the widget says so within 1 s of asking, on each of ${RELOADS} loads in a row`, async () => {
      const page = await browser.page();
      const atOneSecond = [];
      for (let load = 0; load < RELOADS; load++) {
        await page.goto(site.url);
        await page.waitForFunction(() => window.__atOneSecond !== undefined, null, { timeout: 60_000 });
        atOneSecond.push(await page.evaluate(() => window.__atOneSecond));
      }
      for (const status of atOneSecond) assert.match(status, /Nothing answered/, `${engine}: ${status}`);
      await browser.harvest();
      // The refused attempts are the only errors an engine reports here.
      assert.deepEqual(
        browser.problems.filter((p) => !/WebSocket|127\.0\.0\.1:\d+\/ws|NS_ERROR|Firefox can.t establish/i.test(p)),
        [],
      );
    });
  });
