// Loading without top-level await: the CommonJS entry, and a platform that refuses synchronous compilation
// (as Chromium's main thread does for large modules): the package then loads asynchronously, calls made
// before `ready` throw saying so, and `ready` rejects with a failing self-check's sentence.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';

import { startServer } from '../../scripts/valkey.js';
import { PACKAGE_DIR, ROOT } from './support.js';

const CONTRACT_ANSWER = { snowflake: '274557032793636864', unixMs: 1769526697641 };
const ENTRY = pathToFileURL(join(PACKAGE_DIR, 'index.js')).href;

function node(args, input, cwd = ROOT) {
  const result = spawnSync(process.execPath, args, { input, encoding: 'utf8', cwd });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout);
}

test('require() of the CommonJS entry: ready on return, the same API as the ES module', async () => {
  const script = `
    const branded = require(${JSON.stringify(join(PACKAGE_DIR, 'dist', 'index.cjs'))});
    const p = branded.parse('JOB0KHTOWnGLuC');
    console.log(JSON.stringify({ snowflake: String(p.snowflake), unixMs: p.unixMs, names: Object.keys(branded).sort() }));`;
  const { names, ...parsed } = node(['-e', script]);
  assert.deepEqual(parsed, CONTRACT_ANSWER);
  const esm = await import(ENTRY);
  assert.deepEqual(names, Object.keys(esm).sort());
  assert.ok(names.includes('ready'));
});

// Makes `new WebAssembly.Module(bytes)` refuse the way Chromium's main thread refuses a large module.
const REFUSE_SYNC_COMPILE = `
  WebAssembly.Module = new Proxy(WebAssembly.Module, {
    construct() { throw new RangeError('WebAssembly.Module(): Buffer size exceeds the limit for synchronous compilation'); },
  });`;

test('where synchronous compilation is refused: calls before `ready` throw why, then everything works', () => {
  const script = `${REFUSE_SYNC_COMPILE}
    const branded = await import(${JSON.stringify(ENTRY)});
    let early;
    try { branded.parse('JOB0KHTOWnGLuC'); } catch (error) { early = error.message; }
    await branded.ready;
    const p = branded.parse('JOB0KHTOWnGLuC');
    console.log(JSON.stringify({ early, snowflake: String(p.snowflake), unixMs: p.unixMs,
      refused: branded.parse('USRzzzzzzzzzzz'), KIND_REFUSAL: branded.KIND_REFUSAL, codes: branded.ERROR_CODES.length,
      gate: branded.gate('USR0KHTOWnGLuC'), many: branded.parseMany(['JOB0KHTOWnGLuC', 'x']).refused }));`;
  const out = node(['--input-type=module', '-e', script]);
  assert.match(out.early, /not ready yet.*await ready/);
  assert.deepEqual(out, {
    early: out.early,
    ...CONTRACT_ANSWER,
    refused: { ok: false, error: 'range' },
    KIND_REFUSAL: 'EMQKIND job id must be JOB-namespaced',
    codes: 8,
    gate: { admitted: false, error: 'EMQKIND job id must be JOB-namespaced' },
    many: 1,
  });
});

test('an asynchronous load whose self-check fails rejects `ready` with the sentence; calls say it failed', () => {
  const copy = mkdtempSync(join(tmpdir(), 'branded-async-self-check-'));
  try {
    for (const part of ['index.js', 'lib', 'package.json'])
      cpSync(join(PACKAGE_DIR, part), join(copy, part), { recursive: true });
    const failing = join(ROOT, 'build', 'wasm', 'wasm', 'branded-wasm-failing-self-check.js');
    execFileSync(process.execPath, [join(PACKAGE_DIR, 'tools', 'place-module.js'), failing, join(copy, 'dist')]);
    const script = `${REFUSE_SYNC_COMPILE}
      const branded = await import(${JSON.stringify(pathToFileURL(join(copy, 'index.js')).href)});
      const rejected = await branded.ready.then(() => 'resolved', (error) => error.message);
      let call;
      try { branded.hash32(1n); } catch (error) { call = error.message; }
      console.log(JSON.stringify({ rejected, call }));`;
    assert.deepEqual(node(['--input-type=module', '-e', script]), {
      rejected: 'self-check failed: hash32(274557032793636864) != 234878118 (test build)',
      call: '@echomq/branded failed to load: self-check failed: hash32(274557032793636864) != 234878118 (test build)',
    });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

test(
  "require('@echomq/branded/valkey') runs on the CommonJS entry's instance, against a real server",
  { timeout: 60000 },
  async () => {
    const server = await startServer();
    try {
      const script = `
      const branded = require('@echomq/branded');
      const { connect } = require('@echomq/branded/valkey');
      (async () => {
        const connection = await connect(${JSON.stringify(server.url)});
        const verdict = await connection.enqueue('orders', 'JOB0KHTOWnGLuC', 'payload');
        const refused = await connection.pending('bad queue').catch((error) => error instanceof branded.BrandedError && error.code);
        const pending = await connection.pending('orders');
        await connection.close();
        console.log(JSON.stringify({ verdict, refused, pending }));
      })();`;
      // From inside the package, `@echomq/branded` is its own name (Node's self-reference), as for a dependent.
      assert.deepEqual(node(['-e', script], undefined, PACKAGE_DIR), {
        verdict: 'enqueued',
        refused: 'queue',
        pending: ['JOB0KHTOWnGLuC'],
      });
    } finally {
      await server.stop();
    }
  },
);
