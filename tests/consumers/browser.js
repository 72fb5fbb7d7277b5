// Chromium for the browser cases: /usr/bin/chromium driven by playwright-core (never a downloaded browser),
// launched once for the whole matrix; each case gets its own context and a loopback server for its folder,
// every response under the strict CSP the package promises to hold.
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { chromium } from 'playwright-core';

import { CHROMIUM, CHROMIUM_ARGS, isLocal } from '../e2e/support/browser.js';
import { serveStatic } from '../e2e/support/static-server.js';
import { assertAnswer, tail } from './support.js';

export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'";
// Violations in workers never reach the page's listeners: the browser's own reports (document and worker
// alike) land on this path of the case's server.
const REPORT_PATH = '/__csp-report';
const REPORT_GRACE_MS = 1000;

let launched;
function browser() {
  launched ??= chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  return launched;
}

export async function closeBrowser() {
  if (launched) await (await launched).close();
  launched = undefined;
}

/** A page whose scripts are all files (the CSP allows no inline script) and whose result lands in #out. */
export function pageHtml(scripts) {
  const tags = scripts
    .map(({ src, module }) => `<script${module ? ' type="module"' : ''} src="${src}"></script>`)
    .join('\n');
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>consumer</title></head>\n<body><output id="out"></output>\n${tags}\n</body></html>\n`;
}

/**
 * The browser side of a probe: writes the answer (or the error) into #out. Browser probes end with
 * `report(() => answer(parse(...)))`, wrapped so a throw becomes readable text instead of a silent page.
 */
export const REPORT_FUNCTION = `function report(compute) {
  var out = document.getElementById('out');
  try { out.textContent = compute(); } catch (error) { out.textContent = 'ERROR ' + (error && error.stack || error); }
}`;

/**
 * Serves `folder`, opens `path` in Chromium, waits for #out, and asserts the page printed the contract's answer
 * with no page error, no console error and no CSP violation (main thread or worker).
 */
export async function assertPageAnswers(folder, path = '', { timeout = 60_000 } = {}) {
  const server = await serveStatic(folder, {
    headers: () => ({ 'content-security-policy': `${STRICT_CSP}; report-uri ${REPORT_PATH}` }),
  });
  const context = await (await browser()).newContext();
  const problems = [];
  let problemSeen;
  const firstProblem = new Promise((resolve) => {
    problemSeen = resolve;
  });
  const problem = (text) => {
    problems.push(text);
    problemSeen();
  };
  const external = [];
  try {
    await context.route('**/*', (route) => {
      if (isLocal(route.request().url())) return route.continue();
      external.push(route.request().url());
      return route.abort('blockedbyclient');
    });
    const page = await context.newPage();
    const listen = (source, label) =>
      source.on('console', (m) => m.type() === 'error' && problem(`${label} console: ${m.text()}`));
    listen(page, 'page');
    page.on('pageerror', (error) => problem(`page error: ${error.stack ?? error.message}`));
    page.on('worker', (worker) => listen(worker, `worker ${worker.url()}`));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    await page.goto(`${server.url}${path}`);
    // A page that failed to load says so at once: its first error ends the wait (a second more for #out).
    const answered = page
      .waitForFunction(() => document.getElementById('out')?.textContent !== '', null, { timeout })
      .then(
        () => true,
        () => false,
      );
    const settled = await Promise.race([
      answered,
      firstProblem.then(() => Promise.race([answered, delay(1000).then(() => false)])),
    ]);
    const text = (await page.textContent('#out')) ?? '';
    const seen = `${text}\n${problems.join('\n')}`;
    assert.ok(
      settled || text !== '',
      `the page wrote no answer${problems.length ? '' : ` within ${timeout} ms`}; what it reported:\n${tail(seen)}`,
    );
    assert.ok(!text.startsWith('ERROR '), `the page threw:\n${tail(seen)}`);
    assertAnswer(text, 'the page');
    await page.waitForTimeout(REPORT_GRACE_MS);
    const reports = server.requests.filter((path) => path === REPORT_PATH).length;
    assert.deepEqual(problems, [], 'console errors, page errors or CSP violations');
    assert.equal(reports, 0, `the browser reported ${reports} CSP violation(s) (a worker's, when the page saw none)`);
    assert.deepEqual(external, [], 'requests that would leave the machine');
  } finally {
    await context.close();
    await server.close();
  }
}
