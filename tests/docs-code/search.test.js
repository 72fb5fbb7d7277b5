// VitePress's local search on the built site, as the bridge serves it (its page CSP): the index ships with the
// site, a query finds the page that answers it, and nothing is requested off the machine.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { securityHeaders } from '../../bridge/src/guard.js';
import { DIST, launch } from '../e2e/support/browser.js';
import { serveStatic } from '../e2e/support/static-server.js';

let site;
let browser;
before(async () => {
  const page = (pathname) => pathname.endsWith('/') || pathname.endsWith('.html');
  site = await serveStatic(DIST, { headers: (pathname) => securityHeaders(page(pathname)) });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

for (const [query, route] of [
  ['EMQ.ENQUEUE', 'guide/valkey-module.html'],
  ['trust-proxy', 'guide/bridge.html'],
  ['1704067200000', 'contract.html'],
])
  test(`searching "${query}" offers ${route}, offline and under the CSP`, async () => {
    const page = await browser.page();
    await page.goto(`${site.url}docs/getting-started.html`);
    await page.locator('#local-search button').click();
    const input = page.locator('.VPLocalSearchBox input');
    await input.fill(query);
    const hit = page.locator(`.VPLocalSearchBox a.result[href*="${route}"]`).first();
    await hit.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    assert.deepEqual(browser.problems, []);
    assert.deepEqual(browser.external, []);
  });
