// One way to launch each of the three engines the e2e suite runs in: Chromium (playwright-core, as
// browser.js always did), Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK (WebKitWebDriver +
// MiniBrowser). Every launch has the same shape: {engine, version, external, problems, page(), newPage(),
// addInitScript(fn), harvest(), close()}, and its pages answer the part of Playwright's API the tests use.
import { launch } from './browser.js';
import { launchFirefox } from './firefox.js';
import { ShimPage } from './page-shim.js';
import { launchWebKit } from './webkit.js';
import { isLocal } from './browser.js';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

/** The engines to run: all three, or those named in E2E_ENGINES (comma-separated). */
export function selectedEngines() {
  const wanted = (process.env.E2E_ENGINES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = wanted.filter((e) => !ENGINES.includes(e));
  if (unknown.length)
    throw new Error(`E2E_ENGINES: unknown engine ${unknown.join(', ')} (known: ${ENGINES.join(', ')})`);
  return wanted.length ? wanted : ENGINES;
}

/** Whether the engine's pages need the harness script (hook.js) served into them to report errors. */
export const needsHarness = (engine) => engine === 'webkit';

/** Whether the engine can switch prefers-color-scheme in a running page (else: launch({ colorScheme })). */
export const emulatesMedia = (engine) => engine === 'chromium';

export async function launchEngine(engine, options = {}) {
  if (engine === 'chromium') {
    const browser = await launch(options);
    return Object.assign(browser, {
      engine,
      version: browser.context.browser()?.version() ?? 'chromium',
      newPage: () => browser.context.newPage(),
      addInitScript: (fn) => browser.context.addInitScript(fn),
      harvest: async () => {},
    });
  }
  const external = [];
  const problems = [];
  const driver =
    engine === 'firefox' ? await launchFirefox({ ...options, external, problems }) : await launchWebKit(options);
  const harvest = async () => {
    if (!needsHarness(engine)) return;
    const record = await driver
      .execute(
        `() => window.__e2e
      ? { problems: window.__e2e.problems.splice(0), urls: window.__e2e.urls.splice(0) } : null`,
      )
      .catch(() => null);
    if (!record) return;
    problems.push(...record.problems);
    for (const url of record.urls) if (!isLocal(url) && !external.includes(url)) external.push(url);
  };
  for (const step of ['navigate', 'back']) {
    const original = driver[step];
    driver[step] = async (...args) => {
      await harvest();
      return original(...args);
    };
  }
  const page = new ShimPage(driver);
  return {
    engine,
    version: driver.version,
    external,
    problems,
    page: async () => page,
    newPage: async () => page,
    async addInitScript(fn) {
      if (!driver.addInitScript)
        throw new Error(`${engine}: no init scripts over WebDriver classic (the page harness records violations)`);
      await driver.addInitScript(String(fn));
    },
    harvest,
    async close() {
      await harvest();
      await driver.close();
    },
  };
}

/** An init script counting the WebSockets a page opens (for the engines that run init scripts). */
export function countSockets() {
  window.__sockets = 0;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      window.__sockets += 1;
    }
  };
}

/** Counts the WebSockets the page opened: countSockets' count, or the WebKit harness's record. */
export const socketsOpened = (page) =>
  page.evaluate(() => window.__sockets ?? (window.__e2e?.urls ?? []).filter((url) => /^wss?:/.test(url)).length);
