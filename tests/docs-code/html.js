// An HTML block, loaded in Chromium as the page a reader saves it into. A CDN address (unpkg, jsdelivr) is
// answered from the package as npm installed it, so the block runs offline, and any other address off the
// machine is refused. `<!-- → text -->` in the block shows text the page must come to display (shadow roots
// included); a console error or an uncaught exception fails the block.
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/browser.js';
import { matchesShown } from './shown.js';

const ORIGIN = 'http://127.0.0.1:9';
const CDN = /^https:\/\/(?:unpkg\.com|cdn\.jsdelivr\.net\/npm)\/((?:@[^/@]+\/)?[^/@]+)(?:@[^/]+)?(\/.*)?$/;
const TYPES = { '.js': 'text/javascript', '.cjs': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };

/** The file a CDN serves for `pkg` and `path` (none: the package's unpkg/jsdelivr entry), from node_modules. */
function cdnFile(modules, pkg, path) {
  const dir = join(modules, pkg);
  if (path && path !== '/') return join(dir, path);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return join(dir, manifest.unpkg ?? manifest.jsdelivr ?? manifest.main ?? 'index.js');
}

/** Runs one HTML block; answers its checks [{ shown, line, actual, ok }] (a problem is a failed check). */
export async function runHtml(code, { modules }) {
  const shownTexts = [...code.matchAll(/<!--\s*→\s*([\s\S]*?)\s*-->/g)].map((m) => ({
    shown: m[1],
    line: code.slice(0, m.index).split('\n').length,
  }));
  const page = /<html[\s>]/i.test(code)
    ? code
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>block</title></head><body>\n${code}\n</body></html>`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const problems = [];
  try {
    const context = await browser.newContext();
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url === `${ORIGIN}/`) return route.fulfill({ body: page, contentType: 'text/html' });
      const cdn = CDN.exec(url);
      const file = cdn && cdnFile(modules, cdn[1], cdn[2]);
      if (file && existsSync(file))
        return route.fulfill({
          body: readFileSync(file),
          contentType: TYPES[extname(file)] ?? 'application/octet-stream',
        });
      problems.push(`request refused (not on the machine): ${url}`);
      return route.abort('blockedbyclient');
    });
    const tab = await context.newPage();
    tab.on('console', (message) => message.type() === 'error' && problems.push(`console error: ${message.text()}`));
    tab.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await tab.goto(`${ORIGIN}/`);
    const checks = [];
    for (const { shown, line } of shownTexts) {
      let actual = '';
      const deadline = Date.now() + 60_000; // generous: a busy machine renders slowly
      do {
        actual = await tab.evaluate(deepText);
        if (matchesShown(`…${shown}…`, actual)) break;
        await tab.waitForTimeout(100);
      } while (Date.now() < deadline);
      checks.push({ shown, line, actual, ok: matchesShown(`…${shown}…`, actual) });
    }
    for (const problem of problems) checks.push({ shown: '(no problem)', line: 0, actual: problem, ok: false });
    return checks;
  } finally {
    await browser.close();
  }
}

// The page's text as a reader sees it, open shadow roots included: an element that is not inline is apart
// from its neighbours, inline ones run on.
/* global document, Node, getComputedStyle */
function deepText() {
  const parts = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.data);
    if (node.nodeName === 'SCRIPT' || node.nodeName === 'STYLE') return;
    const apart = node.nodeType === Node.ELEMENT_NODE && getComputedStyle(node).display !== 'inline';
    if (apart) parts.push(' ');
    if (node.shadowRoot) walk(node.shadowRoot);
    for (const child of node.childNodes) walk(child);
    if (apart) parts.push(' ');
  };
  walk(document.body);
  return parts.join('');
}
