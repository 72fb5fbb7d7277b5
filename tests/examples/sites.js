// One check for every example site: installed and built once without an SSR error, then served and loaded
// in each engine (Chromium, Firefox ESR, WebKitGTK; E2E_ENGINES narrows them) with the site in dark mode
// while the system is light (the case a widget that only follows the OS gets wrong), checked by axe-core at
// 1280 and 390 px, switched to light with the site's own control and checked again.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { screenshot } from '../e2e/support/browser.js';
import { axeViolations, describeViolations } from '../e2e/support/axe.js';
import {
  countSockets,
  emulatesMedia,
  launchEngine,
  needsHarness,
  selectedEngines,
  socketsOpened,
} from '../e2e/support/engines.js';
import { serveStatic } from '../e2e/support/static-server.js';
import { ISO, SSR_FAILURE, luminance, prepareExample, readWidgets, waitForScheme } from './support.js';

const WIDTHS = [1280, 390];

/**
 * axe-core's violations at each width, each id prefixed with the width the window really had. hostIssues: the
 * host theme's own findings, [{ id, target: RegExp }], left out node by node (never a node inside a widget).
 */
async function violationsAtWidths(page, label, hostIssues = []) {
  const found = [];
  const theHost = (v, node) =>
    !/branded-/.test(node.target) && hostIssues.some((issue) => issue.id === v.id && issue.target.test(node.target));
  for (const width of WIDTHS) {
    const size = (await page.setViewportSize({ width, height: 900 })) ?? { width };
    for (const v of await axeViolations(page)) {
      const nodes = v.nodes.filter((node) => !theHost(v, node));
      if (nodes.length) found.push({ ...v, nodes, id: `${label} ${size.width} px: ${v.id}` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return found;
}

/** What the widget in the page shows, as the sites' echoes write it: the instant, or `refused: <class>`. */
async function shownDecode(page) {
  const decode = page.locator('branded-decode');
  if ((await decode.locator('[data-field="iso"]').count()) > 0)
    return (await decode.locator('[data-field="iso"]').textContent()).trim();
  return `refused: ${(await decode.locator('[data-testid="error-class"]').textContent()).trim()}`;
}

/** Waits until the page's own echo (#decode-echo, written by the framework's listener) says `expected`. */
async function waitForEcho(page, expected, timeout = 60_000) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = (await page.locator('#decode-echo').textContent())?.trim();
    if (last === expected) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`the page's listener says "${last}", the widget shows "${expected}"`);
}

/**
 * name: the folder under examples/; served: the built site's folder inside it ('' for the example itself);
 * storage: [key, value] that puts the site in dark mode (its own stored preference), or none when the site
 * follows the system's colour scheme; toLight(page): switches the loaded site to light with its own control.
 * listener: the site's framework code (after hydration: useEffect, onMounted, onMount) writes what it heard
 * from <branded-decode> into #decode-echo: the state already shown, read once, then each change.
 * hostIssues: axe findings in the host theme's own markup (see violationsAtWidths), each named in examples/README.md.
 */
export function siteSuite({ name, served, build = true, storage, toLight, listener, hostIssues = [] }) {
  let example;
  before(
    async () => {
      example = await prepareExample(name, { build });
    },
    { timeout: 900_000 },
  );
  after(() => {
    if (!process.env.KEEP_EXAMPLES) example?.remove();
  });

  test(`${name}: the site's build prints no SSR or bundling error`, () => {
    assert.doesNotMatch(example.build, SSR_FAILURE, example.build);
    assert.doesNotMatch(example.install, /ERR!/, example.install);
  });

  for (const engine of selectedEngines())
    describe(`${name} in ${engine}`, () => {
      // A site that follows the system is made dark by the system: emulated in Chromium, a dark launch elsewhere.
      const relaunchForLight = !storage && !emulatesMedia(engine);
      let site;
      let browser;
      let page;
      let sockets = 0;
      const problems = [];
      const external = [];
      const open = async (colorScheme) => {
        browser = await launchEngine(engine, { colorScheme, viewport: { width: 1280, height: 900 } });
        if (engine !== 'webkit') await browser.addInitScript(countSockets);
        page = await browser.page();
      };
      const retire = async () => {
        await browser.harvest();
        problems.push(...browser.problems);
        external.push(...browser.external);
        await browser.close();
        browser = null;
      };
      before(
        async () => {
          site = await serveStatic(join(example.dir, served), { harness: needsHarness(engine) });
          await open(relaunchForLight ? 'dark' : 'light');
          if (!storage && emulatesMedia(engine)) await page.emulateMedia({ colorScheme: 'dark' });
          await page.goto(site.url);
          if (storage) {
            await page.evaluate(([key, value]) => localStorage.setItem(key, value), storage);
            await page.goto(site.url);
          }
        },
        { timeout: 120_000 },
      );
      after(async () => {
        if (browser) await retire();
        await site?.close();
      });

      test(`${name} in ${engine}: the widgets render; <branded-decode value="JOB0KHTOWnGLuC"> shows ${ISO}`, async () => {
        const shown = await readWidgets(page);
        assert.deepEqual(shown.defined, [true, true, true, true]);
        assert.equal(shown.iso, ISO);
        assert.deepEqual(
          shown.verdicts,
          ['pass', 'refuse'],
          'USR0KHTOWnGLuC: the host passes it, the wire gate refuses it',
        );
      });

      test(`${name} in ${engine}: dark, as the site is: no axe violation at ${WIDTHS.join(' and ')} px`, async () => {
        const shown = await readWidgets(page);
        assert.ok(luminance(shown.pageBackground) < 0.3, `the site is dark (${shown.pageBackground})`);
        await waitForScheme(page, true);
        await screenshot(page, `example-${name}-dark`);
        const found = await violationsAtWidths(page, 'dark', hostIssues);
        assert.deepEqual(
          found.map((v) => v.id),
          [],
          describeViolations(found),
        );
      });

      test(`${name} in ${engine}: light by ${relaunchForLight ? 'the system' : "the site's own control"}: no axe violation at ${WIDTHS.join(' and ')} px`, async () => {
        if (relaunchForLight) {
          sockets += await socketsOpened(page);
          await retire();
          await open('light');
          await page.goto(site.url);
        } else {
          await toLight(page);
        }
        await waitForScheme(page, false);
        const light = await readWidgets(page);
        assert.ok(luminance(light.pageBackground) > 0.7, `the site is light again (${light.pageBackground})`);
        await screenshot(page, `example-${name}-light`);
        const found = await violationsAtWidths(page, 'light', hostIssues);
        assert.deepEqual(
          found.map((v) => v.id),
          [],
          describeViolations(found),
        );
      });

      if (listener)
        test(`${name} in ${engine}: ${listener} reads the state the widget already shows, then hears each edit`, async () => {
          await waitForEcho(page, ISO);
          assert.equal(await shownDecode(page), ISO);
          const input = page.locator('branded-decode').locator('input');
          await input.fill('USRzzzzzzzzzzz');
          await page.locator('branded-decode').locator('[data-testid="error-class"]').waitFor();
          await waitForEcho(page, await shownDecode(page));
          assert.equal(await shownDecode(page), 'refused: range');
          await input.fill('JOB0KHTOWnGLuC');
          await page.locator('branded-decode').locator('[data-field="iso"]').waitFor();
          await waitForEcho(page, ISO);
          if ((await page.locator('#verdict-echo').count()) > 0) {
            await page.locator('branded-gate').locator('input').fill('JOB0KHTOWnGLuC');
            await page.locator('#verdict-echo', { hasText: 'JOB0KHTOWnGLuC: host passes' }).waitFor();
          }
        });

      test(`${name} in ${engine}: no console error, zero requests off the machine, no WebSocket`, async () => {
        sockets += await socketsOpened(page);
        await browser.harvest();
        assert.deepEqual([...problems, ...browser.problems], []);
        assert.deepEqual([...external, ...browser.external], []);
        assert.equal(sockets, 0);
        assert.equal(site.requests.filter((path) => path.includes('/ws')).length, 0);
      });
    });
}
