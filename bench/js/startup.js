// Start-up: import → first parse in a cold Node process (ES module and CommonJS entries), and the module's
// instantiation in Chromium's main thread (the IIFE build from a <script>: evaluate, decode the wasm,
// compile and instantiate it synchronously, self-check, first parse; and the compile of the .wasm alone).
// Medians over fresh processes / fresh pages. Writes bench/out/startup.jsonl.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/e2e/support/browser.js';
import { figure, stageFile } from '../lib/figures.js';
import { ROOT } from './inputs.js';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 21);
const DIST = join(ROOT, 'wasm', 'dist');
const out = stageFile('startup');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Milliseconds from just before the import to just after the first parse, measured inside a fresh process.
function coldNode(entryKind) {
  const entry = join(DIST, entryKind === 'esm' ? 'index.js' : 'index.cjs');
  const load = entryKind === 'esm' ? `await import(${JSON.stringify(entry)})` : `require(${JSON.stringify(entry)})`;
  const script = `const t0 = performance.now(); const b = ${load}; const p = b.parse('JOB0KHTOWnGLuC');
    if (p.snowflake !== 274557032793636864n) throw new Error('wrong answer');
    console.log(performance.now() - t0);`;
  const args = entryKind === 'esm' ? ['--input-type=module', '-e', script] : ['-e', script];
  return Number(execFileSync(process.execPath, args, { encoding: 'utf8' }));
}

for (const kind of ['esm', 'cjs']) {
  const times = Array.from({ length: RUNS }, () => coldNode(kind));
  const label = kind === 'esm' ? 'ES module import' : 'CommonJS require';
  out.add(
    figure(`startup: Node ${label} → first parse (median)`, median(times), 'ms', kind === 'esm' ? '<= 20 ms' : null),
  );
}

// ---- Chromium ----
const PAGE = `<!doctype html><meta charset="utf-8"><title>startup</title>
<script>window.t0 = performance.now();</script><script src="/branded.iife.js"></script>
<script>window.loaded = performance.now() - t0; branded.parse('JOB0KHTOWnGLuC'); window.firstParse = performance.now() - t0;</script>`;
const files = {
  '/': [PAGE, 'text/html'],
  '/branded.iife.js': [readFileSync(join(DIST, 'branded.iife.js')), 'text/javascript'],
};
const wasmBytes = readFileSync(join(DIST, 'branded.wasm'));
const server = createServer((request, response) => {
  const file = files[request.url];
  if (!file) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': file[1], 'cache-control': 'no-store' }).end(file[0]);
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: CHROMIUM_ARGS,
});
try {
  const loads = [];
  const parses = [];
  const compiles = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const timing = await page.evaluate(() => ({ loaded: window.loaded, firstParse: window.firstParse }));
    loads.push(timing.loaded);
    parses.push(timing.firstParse);
    compiles.push(
      await page.evaluate(
        (bytes) => {
          const wasm = new Uint8Array(bytes);
          const t0 = performance.now();
          new WebAssembly.Module(wasm);
          return performance.now() - t0;
        },
        [...wasmBytes],
      ),
    );
    await page.close();
  }
  const version = browser.version();
  out.add(
    figure(
      `startup: Chromium ${version.split('.')[0]}, <script> of the IIFE build → ready (median)`,
      median(loads),
      'ms',
    ),
  );
  out.add(figure('startup: Chromium, <script> of the IIFE build → first parse (median)', median(parses), 'ms'));
  out.add(
    figure(
      `startup: Chromium, synchronous compile of the ${wasmBytes.length}-byte .wasm alone (median)`,
      median(compiles),
      'ms',
    ),
  );
} finally {
  await browser.close();
  server.close();
}
