// Firefox ESR (Debian's firefox-esr) driven by puppeteer-core over WebDriver BiDi, with a fresh profile per
// launch. BiDi offers no media emulation, so the colour scheme is a preference chosen at launch.
import puppeteer from 'puppeteer-core';
import { isLocal } from './browser.js';

/** Launches Firefox; resolves to a driver with the primitives page-shim.js needs. */
export async function launchFirefox({
  colorScheme = 'light',
  viewport,
  locale = 'en-US',
  timezoneId = 'UTC',
  external,
  problems,
}) {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: true,
    protocol: 'webDriverBiDi',
    env: { ...process.env, TZ: timezoneId },
    extraPrefsFirefox: {
      'layout.css.prefers-color-scheme.content-override': colorScheme === 'dark' ? 0 : 1,
      'intl.accept_languages': locale,
      'intl.locale.requested': locale,
      'network.captive-portal-service.enabled': false,
      'dom.events.asyncClipboard.readText': true,
    },
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  if (viewport) await page.setViewport(viewport);
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = request.url();
    if (isLocal(url)) return request.continue();
    if (!external.includes(url)) external.push(url);
    return request.abort('blockedbyclient');
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  const driver = {
    name: 'firefox',
    version: (await browser.version()).replace(/^firefox\//i, ''),
    navigate: (url) => page.goto(url),
    currentUrl: async () => page.url(),
    back: () => page.goBack(),
    execute: (source, args = []) => page.evaluate(`(${source}).apply(null, ${JSON.stringify(args)})`),
    addInitScript: (source) => page.evaluateOnNewDocument(`(${source})()`),
    clickAt: (x, y) => page.mouse.click(x, y),
    async press(chord) {
      const keys = chord.split('+');
      for (const key of keys) await page.keyboard.down(key);
      for (const key of keys.reverse()) await page.keyboard.up(key);
    },
    screenshot: ({ fullPage = false } = {}) => page.screenshot({ fullPage }),
    async setViewport(size) {
      await page.setViewport(size);
      return size;
    },
    close: () => browser.close(),
  };
  return driver;
}
