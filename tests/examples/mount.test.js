// examples/vue and examples/solid: apps that import the widgets and mount in the same tick, then read
// `<branded-decode>.result` in Vue's onMounted and Solid's onMount with no await before it. What they read is
// shown in #result-echo; it must be the decoded id (never null), in each engine the other example tests use.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launchEngine, needsHarness, selectedEngines } from '../e2e/support/engines.js';
import { serveStatic } from '../e2e/support/static-server.js';
import { ISO, SSR_FAILURE, prepareExample } from './support.js';

const APPS = { vue: 'onMounted', solid: 'onMount' };
const EXPECTED = `JOB0KHTOWnGLuC: ${ISO}`;
// Both installed and built at once: one waits on the network while the other builds.
const prepared = Object.fromEntries(Object.keys(APPS).map((name) => [name, prepareExample(name)]));
for (const preparing of Object.values(prepared)) preparing.catch(() => {}); // thrown where it is awaited

/** The echo once the app has mounted (it says 'not mounted yet' before). */
async function mountedEcho(page, timeout = 60_000) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = (
      await page
        .locator('#result-echo')
        .textContent()
        .catch(() => null)
    )?.trim();
    if (last && last !== 'not mounted yet') return last;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`the app never mounted: #result-echo says "${last}"`);
}

for (const [name, hook] of Object.entries(APPS))
  describe(`examples/${name}: result in ${hook}`, () => {
    let example;
    before(
      async () => {
        example = await prepared[name];
      },
      { timeout: 900_000 },
    );
    after(() => {
      if (!process.env.KEEP_EXAMPLES) example?.remove();
    });

    test(`${name}: the build prints no bundling error`, () => {
      assert.doesNotMatch(example.build, SSR_FAILURE, example.build);
      assert.doesNotMatch(example.install, /ERR!/, example.install);
    });

    for (const engine of selectedEngines())
      test(`${name} in ${engine}: ${hook} reads el.result, not null`, { timeout: 180_000 }, async () => {
        const site = await serveStatic(join(example.dir, 'dist'), { harness: needsHarness(engine) });
        const browser = await launchEngine(engine, { colorScheme: 'light', viewport: { width: 1280, height: 900 } });
        try {
          const page = await browser.page();
          await page.goto(site.url);
          assert.equal(await mountedEcho(page), EXPECTED);
          await browser.harvest();
          assert.deepEqual(browser.problems, []);
        } finally {
          await browser.close();
          await site.close();
        }
      });
  });
