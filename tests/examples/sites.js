// One check for every example site: built without an SSR error, served, loaded in Chromium with the site in
// dark mode while the system is light (the case a widget that only follows the OS gets wrong), then switched
// to light with the site's own control.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, screenshot } from '../e2e/support/browser.js';
import { serveStatic } from '../e2e/support/static-server.js';
import { ISO, SSR_FAILURE, luminance, prepareExample, readWidgets, waitForScheme } from './support.js';

/**
 * name: the folder under examples/; served: the built site's folder inside it ('' for the example itself);
 * dark(page): puts the site in dark mode before it loads (its own stored preference);
 * toLight(page): switches the loaded site to light with its own control.
 */
export function siteSuite({ name, served, build = true, dark, toLight }) {
  let example;
  let site;
  let browser;
  let page;
  before(async () => {
    example = await prepareExample(name, { build });
    site = await serveStatic(join(example.dir, served));
    browser = await launch({ colorScheme: 'light' });
    page = await browser.page();
    await dark(page);
    await page.goto(site.url);
  }, { timeout: 900_000 });
  after(async () => {
    await browser?.close();
    await site?.close();
    if (!process.env.KEEP_EXAMPLES) example?.remove();
  });

  test(`${name}: the site's build prints no SSR or bundling error`, () => {
    assert.doesNotMatch(example.build, SSR_FAILURE, example.build);
    assert.doesNotMatch(example.install, /ERR!/, example.install);
  });

  test(`${name}: the widgets render; <branded-decode value="JOB0KHTOWnGLuC"> shows ${ISO}`, async () => {
    const shown = await readWidgets(page);
    assert.deepEqual(shown.defined, [true, true, true, true]);
    assert.equal(shown.iso, ISO);
    assert.deepEqual(shown.verdicts, ['pass', 'refuse'], 'USR0KHTOWnGLuC: the host passes it, the wire gate refuses it');
  });

  test(`${name}: dark mode follows the site: dark, then light by the site's own control`, async () => {
    const shown = await readWidgets(page);
    assert.ok(luminance(shown.pageBackground) < 0.3, `the site is dark (${shown.pageBackground})`);
    await waitForScheme(page, true);
    await screenshot(page, `example-${name}-dark`);
    await toLight(page);
    await waitForScheme(page, false);
    const light = await readWidgets(page);
    assert.ok(luminance(light.pageBackground) > 0.7, `the site is light again (${light.pageBackground})`);
    await screenshot(page, `example-${name}-light`);
  });

  test(`${name}: no console error, zero requests off the machine, no WebSocket`, async () => {
    assert.deepEqual(browser.problems, []);
    assert.deepEqual(browser.external, []);
    assert.equal(site.requests.filter((path) => path.includes('/ws')).length, 0);
  });
}
