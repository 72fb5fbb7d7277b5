// The package as a consumer gets it: `npm pack`, installed from the tarball into a scratch project, imported
// from Node, its CLI run, and a tiny page bundled by `vite build` (no .wasm asset, no warning). Also the size
// budget: each entry (one file with the facade, the glue and the wasm as base64) under 40 KB gzipped.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';

import { chromium } from 'playwright-core';

import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/browser.js';
import { compose } from '../../wasm/index.js';
import { PACKAGE_DIR, ROOT } from './support.js';

// scan included; the CLI's row formatters live in a module of the CLI's own (dist/branded-cli-wasm.js and
// dist/branded-cli.wasm), and the refusal wording in the ./explain subpath's, outside the entries.
const SIZE_BUDGET = 40 * 1024;
let scratch;

before(() => {
  scratch = mkdtempSync(join(tmpdir(), 'branded-consumer-'));
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: PACKAGE_DIR, encoding: 'utf8' }),
  );
  const tarball = join(scratch, packed[0].filename);
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
    cwd: scratch,
    stdio: 'pipe',
  });
});

after(() => rmSync(scratch, { recursive: true, force: true }));

test('the installed package imports from Node and its bin runs', () => {
  const script = `
    import { parse, encode, KIND_REFUSAL } from '@echomq/branded';
    const p = parse('JOB0KHTOWnGLuC');
    console.log(JSON.stringify({ snowflake: String(p.snowflake), id: encode('USR', 274557032793636864n), KIND_REFUSAL }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: scratch, encoding: 'utf8' });
  assert.deepEqual(JSON.parse(out), {
    snowflake: '274557032793636864',
    id: 'USR0KHTOWnGLuC',
    KIND_REFUSAL: 'EMQKIND job id must be JOB-namespaced',
  });
  const bin = spawnSync(join(scratch, 'node_modules', '.bin', 'branded'), ['encode', 'USR', '0'], { encoding: 'utf8' });
  assert.equal(bin.status, 0, bin.stderr);
  assert.equal(bin.stdout, 'USR00000000000\n');
  // scan and decode from stdin run on the CLI's own module (bundled into dist/cli.cjs, its .wasm beside it).
  const scanned = spawnSync(join(scratch, 'node_modules', '.bin', 'branded'), ['scan', '--json'], {
    input: 'GET /jobs/JOB0KHTOWnGLuC?x=1\n',
    encoding: 'utf8',
  });
  assert.equal(scanned.status, 0, scanned.stderr);
  assert.deepEqual(JSON.parse(scanned.stdout).id, 'JOB0KHTOWnGLuC');
  const decoded = spawnSync(join(scratch, 'node_modules', '.bin', 'branded'), ['decode'], {
    input: 'JOB0KHTOWnGLuC\n',
    encoding: 'utf8',
  });
  assert.equal(decoded.status, 0, decoded.stderr);
  assert.match(decoded.stdout, /JOB0KHTOWnGLuC +JOB +274557032793636864/);
  const manifest = JSON.parse(
    readFileSync(join(scratch, 'node_modules', '@echomq', 'branded', 'package.json'), 'utf8'),
  );
  assert.equal(manifest.peerDependencies.iovalkey, '^0.4.0');
  assert.equal(manifest.dependencies, undefined);
});

test("the installed package's ./explain subpath answers from Node, imported and required", () => {
  const call = `JSON.stringify([explain(' JOB0KHTOWnGLuC'), explainQueue('a{b}'), parseInstant('+10ms', { now: 5 })])`;
  const imported = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { explain, explainQueue, parseInstant } from '@echomq/branded/explain'; console.log(${call});`,
    ],
    { cwd: scratch, encoding: 'utf8' },
  );
  const required = execFileSync(
    process.execPath,
    ['-e', `const { explain, explainQueue, parseInstant } = require('@echomq/branded/explain'); console.log(${call});`],
    { cwd: scratch, encoding: 'utf8' },
  );
  const [id, queue, instant] = JSON.parse(imported);
  assert.equal(id.suggestion, 'JOB0KHTOWnGLuC');
  assert.equal(id.message, 'leading space at byte 0: the id is "JOB0KHTOWnGLuC"');
  assert.equal(queue.offset, 1);
  assert.deepEqual(instant, { ok: true, ms: 15 });
  assert.equal(required, imported);
});

test("the installed package's ./fleet subpath answers from Node, imported and required", () => {
  // node 1's ids between node 2's, the third 5 s back; a refused row (error 3) keeps its place
  const START = Date.parse('2026-06-01T00:00:00Z');
  const log = [
    [0, 1],
    [0, 2],
    [1, 1],
    [1, 2],
    [-5000, 1],
  ].map(([ms, node]) => `${compose({ unixMs: START + ms, node, seq: 0 })}n`);
  const columns = `{ snowflake: [${log}, 0n], error: [0, 0, 0, 0, 0, 3] }`;
  const call = `JSON.stringify(fleetCheck(${columns}), (k, v) => (typeof v === 'bigint' ? String(v) : v))`;
  const imported = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `import { fleetCheck } from '@echomq/branded/fleet'; console.log(${call});`],
    { cwd: scratch, encoding: 'utf8' },
  );
  const required = execFileSync(
    process.execPath,
    ['-e', `const { fleetCheck } = require('@echomq/branded/fleet'); console.log(${call});`],
    { cwd: scratch, encoding: 'utf8' },
  );
  assert.equal(required, imported);
  const findings = JSON.parse(imported);
  assert.deepEqual(
    findings.map((f) => [f.fault, f.node]),
    [['clock-back', 1]],
  );
  assert.match(findings[0].message, /^node 1: the clock went back [\d,]+ ms at row 5 \(after row 3\)$/);
});

test("the installed package's ./export subpath writes core's rows, imported and required", () => {
  const columns =
    "{ ids: new TextEncoder().encode('JOB0KHTOWnGLuCUSRzzzzzzzzzzz'), count: 2, line: [4, 9], offset: [2, 40] }";
  const write = (format) =>
    `const w = createExport(${columns}, { format: '${format}' }); const d = new TextDecoder(); ` +
    'console.log(JSON.stringify(d.decode(w.head()) + d.decode(w.rows([1, 0])) + d.decode(w.tail())));';
  const imported = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `import { createExport } from '@echomq/branded/export'; ${write('csv')}`],
    { cwd: scratch, encoding: 'utf8' },
  );
  const required = execFileSync(
    process.execPath,
    ['-e', `const { createExport } = require('@echomq/branded/export'); ${write('csv')}`],
    { cwd: scratch, encoding: 'utf8' },
  );
  assert.equal(required, imported);
  assert.deepEqual(JSON.parse(imported).split('\n'), [
    'line,offset,id,ok,error,namespace,snowflake,unixMs,iso,node,seq,hash32,streamId',
    '9,40,USRzzzzzzzzzzz,false,range,,,,,,,,',
    '4,2,JOB0KHTOWnGLuC,true,,JOB,274557032793636864,1769526697641,2026-01-27T15:11:37.641Z,0,0,234878118,1769526697641-0',
    '',
  ]);
});

test("the installed package's ES module, CommonJS and classic builds stream a file through createScanner", () => {
  const log = join(scratch, 'app.log');
  writeFileSync(log, `a JOB0KHTOWnGLuC b\n${'.'.repeat(200000)} USR0NgWEfAEJfs\n`);
  // Read in 64 KiB pieces: the second id is found in a later push than the first, one line further on.
  const body = `
    const scanner = branded.createScanner({ idBytes: true });
    const seen = [];
    const take = (found) => {
      for (let i = 0; i < found.count; i++)
        seen.push([found.offset[i], found.line[i], Buffer.from(found.idBytes.subarray(i * branded.ID_LENGTH, (i + 1) * branded.ID_LENGTH)).toString(),
          branded.unpackNamespace(found.namespace[i])]);
    };
    for (const piece of chunks) take(scanner.push(piece));
    take(scanner.end());
    console.log(JSON.stringify(seen));`;
  const read = `const chunks = []; { const all = require('node:fs').readFileSync(${JSON.stringify(log)});
    for (let at = 0; at < all.length; at += 65536) chunks.push(all.subarray(at, at + 65536)); }`;
  const iife = join(scratch, 'node_modules', '@echomq', 'branded', 'dist', 'branded.iife.js');
  const runs = {
    import: [
      '--input-type=module',
      '-e',
      `import * as branded from '@echomq/branded'; import { createRequire } from 'node:module';
       const require = createRequire(import.meta.url); ${read} ${body}`,
    ],
    require: ['-e', `const branded = require('@echomq/branded'); ${read} ${body}`],
    classic: [
      '-e',
      `require('node:vm').runInThisContext(require('node:fs').readFileSync(${JSON.stringify(iife)}, 'utf8'));
       globalThis.branded.ready.then(() => { ${read} ${body.replaceAll('branded.', 'globalThis.branded.')} });`,
    ],
  };
  const expected = [
    [2, 1, 'JOB0KHTOWnGLuC', 'JOB'],
    [200020, 2, 'USR0NgWEfAEJfs', 'USR'],
  ];
  for (const [how, args] of Object.entries(runs)) {
    const out = execFileSync(process.execPath, args, { cwd: scratch, encoding: 'utf8' });
    assert.deepEqual(JSON.parse(out), expected, how);
  }
});

test('vite build of a page importing the package: no .wasm asset, no warning', () => {
  writeFileSync(
    join(scratch, 'index.html'),
    '<!doctype html><title>consumer</title><output id="out"></output><script type="module" src="./main.js"></script>\n',
  );
  writeFileSync(
    join(scratch, 'main.js'),
    "import { parse } from '@echomq/branded';\ndocument.getElementById('out').textContent = String(parse('JOB0KHTOWnGLuC').unixMs);\n",
  );
  const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', scratch, '--logLevel', 'info'], {
    cwd: scratch,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const output = result.stdout + result.stderr;
  assert.equal(result.status, 0, output);
  assert.doesNotMatch(output, /warn|\(!\)/i, output);
  const assets = readdirSync(join(scratch, 'dist', 'assets'));
  assert.ok(
    assets.some((name) => name.endsWith('.js')),
    assets.join(' '),
  );
  assert.deepEqual(
    assets.filter((name) => name.endsWith('.wasm')),
    [],
  );
  const bundle = assets
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(scratch, 'dist', 'assets', name), 'utf8'))
    .join('');
  assert.match(bundle, /['"`]AGFzbQ/, 'the wasm travels inside the bundle as base64'); // "\0asm" in base64
  assert.doesNotMatch(bundle, /new Function|\beval\(/);
});

// Serves a folder with a strict CSP: no eval, no data: connections; only 'wasm-unsafe-eval' for wasm.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'";
async function serve(folder) {
  const types = { '.html': 'text/html', '.js': 'text/javascript' };
  const server = createServer((request, response) => {
    if (request.url === '/favicon.ico') return response.writeHead(204).end();
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = readFileSync(join(folder, path.endsWith('/') ? `${path}index.html` : path));
      response.writeHead(200, {
        'content-type': types[extname(path) || '.html'] ?? 'application/octet-stream',
        'content-security-policy': CSP,
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

test('the bundled page runs in Chromium under a strict CSP, with no violation', { timeout: 60000 }, async () => {
  const server = await serve(join(scratch, 'dist'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const problems = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(String(error)));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.getElementById('out').textContent !== '', null, { timeout: 20000 });
    assert.equal(await page.textContent('#out'), '1769526697641');
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    server.close();
  }
});

// Each entry is one file (the ES module, the CommonJS build, the IIFE build): what a consumer loads.
test(`the package entries stay under ${SIZE_BUDGET / 1024} KB gzipped`, () => {
  for (const file of ['dist/index.js', 'dist/index.cjs', 'dist/branded.iife.js']) {
    const gzipped = gzipSync(readFileSync(join(PACKAGE_DIR, file)), { level: 9 }).length;
    console.log(`package entry ${file}: ${gzipped} bytes gzipped`);
    assert.ok(gzipped <= SIZE_BUDGET, `${file}: ${gzipped} bytes gzipped`);
  }
});
