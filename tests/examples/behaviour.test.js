// The widgets' behaviour a docs author relies on, in Chromium, from the packed classic script: no bridge means
// no connection attempt and words a reader can use; events carry their detail; the theme follows <html>'s
// markers and the `theme` attribute; custom properties and ::part reach inside; it works from file://.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch } from '../e2e/support/browser.js';
import { serveStatic } from '../e2e/support/static-server.js';
import { ISO, luminance, prepareExample } from './support.js';

const FIXTURE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>widgets behaviour</title>
<link rel="icon" href="./favicon.svg"><link rel="stylesheet" href="./fixture.css">
<script src="./node_modules/@echomq/branded-widgets/dist/branded-widgets.classic.js"></script>
</head><body>
<branded-decode id="decode" value="JOB0KHTOWnGLuC"></branded-decode>
<branded-gate id="gate" value="USR0KHTOWnGLuC"></branded-gate>
<branded-enqueue id="enqueue" queue="demo"></branded-enqueue>
<branded-decode id="styled" value="JOB0KHTOWnGLuC"></branded-decode>
</body></html>`;
const FIXTURE_CSS = `#styled { --branded-surface: rgb(1, 2, 3); }
#styled::part(panel) { border-top-width: 7px; }`;

let example;
let site;
let browser;
let page;
before(
  async () => {
    example = await prepareExample('plain-html', { build: false });
    writeFileSync(join(example.dir, 'fixture.html'), FIXTURE);
    writeFileSync(join(example.dir, 'fixture.css'), FIXTURE_CSS);
    site = await serveStatic(example.dir);
    browser = await launch({ colorScheme: 'light' });
    // Every WebSocket the page makes, and every event the widgets fire, recorded from the first script on.
    await browser.context.addInitScript(() => {
      window.__sockets = [];
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(url, protocols) {
          super(url, protocols);
          window.__sockets.push(String(url));
        }
      };
      window.__events = [];
      for (const type of ['branded-decode', 'branded-verdict', 'branded-change']) {
        document.addEventListener(type, (e) => window.__events.push({ type, target: e.target.id, detail: e.detail }));
      }
    });
    page = await browser.page();
    await page.goto(`${site.url}fixture.html`);
    await page.locator('#decode [data-field="iso"]').waitFor();
    await page.locator('#gate .verdict').first().waitFor();
  },
  { timeout: 600_000 },
);
after(async () => {
  await browser?.close();
  await site?.close();
  example?.remove();
});

const events = (type, target) =>
  page.evaluate(
    ([t, id]) =>
      window.__events
        .filter((e) => e.type === t && e.target === id)
        .map((e) => JSON.parse(JSON.stringify(e.detail, (k, v) => (typeof v === 'bigint' ? `${v}n` : v)))),
    [type, target],
  );
const background = (id) =>
  page.evaluate(
    (i) => getComputedStyle(document.getElementById(i).shadowRoot.querySelector('.panel')).backgroundColor,
    id,
  );

test('without a bridge attribute nothing connects, and the live part says what a reader can use', async () => {
  assert.deepEqual(await page.evaluate(() => window.__sockets), []);
  assert.equal(site.requests.filter((path) => path.includes('ws')).length, 0);
  for (const id of ['gate', 'enqueue']) {
    const status = await page.locator(`#${id} .live-status`).textContent();
    assert.match(status, /No live connection/);
    assert.doesNotMatch(status, /npm start|\?bridge=/);
  }
  // Buttons that could never work on this page are not shown.
  assert.equal(await page.locator('#enqueue button.primary').isVisible(), false);
  assert.equal(await page.locator('#gate .live button').isVisible(), false);
});

test('a bridge attribute connects once, to that URL, and a bridge that does not answer is said once', async () => {
  await page.evaluate(() => document.getElementById('gate').setAttribute('bridge', 'ws://127.0.0.1:9/ws'));
  await page.locator('#gate .live-status', { hasText: 'Nothing answered at ws://127.0.0.1:9/ws' }).waitFor();
  assert.deepEqual(await page.evaluate(() => window.__sockets), ['ws://127.0.0.1:9/ws']);
  await page.waitForTimeout(1500);
  assert.equal((await page.evaluate(() => window.__sockets)).length, 1, 'no retry on its own');
  await page.evaluate(() => document.getElementById('gate').removeAttribute('bridge'));
  await page.locator('#gate .live-status', { hasText: 'No live connection' }).waitFor();
  browser.problems.splice(0, browser.problems.length, ...browser.problems.filter((p) => !/127\.0\.0\.1:9/.test(p)));
});

test('branded-decode carries the decoded id; an attribute change fires it again', async () => {
  const [first] = await events('branded-decode', 'decode');
  assert.deepEqual(first, {
    id: 'JOB0KHTOWnGLuC',
    ok: true,
    namespace: 'JOB',
    snowflake: '274557032793636864n',
    unixMs: 1769526697641,
    iso: ISO,
    node: 0,
    seq: 0,
    hash32: 234878118,
    streamId: '1769526697641-0',
  });
  await page.evaluate(() => document.getElementById('decode').setAttribute('value', 'USRzzzzzzzzzzz'));
  const all = await events('branded-decode', 'decode');
  assert.deepEqual(all.at(-1), { id: 'USRzzzzzzzzzzz', ok: false, error: 'range' });
});

test('typing into the widget fires branded-change and branded-decode with what was typed', async () => {
  const input = page.locator('#decode input');
  await input.fill('job-42');
  await page.waitForFunction(() =>
    window.__events.some((e) => e.type === 'branded-change' && e.detail.value === 'job-42'),
  );
  const all = await events('branded-decode', 'decode');
  assert.deepEqual(all.at(-1), { id: 'job-42', ok: false, error: 'length' });
});

test('branded-verdict: USR0KHTOWnGLuC passes the host and is refused by the wire gate', async () => {
  const [verdict] = await events('branded-verdict', 'gate');
  assert.deepEqual(verdict, {
    id: 'USR0KHTOWnGLuC',
    host: { admitted: true },
    wire: { admitted: false, error: 'EMQKIND job id must be JOB-namespaced' },
  });
});

test('the theme follows <html class="dark"> and data-theme, and the theme attribute overrides both', async () => {
  assert.ok(luminance(await background('decode')) > 0.9, 'a page with no colour scheme: light');
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.waitForFunction(
    () =>
      getComputedStyle(document.getElementById('decode').shadowRoot.querySelector('.panel')).backgroundColor ===
      'rgb(23, 24, 28)',
  );
  await page.evaluate(() => {
    document.documentElement.className = '';
    document.documentElement.dataset.theme = 'dark';
  });
  assert.equal(await background('decode'), 'rgb(23, 24, 28)');
  await page.evaluate(() => document.getElementById('decode').setAttribute('theme', 'light'));
  assert.equal(await background('decode'), 'rgb(255, 255, 255)');
  await page.evaluate(() => {
    delete document.documentElement.dataset.theme;
    document.getElementById('decode').removeAttribute('theme');
  });
  assert.equal(await background('decode'), 'rgb(255, 255, 255)');
});

test('custom properties and ::part reach inside the shadow root', async () => {
  assert.equal(await background('styled'), 'rgb(1, 2, 3)');
  const border = await page.evaluate(
    () => getComputedStyle(document.getElementById('styled').shadowRoot.querySelector('.panel')).borderTopWidth,
  );
  assert.equal(border, '7px');
  assert.equal(
    await page.evaluate(
      () => getComputedStyle(document.getElementById('decode').shadowRoot.querySelector('.panel')).borderTopWidth,
    ),
    '1px',
  );
});

test('the classic script works from file:// (no server at all)', async () => {
  const local = await browser.context.newPage();
  await local.goto(pathToFileURL(join(example.dir, 'index.html')).href);
  await local.locator('branded-decode [data-field="iso"]').waitFor();
  assert.equal((await local.locator('branded-decode [data-field="iso"]').textContent()).trim(), ISO);
  await local.close();
});

test('no console error, nothing off the machine', () => {
  assert.deepEqual(browser.problems, []);
  assert.deepEqual(browser.external, []);
});
