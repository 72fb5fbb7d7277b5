// `npm start`'s stack as a test harness starts it (node bridge/bin/branded-local.js, after the build): a free
// port, the local Valkey's data where the caller says, one JSON line once ready; its own origin only (a dev
// server's by --dev-origin); quiet on ordinary page loads, loud on refusals; the built explorer and docs
// served with the headers each kind of file needs.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { createMinter } from '@echomq/branded';

import { MODULE_PATH, cli, valkeyProgram } from '../../scripts/valkey.js';
import { ROOT, open, upgradeStatus } from './support.js';

const LOCAL_CLI = join(ROOT, 'bridge/bin/branded-local.js');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(check, what, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Starts the local stack with --ready-json; resolves {ready (the JSON line), out, errLines(), stop()}. */
async function startLocal(args = [], env = {}) {
  const child = spawn(process.execPath, [LOCAL_CLI, '--port', '0', '--ready-json', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    err += chunk;
  });
  const deadline = Date.now() + 60000;
  while (!out.includes('\n')) {
    if (child.exitCode !== null) throw new Error(`the local stack exited ${child.exitCode}:\n${err.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`no ready line:\n${err.slice(-2000)}`);
    await sleep(20);
  }
  return {
    ready: JSON.parse(out.split('\n')[0]),
    out: () => out,
    errLines: () => err.split('\n').filter(Boolean),
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      const [code] = await exited;
      return code;
    },
  };
}

describe('npm start for a test harness', () => {
  let data;
  let stack;
  before(async () => {
    data = mkdtempSync(join(tmpdir(), 'branded-local-'));
    stack = await startLocal(['--data', join(data, 'one')]);
  });
  after(async () => {
    await stack?.stop();
    rmSync(data, { recursive: true, force: true });
  });

  it('--port 0 --data DIR --ready-json: one JSON line with every address, once Valkey answers', async () => {
    const { ready } = stack;
    const port = Number(new URL(ready.explorer).port);
    assert.ok(port > 0);
    assert.deepEqual(ready, {
      ready: true,
      explorer: `http://127.0.0.1:${port}/`,
      docs: `http://127.0.0.1:${port}/docs/`,
      ws: `ws://127.0.0.1:${port}/ws`,
      healthz: `http://127.0.0.1:${port}/healthz`,
      valkey: ready.valkey,
      valkeyVersion: ready.valkeyVersion,
      data: join(data, 'one'),
      pid: ready.pid,
    });
    assert.match(ready.valkey, /^redis:\/\/127\.0\.0\.1:\d+$/);
    assert.match(ready.valkeyVersion, /^\d+\.\d+\.\d+$/);
    assert.equal(stack.out(), `${JSON.stringify(ready)}\n`, 'stdout is the one line');
    assert.ok(existsSync(join(data, 'one', 'valkey.log')), "the local Valkey's data is where the caller said");
    const health = await fetch(ready.healthz);
    assert.equal((await health.json()).fence.state, 'ok');
  });

  it('two stacks at once, each with its own data folder, do not clash', async () => {
    const second = await startLocal(['--data', join(data, 'two')]);
    try {
      assert.notEqual(second.ready.explorer, stack.ready.explorer);
      assert.notEqual(second.ready.valkey, stack.ready.valkey);
      assert.equal((await fetch(second.ready.healthz)).status, 200);
      assert.equal((await fetch(stack.ready.healthz)).status, 200);
    } finally {
      assert.equal(await second.stop(), 0);
    }
  });

  it('the built explorer and docs as served: the scan worker may run WebAssembly, styles nothing; clean URLs', async () => {
    const base = stack.ready.explorer;
    const assets = readdirSync(join(ROOT, 'web/dist/assets'));
    const worker = await fetch(`${base}assets/${assets.find((f) => f.startsWith('scan-worker-'))}`);
    assert.equal(worker.status, 200);
    assert.match(worker.headers.get('content-security-policy'), /script-src 'self' 'wasm-unsafe-eval'/);
    assert.match(worker.headers.get('content-security-policy'), /^default-src 'none'/);
    const page = await fetch(base);
    assert.match(page.headers.get('content-security-policy'), /^default-src 'self'/);
    const docsAssets = readdirSync(join(ROOT, 'web/dist/docs/assets'));
    const css = await fetch(`${base}docs/assets/${docsAssets.find((f) => f.endsWith('.css'))}`);
    assert.equal(css.headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'");
    const gate = await fetch(`${base}docs/gate`);
    assert.equal(gate.status, 200, '/docs/gate without .html');
    assert.match(gate.headers.get('content-type'), /^text\/html/);
    assert.equal((await fetch(stack.ready.docs)).status, 200);
  });

  it('admits its own origin (127.0.0.1 and localhost on its port) only; a dev server needs --dev-origin', async () => {
    const { ws } = stack.ready;
    const port = new URL(ws).port;
    assert.equal(await upgradeStatus(ws, { origin: `http://127.0.0.1:${port}` }), 101);
    assert.equal(await upgradeStatus(ws, { origin: `http://localhost:${port}` }), 101);
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173', 'http://127.0.0.1:8787'])
      assert.equal(await upgradeStatus(ws, { origin }), 403, origin);
    const dev = await startLocal(['--data', join(data, 'dev'), '--dev-origin', 'http://localhost:5173']);
    try {
      assert.equal(await upgradeStatus(dev.ready.ws, { origin: 'http://localhost:5173' }), 101);
      assert.equal(await upgradeStatus(dev.ready.ws, { origin: 'http://127.0.0.1:5173' }), 403, 'only the one given');
    } finally {
      await dev.stop();
    }
  });

  it('page loads write no log line; a refusal still does', async () => {
    const { explorer, ws } = stack.ready;
    const origin = explorer.slice(0, -1);
    const before_ = stack.errLines().length;
    for (let i = 0; i < 5; i += 1) {
      await (await fetch(explorer)).text();
      assert.equal(await upgradeStatus(ws, { origin }), 101);
    }
    await sleep(200);
    assert.deepEqual(stack.errLines().slice(before_), [], 'nothing for five page loads and their sockets');
    assert.equal(await upgradeStatus(ws, { origin: 'https://evil.example' }), 403);
    await sleep(200);
    const refusal = stack
      .errLines()
      .slice(before_)
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      refusal.map((l) => [l.event, l.reason]),
      [['upgrade_refused', 'origin']],
    );
  });

  it("the bridge's Valkey user outlives a restart of Valkey alone (the ACL file): no refused login, served again", async () => {
    const port = new URL(stack.ready.valkey).port;
    const pid = Number(/process_id:(\d+)/.exec(await cli(port, 'INFO', 'server'))[1]);
    const dir = stack.ready.data;
    assert.ok(existsSync(join(dir, 'users.acl')), 'the users are kept beside the data');
    // Started again as npm start started it, but loading nothing: the user and the library must come back
    // from the ACL file and the AOF.
    const args = ['--port', port, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', dir];
    const command = [valkeyProgram('valkey-server'), ...args, '--aclfile', join(dir, 'users.acl')];
    const before_ = stack.errLines().length;
    process.kill(pid, 'SIGKILL');
    await until(async () => (await fetch(stack.ready.healthz)).status === 503, 'healthz 503');
    const again = spawn(command[0], [...command.slice(1), '--loadmodule', MODULE_PATH], { stdio: 'ignore' });
    after(() => again.kill('SIGKILL'));
    await until(async () => (await fetch(stack.ready.healthz)).status === 200, 'healthz 200 after the restart');
    const client = await open(stack.ready.ws, { origin: stack.ready.explorer.slice(0, -1) });
    const reply = await client.request('enqueue', {
      queue: 'demo',
      job: createMinter({ namespace: 'JOB', node: 44 }).next(),
    });
    assert.equal(reply.ok, true, JSON.stringify(reply));
    await client.close();
    const said = stack
      .errLines()
      .slice(before_)
      .map((line) => JSON.parse(line).event);
    assert.ok(!said.includes('valkey_auth_failed'), said.join(' '));
  });

  it('--help documents --port, --data, --ready-json, --dev-origin; bad values exit 2', () => {
    const help = spawnSync(process.execPath, [LOCAL_CLI, '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0);
    for (const flag of [
      '--port N',
      '--data DIR',
      '--ready-json',
      '--verbose',
      '--dev-origin LIST',
      'BRANDED_LOCAL_DATA',
    ])
      assert.ok(help.stdout.includes(flag), flag);
    for (const args of [['--port', 'x'], ['--port', '70000'], ['--port', '1', '--listen', '127.0.0.1:2'], ['--data']]) {
      const run = spawnSync(process.execPath, [LOCAL_CLI, ...args], { encoding: 'utf8' });
      assert.equal(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, /^npm start: /);
    }
  });
});
