// What the browser receives from `npm start`'s stack, by kind of file: every response the explorer (each tab,
// a scan in its worker) and each docs page load is collected in Chromium with its headers, and each kind is held
// to what it may do. A page may run the package's WebAssembly and connect to its own origin; a script may run
// as a worker that instantiates WebAssembly and imports same-origin modules, and nothing else; any other file
// (styles, JSON, images, fonts, WebAssembly, text) allows nothing. Every response is nosniff, unframeable,
// same-origin and sends no referrer. No CSP violation is reported anywhere.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, recordViolations } from './support/browser.js';
import { startStack } from './support/stack.js';
import { openExplorer, panel } from './support/explorer.js';

let stack;
let browser;
const responses = new Map(); // url → {type, headers}

before(async () => {
  stack = await startStack();
  browser = await launch();
  browser.context.on('response', async (response) => {
    const url = response.url();
    if (!url.startsWith(stack.origin) || url.includes('/ws')) return;
    responses.set(url, { status: response.status(), headers: await response.allHeaders() });
  });
  await recordViolations(browser.context);
});
after(async () => {
  await browser?.close();
  await stack?.stop();
});

// A policy as {directive: [sources]}.
function directives(policy) {
  const out = {};
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

const kindOf = (type) => {
  const bare = (type ?? '').split(';')[0].trim();
  if (bare === 'text/html') return 'page';
  if (bare === 'text/javascript' || bare === 'application/javascript') return 'script';
  return 'other';
};

async function visitEverything() {
  const page = await openExplorer(await browser.page(), stack.url);
  for (const tab of ['gate', 'window', 'mint', 'placement', 'enqueue', 'decode'])
    await page.locator(`[data-tab="${tab}"]`).click();
  // The scan worker: a script loaded as a worker, which instantiates the package's WebAssembly itself.
  await page.locator('[data-testid="mode"]').selectOption('scan');
  await panel(page, 'decode').locator('textarea').fill('trace JOB0KHTOWnGLuC then USR0NgWEfAEJfs');
  await panel(page, 'decode').locator('[data-testid="count"]', { hasText: '2' }).waitFor();
  assert.match(await panel(page, 'decode').locator('[data-testid="parse-ms"]').textContent(), /^scan \(worker\)/);
  const violations = [await page.evaluate(() => window.__violations)];
  for (const path of ['docs/', 'docs/gate', 'docs/streams', 'docs/reference/package', 'docs/reference/cli']) {
    await page.goto(`${stack.url}${path}`);
    await page.locator('main h1').waitFor();
    await page.waitForLoadState('networkidle');
    violations.push(await page.evaluate(() => window.__violations));
  }
  await page.close();
  return violations.flat();
}

test('each kind of file the explorer and the docs load carries its own headers, and nothing is refused', async (t) => {
  const violations = await visitEverything();
  assert.deepEqual(violations, [], 'CSP violations');
  const byKind = { page: [], script: [], other: [] };
  for (const [url, { headers }] of responses) byKind[kindOf(headers['content-type'])].push({ url, headers });
  t.diagnostic(
    `responses: ${responses.size} (pages ${byKind.page.length}, scripts ${byKind.script.length}, other ${byKind.other.length})`,
  );
  assert.ok(byKind.page.length >= 6 && byKind.script.length >= 3 && byKind.other.length >= 2);
  assert.ok(
    byKind.script.some(({ url }) => /scan-worker/.test(url)),
    'the scan worker was loaded',
  );

  for (const [url, { headers }] of responses) {
    assert.equal(headers['x-content-type-options'], 'nosniff', url);
    assert.equal(headers['x-frame-options'], 'DENY', url);
    assert.equal(headers['referrer-policy'], 'no-referrer', url);
    assert.equal(headers['cross-origin-resource-policy'], 'same-origin', url);
    const csp = directives(headers['content-security-policy']);
    assert.deepEqual(csp['frame-ancestors'], ["'none'"], url);
  }
  for (const { url, headers } of byKind.page) {
    const csp = directives(headers['content-security-policy']);
    assert.deepEqual(csp['script-src'], ["'self'", "'wasm-unsafe-eval'"], url);
    assert.deepEqual(csp['style-src'], ["'self'"], url);
    assert.ok(csp['connect-src'].includes("'self'"), url);
    assert.ok(!JSON.stringify(csp).includes('unsafe-inline') && !csp['script-src'].includes("'unsafe-eval'"), url);
  }
  for (const { url, headers } of byKind.script) {
    const csp = directives(headers['content-security-policy']);
    assert.deepEqual(csp['default-src'], ["'none'"], url);
    assert.deepEqual(csp['script-src'], ["'self'", "'wasm-unsafe-eval'"], url);
    assert.deepEqual(Object.keys(csp).sort(), ['default-src', 'frame-ancestors', 'script-src'], url);
  }
  for (const { url, headers } of byKind.other) {
    const csp = directives(headers['content-security-policy']);
    assert.deepEqual(csp, { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] }, url);
  }
  assert.deepEqual(browser.external, []);
});
