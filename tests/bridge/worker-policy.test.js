// A worker takes its Content-Security-Policy from its own response, so the policy the bridge serves
// scripts with decides what a worker may do (the explorer's scan worker instantiates WebAssembly). In
// Debian's Chromium: a module worker served by the bridge runs WebAssembly and imports its same-origin
// chunks, and nothing else loosens (no eval, no fetch from the worker).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { chromium } from 'playwright-core';

import { useBridgeStack } from './fixture.js';

const CHROMIUM = '/usr/bin/chromium';
// The smallest WebAssembly module: the magic number and version 1.
const EMPTY_WASM = [0, 97, 115, 109, 1, 0, 0, 0];
const SITE = {
  'index.html': '<!doctype html><title>worker</title><script type="module" src="/main.js"></script>',
  'main.js':
    "const worker = new Worker('/assets/worker.js', { type: 'module' });\n" +
    'window.workerSaid = new Promise((resolve) => {\n' +
    '  worker.onmessage = ({ data }) => resolve(data);\n' +
    "  worker.onerror = (event) => resolve({ error: event.message || 'the worker failed to load' });\n" +
    '});\n',
  'assets/bytes.js': `export const bytes = new Uint8Array(${JSON.stringify(EMPTY_WASM)});\n`,
  'assets/worker.js': [
    "import { bytes } from './bytes.js';",
    'const said = {};',
    "const attempt = async (name, work) => { try { await work(); said[name] = 'ran'; } catch (e) { said[name] = e.name; } };",
    "await attempt('wasm', () => WebAssembly.instantiate(bytes));",
    "await attempt('eval', () => (0, eval)('1'));",
    "await attempt('fetch', () => fetch('/data.json'));",
    'self.postMessage(said);',
    '',
  ].join('\n'),
  'data.json': '{}',
};

describe('a worker served by the bridge, in Chromium', { skip: !existsSync(CHROMIUM) && `no ${CHROMIUM}` }, () => {
  let site;
  let browser;
  before(async () => {
    site = mkdtempSync(join(tmpdir(), 'bridge-worker-'));
    for (const [path, body] of Object.entries(SITE)) {
      mkdirSync(join(site, path, '..'), { recursive: true });
      writeFileSync(join(site, path), body);
    }
  });
  const stack = useBridgeStack({ args: () => ['--static', site] });
  before(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  });
  after(async () => {
    await browser?.close();
    rmSync(site, { recursive: true, force: true });
  });

  it('runs WebAssembly and its same-origin imports; eval and fetch stay refused', async () => {
    const page = await browser.newPage();
    const violations = [];
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${stack.bridge.http}/`);
    const said = await page.evaluate(() => globalThis.workerSaid);
    assert.deepEqual(said, { wasm: 'ran', eval: 'EvalError', fetch: 'TypeError' }, violations.join('\n'));
    await page.close();
  });
});
