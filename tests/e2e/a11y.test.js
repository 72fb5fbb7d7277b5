// Accessibility: axe-core (support/axe.js) reports no violation on the explorer (every tab), on the docs
// page with the widgets and on every page of the docs site, at 1280 and 390 px, light and dark, in each engine,
// as npm start's stack serves them (support/stack.js). The colour scheme is the
// system's, chosen at launch; WebKitGTK's MiniBrowser window is at least 447 px wide, so there 390 is 447.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { DIST } from './support/browser.js';
import { axeViolations, describeViolations } from './support/axe.js';
import { launchEngine, needsHarness, selectedEngines } from './support/engines.js';
import { startGateway, startStack } from './support/stack.js';
import { openExplorer, panel } from './support/explorer.js';

const TABS = ['decode', 'gate', 'window', 'mint', 'placement', 'enqueue'];
const WIDTHS = [1280, 390];
// Every page the docs site builds (its 404 page aside), found in the build rather than listed.
const DOCS_SITE_PAGES = readdirSync(join(DIST, 'docs'), { recursive: true })
  .filter((file) => file.endsWith('.html') && file !== '404.html')
  .map((file) => (file === 'index.html' ? '' : file.split(sep).join('/')))
  .sort();

// A docs-site page is ready when VitePress has hydrated it (the appearance follows the system) and every
// widget on it has rendered its shadow root.
async function openDocsSitePage(page, url, dark) {
  await page.goto(url);
  await page.waitForFunction(
    (wantDark) =>
      document.querySelector('.VPContent') &&
      document.documentElement.classList.contains('dark') === wantDark &&
      [...document.querySelectorAll('*')]
        .filter((el) => el.localName.startsWith('branded-'))
        .every((el) => el.shadowRoot?.querySelector('.panel')),
    dark,
  );
}

async function openDocs(page, site) {
  await page.goto(`${site.url}docs.html`);
  await page.locator('branded-decode').locator('[data-field="iso"]').waitFor();
  // Served by npm start's stack, the live widgets connect to it.
  await page.locator('branded-enqueue').locator('.live-status .badge.ok', { hasText: 'LIVE' }).waitFor();
}

for (const engine of selectedEngines())
  describe(engine, () => {
    // npm start's stack (the explorer at /, docs.html beside it, the docs site at /docs/); WebKitGTK through
    // the gateway that adds its page harness.
    let stack;
    let gateway;
    let site;
    before(async () => {
      stack = await startStack();
      gateway = await startGateway(stack, { harness: needsHarness(engine) });
      site = needsHarness(engine) ? gateway : stack;
    });
    after(async () => {
      await gateway?.close();
      await stack?.stop();
    });

    for (const colorScheme of ['light', 'dark'])
      describe(colorScheme, () => {
        let browser;
        let page;
        before(async () => {
          browser = await launchEngine(engine, { colorScheme });
          page = await browser.page();
        });
        after(() => browser?.close());

        // One load per page: axe-core is injected once, the widths are window sizes, the tabs are clicks.
        test(`the explorer, every tab, at ${WIDTHS.join(' and ')} px: no axe violation`, async (t) => {
          await openExplorer(page, site.url, { 'decode.ids': 'JOB0KHTOWnGLuC\nUSRzzzzzzzzzzz' });
          assert.equal(
            await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
            colorScheme === 'dark',
          );
          const found = [];
          for (const width of WIDTHS) {
            const size = (await page.setViewportSize({ width, height: 900 })) ?? { width };
            for (const tab of TABS) {
              await page.locator(`[data-tab="${tab}"]`).click();
              await panel(page, tab).waitFor();
              found.push(...(await axeViolations(page)).map((v) => ({ ...v, id: `${size.width} px ${tab}: ${v.id}` })));
            }
            t.diagnostic(
              `${engine} ${colorScheme} ${size.width} px: ${found.length} violations on ${TABS.length} tabs`,
            );
          }
          assert.deepEqual(
            found.map((v) => v.id),
            [],
            describeViolations(found),
          );
        });

        test(`docs.html with the four widgets at ${WIDTHS.join(' and ')} px: no axe violation`, async (t) => {
          await openDocs(page, site);
          const found = [];
          for (const width of WIDTHS) {
            const size = (await page.setViewportSize({ width, height: 900 })) ?? { width };
            found.push(...(await axeViolations(page)).map((v) => ({ ...v, id: `${size.width} px: ${v.id}` })));
            t.diagnostic(`${engine} ${colorScheme} ${size.width} px: ${found.length} violations on docs.html`);
          }
          assert.deepEqual(
            found.map((v) => v.id),
            [],
            describeViolations(found),
          );
        });

        test(`the docs site, each of its ${DOCS_SITE_PAGES.length} pages at ${WIDTHS.join(' and ')} px: no axe violation`, async (t) => {
          const found = [];
          for (const path of DOCS_SITE_PAGES) {
            await openDocsSitePage(page, `${site.url}docs/${path}`, colorScheme === 'dark');
            for (const width of WIDTHS) {
              const size = (await page.setViewportSize({ width, height: 900 })) ?? { width };
              found.push(
                ...(await axeViolations(page)).map((v) => ({ ...v, id: `${size.width} px /docs/${path}: ${v.id}` })),
              );
            }
            await page.setViewportSize({ width: 1280, height: 900 });
          }
          t.diagnostic(
            `${engine} ${colorScheme}: ${found.length} violations on ${DOCS_SITE_PAGES.length} docs-site pages`,
          );
          assert.deepEqual(
            found.map((v) => v.id),
            [],
            describeViolations(found),
          );
        });

        if (colorScheme === 'light') {
          test('the check can fail: grey-on-white text in the page is reported as color-contrast', async () => {
            await openDocs(page, site);
            await page.evaluate(() => {
              const p = document.createElement('p');
              p.id = 'faint';
              p.textContent = 'too faint to read';
              Object.assign(p.style, { color: '#bbb', background: '#fff' }); // CSSOM: allowed by style-src 'self'
              document.querySelector('main').append(p);
            });
            const found = await axeViolations(page);
            assert.deepEqual(
              found.map((v) => v.id),
              ['color-contrast'],
            );
            assert.deepEqual(
              found[0].nodes.map((n) => n.target),
              ['#faint'],
            );
          });
        }
      });
  });
