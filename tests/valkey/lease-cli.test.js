// `branded mint --lease URL` (issue 37): both CLIs on a real Valkey with the library loaded. Two runs at once
// hold distinct nodes and mint no id twice; a URL that is not Valkey, a Valkey without the library and a user
// without +fcall each end with exit 3 and a clear line, nothing minted, nothing held; --lease with --node or
// --at is a usage error (exit 2). The native binary hands --lease runs to the WebAssembly CLI. On a Valkey
// Cluster, any node's URL, or all of them separated by commas, leases through the cluster.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

import { parse, unixMs } from '@echomq/branded';
import { LEASE_TAG } from '@echomq/branded/valkey';

import { cli, waitFor } from '../../scripts/valkey.js';
import { Cluster } from 'iovalkey';

import { clusterOf, commandCalls, rawClient, serverFor } from './support.js';

const path = (relative) => fileURLToPath(new URL(relative, import.meta.url));
const LAUNCHER = path('../../wasm/bin/branded.cjs');
const WASM_CLI = path('../../wasm/dist/cli.cjs');
const NATIVE = path('../../build/native/cli/branded');
const COUNT = 100_000;

const CLIS = {
  wasm: (args) => ['node', [WASM_CLI, ...args], {}],
  native: (args) => [NATIVE, args, { BRANDED_WASM_CLI: WASM_CLI }],
  launcher: (args) => ['node', [LAUNCHER, ...args], {}],
};

/** Starts a run; `done` resolves to { status, stdout, stderr }. stdout is read only once `reading` is called. */
function start(cli, args, env = {}) {
  const [command, argv, own] = CLIS[cli](args);
  const child = spawn(command, argv, { env: { ...process.env, BRANDED_CLI: '', ...own, ...env } });
  const out = [];
  const err = [];
  child.stderr.on('data', (chunk) => err.push(chunk));
  const exited = once(child, 'close');
  return {
    child,
    reading() {
      child.stdout.on('data', (chunk) => out.push(chunk));
    },
    async done() {
      this.reading();
      const [status, signal] = await exited;
      return { status, signal, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() };
    },
  };
}

const run = (cli, args, env) => start(cli, args, env).done();
const msOf = (id) => unixMs(parse(id).snowflake);
const lines = (text) => text.split('\n').filter((line) => line !== '');
const heldNodes = (admin) => admin.keys(`${LEASE_TAG}:node:*`);

describe('branded mint --lease', () => {
  for (const cli of ['wasm', 'native']) {
    test(`${cli}: two runs at once hold distinct nodes and mint ${COUNT.toLocaleString('en')} ids each, no duplicate`, async (t) => {
      const server = await serverFor(t);
      const admin = await rawClient(t, server);
      const args = ['mint', 'JOB', '--count', String(COUNT), '--lease', server.url];
      // stdout is not read until both hold a lease: each waits on its full pipe, holding its node
      const first = start(cli, args);
      await waitFor(async () => (await heldNodes(admin)).length === 1, 'the first run to hold a node');
      const second = start(cli, args);
      await waitFor(async () => (await heldNodes(admin)).length === 2, 'the second run to hold a node');
      const runs = await Promise.all([first.done(), second.done()]);
      const nodes = runs.map(({ status, stdout, stderr }) => {
        assert.equal(status, 0, stderr);
        assert.equal(stderr, '');
        const ids = lines(stdout);
        assert.equal(ids.length, COUNT);
        const seen = new Set(ids.map((id) => parse(id).node));
        assert.equal(seen.size, 1, 'one run, one node');
        return [...seen][0];
      });
      assert.deepEqual(nodes.sort(), [0, 1]);
      const all = runs.flatMap(({ stdout }) => lines(stdout));
      assert.equal(new Set(all).size, 2 * COUNT);
      assert.deepEqual(await heldNodes(admin), [], 'both released');
    });
  }

  test('a Valkey Cluster: each primary’s URL alone, or all of them with commas, leases through the cluster', async (t) => {
    const cluster = await clusterOf({ replicas: 0 });
    t.after(() => cluster.stop());
    const urls = cluster.nodes.map((node) => node.url);
    const targets = [...urls.map((url) => ['wasm', url]), ['native', urls.join(',')]];
    const runs = await Promise.all(
      targets.map(([cli, url]) => run(cli, ['mint', 'JOB', '--count', String(COUNT / 10), '--lease', url])),
    );
    const all = runs.flatMap(({ status, stdout, stderr }, i) => {
      assert.equal(status, 0, `${targets[i].join(' ')}: ${stderr}`);
      assert.equal(stderr, '');
      return lines(stdout);
    });
    assert.equal(all.length, targets.length * (COUNT / 10));
    assert.equal(new Set(all).size, all.length, 'no id twice');
    const admin = new Cluster(cluster.startupNodes);
    t.after(() => admin.disconnect());
    assert.equal(await admin.exists(`${LEASE_TAG}:node:0`), 0, 'every node released');
    assert.ok(Number(await admin.get(`${LEASE_TAG}:hw:0`)) > 0, 'node 0’s high-water is kept on the cluster');
    // The URL's user reaches every node: one without +fcall is refused, where the default user would pass.
    for (const node of cluster.nodes)
      await cli(node.port, 'ACL', 'SETUSER', 'nofcall', 'on', '>secret-password-123', '~*', '+@all', '-fcall');
    const withUser = (url) => url.replace('redis://', 'redis://nofcall:secret-password-123@');
    for (const url of [withUser(urls[0]), urls.map(withUser).join(',')]) {
      const { status, stdout, stderr } = await run('wasm', ['mint', 'JOB', '--lease', url]);
      assert.equal(status, 3, stderr);
      assert.equal(stdout, '');
      assert.match(stderr, /^branded mint: lease: denied: /);
    }
  });

  test('a run whose node is taken by another holder stops minting at its next check: exit 3, said why', async (t) => {
    const server = await serverFor(t);
    const admin = await rawClient(t, server);
    const count = 1_000_000; // more than the output buffers hold: the run waits on its pipe mid-way
    const minting = start('wasm', ['mint', 'JOB', '--count', String(count), '--lease', server.url]);
    await waitFor(async () => (await heldNodes(admin)).length === 1, 'the run to hold a node');
    const [key] = await heldNodes(admin);
    await admin.set(key, 'another-holder', 'PX', 600_000);
    const calls = await commandCalls(admin, 'fcall');
    await waitFor(async () => (await commandCalls(admin, 'fcall')) > calls, 'the run to try a renew');
    const { status, stdout, stderr } = await minting.done();
    assert.equal(status, 3, stderr);
    // lost, unless a machine too busy to read the renew's reply for the whole TTL saw its deadline pass first
    assert.match(
      stderr,
      /^branded mint: lease: (lost: another minter holds node 0 now|expired: .*); minting stopped\n$/,
    );
    const ids = lines(stdout);
    assert.ok(ids.length > 0 && ids.length < count, `${ids.length} ids before the loss`);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(await admin.get(key), 'another-holder', 'the new holder keeps the node');
  });

  test('SIGTERM mid-run lets the node go, its high-water at or past every id written: exit 143', async (t) => {
    const server = await serverFor(t);
    const admin = await rawClient(t, server);
    const minting = start('wasm', ['mint', 'JOB', '--count', '1000000', '--lease', server.url]);
    await waitFor(async () => (await heldNodes(admin)).length === 1, 'the run to hold a node');
    minting.child.kill('SIGTERM');
    const { status, signal, stdout } = await minting.done();
    assert.deepEqual([status, signal], [143, null]);
    assert.deepEqual(await heldNodes(admin), [], 'released');
    const highWater = Number(await admin.get(`${LEASE_TAG}:hw:0`));
    const printed = lines(stdout);
    // at or past every id written, and no longer the renew's promise (the clock + the TTL)
    if (printed.length > 0) assert.ok(highWater >= msOf(printed.at(-1)), `${highWater} before the last id`);
    assert.ok(highWater <= Date.now(), `${highWater} is still the lease's promise`);
  });

  test('the launcher and the native binary run --lease in the WebAssembly CLI', async (t) => {
    const server = await serverFor(t);
    const admin = await rawClient(t, server);
    for (const cli of ['launcher', 'native']) {
      const { status, stdout, stderr } = await run(cli, ['mint', 'USR', '--lease', server.url]);
      assert.equal(status, 0, stderr);
      assert.equal(parse(lines(stdout)[0]).namespace, 'USR');
    }
    assert.deepEqual(await heldNodes(admin), []);
    assert.ok(Number(await admin.get(`${LEASE_TAG}:hw:0`)) > 0, 'the last millisecond minted is kept');
  });

  test('the native binary with nothing to hand --lease to, or BRANDED_CLI=native: exit 2, said why', async () => {
    for (const env of [{ BRANDED_WASM_CLI: '' }, { BRANDED_CLI: 'native' }]) {
      const { status, stdout, stderr } = await run('native', ['mint', 'JOB', '--lease', 'redis://127.0.0.1:1'], env);
      assert.equal(status, 2);
      assert.equal(stdout, '');
      assert.match(stderr, /^branded mint: --lease needs a Valkey client, which this native build has not/);
      assert.match(stderr, /npx @echomq\/branded mint NS --lease URL/);
    }
  });

  for (const cli of ['wasm', 'native']) {
    test(`${cli}: --lease with --node or --at, or a URL that is not redis:// or valkey://: usage error, exit 2`, async () => {
      const cases = [
        [['--node', '3'], /--node cannot go with --lease: a lease picks the node/],
        [['--at', 'now'], /--at cannot go with --lease/],
      ];
      for (const [extra, message] of cases) {
        const { status, stdout, stderr } = await run(cli, ['mint', 'JOB', '--lease', 'redis://127.0.0.1:1', ...extra]);
        assert.equal(status, 2);
        assert.equal(stdout, '');
        assert.match(stderr, message);
      }
      for (const url of ['http://127.0.0.1:1', 'redis://127.0.0.1:1,http://127.0.0.1:2', 'redis://127.0.0.1:1,']) {
        const { status, stderr } = await run(cli, ['mint', 'JOB', '--lease', url]);
        assert.equal(status, 2, url);
        assert.match(stderr, /--lease takes the URL of a Valkey server \(redis:\/\/HOST:PORT/);
      }
    });
  }
});

describe('branded mint --lease refused: exit 3, nothing minted, nothing held', () => {
  const refused = async (url, message) => {
    const { status, stdout, stderr } = await run('wasm', ['mint', 'JOB', '--count', '5', '--lease', url]);
    assert.equal(status, 3, stderr);
    assert.equal(stdout, '');
    assert.match(stderr, message);
    assert.equal(lines(stderr).length, 1, stderr);
  };

  test('an address that is not Valkey (an HTTP server)', async (t) => {
    const http = createServer((request, response) => response.end('not valkey'));
    await new Promise((done) => http.listen(0, '127.0.0.1', done));
    t.after(() => http.close());
    await refused(
      `redis://127.0.0.1:${http.address().port}`,
      /^branded mint: lease: connect: .*is a Valkey server listening there\?/,
    );
  });

  test('a Valkey without the library', async (t) => {
    const server = await serverFor(t, { library: false });
    await refused(server.url, /^branded mint: lease: library: the node lease functions are not loaded/);
    assert.deepEqual(await (await rawClient(t, server)).keys(`${LEASE_TAG}*`), []);
  });

  test('a user without +fcall', async (t) => {
    const server = await serverFor(t);
    const admin = await rawClient(t, server);
    await admin.call('ACL', 'SETUSER', 'nofcall', 'on', '>secret-password-123', '~*', '+@all', '-fcall');
    const url = `redis://nofcall:secret-password-123@${server.host}:${server.port}`;
    await refused(url, /^branded mint: lease: denied: this user may not call the node lease functions/);
    assert.deepEqual(await admin.keys(`${LEASE_TAG}*`), []);
  });
});
