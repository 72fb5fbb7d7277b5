// Real Chromium (/usr/bin/chromium, never a downloaded one) driven by playwright-core, with a fresh
// profile per launch, and a guard that counts (and aborts) every request that would leave the machine.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const DIST = join(ROOT, 'web/dist');
export const DIST_SINGLE = join(ROOT, 'web/dist-single');
export const OUTPUT = join(ROOT, 'tests/e2e/output');

/** Debian's Chromium, and the flags every test and bench launches it with (quiet, off the network). */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Whether a URL stays on this machine: loopback, a file, or in-page data. */
export function isLocal(url) {
  const { protocol, hostname } = new URL(url);
  if (['file:', 'data:', 'blob:', 'about:'].includes(protocol)) return true;
  return LOCAL_HOSTS.has(hostname);
}

/**
 * Launches Chromium with a fresh user-data-dir. Every non-local request is aborted and recorded in
 * `external`; console errors and page errors are collected in `problems`.
 */
export async function launch({
  colorScheme = 'light',
  viewport = { width: 1360, height: 900 },
  locale = 'en-US',
  timezoneId = 'UTC',
} = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'branded-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    colorScheme,
    locale,
    timezoneId,
  });
  const external = [];
  const problems = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLocal(url)) return route.continue();
    external.push(url);
    return route.abort('blockedbyclient');
  });
  context.on('request', (request) => {
    if (!isLocal(request.url()) && !external.includes(request.url())) external.push(request.url());
  });
  context.on('page', (page) => watch(page, problems));
  for (const page of context.pages()) watch(page, problems);
  return {
    context,
    external,
    problems,
    async page() {
      const page = context.pages().find((p) => p.url() === 'about:blank') ?? (await context.newPage());
      return page;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

function watch(page, problems) {
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
}

/** Saves a screenshot under tests/e2e/output/ (git-ignored; named with the engine's name but Chromium's). */
export async function screenshot(target, name) {
  mkdirSync(OUTPUT, { recursive: true });
  const path = join(OUTPUT, `${name}${target.driver ? `.${target.driver.name}` : ''}.png`);
  const page = 'mainFrame' in target;
  if (page) await target.evaluate(() => window.scrollTo(0, 0));
  await target.screenshot({ path, fullPage: page });
  return path;
}

/**
 * Records every CSP violation of `target`'s pages (shadow roots included) in window.__violations: `target` is
 * anything with addInitScript(fn), a Playwright context or an engine of engines.js.
 */
export function recordViolations(target) {
  return target.addInitScript(() => {
    window.__violations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (e) => window.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
      true,
    );
  });
}
