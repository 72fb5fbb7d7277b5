// Valkey killed (-9) and restarted mid-run with AOF appendfsync always: the bridge stays up, answers
// `unavailable`, reconnects on its own, re-verifies the fence, says when its Functions library is gone, and
// loses no acked job.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { FENCE_VALUE, createMinter } from '@echomq/branded';
import { Valkey } from 'iovalkey';

import { startServer } from '../../scripts/valkey.js';
import { getJson, open, startBridge, ONE_ADDRESS_LOAD } from './support.js';
import { useBridgeStack } from './fixture.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(check, what, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('resilience', () => {
  const stack = useBridgeStack({
    server: { module: true, appendfsync: 'always' },
    args: [...ONE_ADDRESS_LOAD, '--rate', '100000'],
  });

  it('kill -9 mid-run, restart: unavailable meanwhile, recovery on its own, no acked job missing', async (t) => {
    const clients = await Promise.all(
      Array.from({ length: 4 }, () => open(stack.bridge.ws, { origin: stack.bridge.origin })),
    );
    const acked = new Set();
    const unknown = new Set();
    const codes = new Map();
    let running = true;
    const writer = async (client, c) => {
      const minter = createMinter({ namespace: 'JOB', node: 100 + c });
      while (running) {
        const job = minter.next();
        const reply = await client.request('enqueue', {
          queue: 'demo.crash',
          job,
          payload: job,
          executor: c % 2 ? 'native' : 'script',
        });
        const code = reply.ok ? 'ok' : reply.error.code;
        codes.set(code, (codes.get(code) ?? 0) + 1);
        if (reply.ok) acked.add(job);
        else unknown.add(job);
        if (!reply.ok) await sleep(5);
      }
    };
    const writers = clients.map(writer);
    await until(() => acked.size >= 300, '300 acks before the crash');
    await stack.valkey.kill();
    await until(async () => (await getJson(`${stack.bridge.http}/healthz`)).status === 503, '/healthz 503');
    const down = await getJson(`${stack.bridge.http}/healthz`);
    assert.equal(down.body.valkey.reachable, false);
    const hello = await clients[0].request('hello');
    assert.equal(hello.ok, true, 'hello is served while Valkey is down');
    assert.equal(hello.result.valkey.reachable, false);
    await sleep(300);
    const ackedBefore = acked.size;
    await stack.valkey.launch();
    await until(async () => (await getJson(`${stack.bridge.http}/healthz`)).status === 200, 'recovery (healthz 200)');
    await until(() => acked.size >= ackedBefore + 300, '300 acks after the restart');
    running = false;
    await Promise.all(writers);

    assert.ok(
      (codes.get('unavailable') ?? 0) > 0,
      `requests during the outage were answered unavailable: ${JSON.stringify([...codes])}`,
    );
    assert.deepEqual(
      [...codes.keys()].filter((c) => c !== 'ok' && c !== 'unavailable'),
      [],
    );
    const up = await getJson(`${stack.bridge.http}/healthz`);
    assert.deepEqual(up.body.fence, { state: 'ok', found: FENCE_VALUE, expected: FENCE_VALUE });
    assert.ok(
      stack.bridge.logs.some((l) => l.event === 'valkey_ready' && l.fence === 'ok'),
      'the fence was verified again',
    );

    const direct = new Valkey({ host: stack.valkey.host, port: stack.valkey.port });
    const jobs = [...acked];
    const pipeline = direct.pipeline();
    for (const job of jobs) pipeline.exists(`emq:{demo.crash}:job:${job}`);
    const present = (await pipeline.exec()).map(([, n]) => n);
    const missing = jobs.filter((_, i) => present[i] !== 1);
    assert.deepEqual(missing, [], 'every acknowledged job survived the crash');
    // Re-sending an `unavailable` write is safe: enqueued or duplicate, never anything else.
    for (const job of unknown) {
      const reply = await clients[0].request('enqueue', { queue: 'demo.crash', job, payload: job });
      assert.ok(reply.ok || reply.error.code === 'duplicate', JSON.stringify(reply));
    }
    t.diagnostic(
      `${acked.size} acked (all present after the crash), replies by code ${JSON.stringify(Object.fromEntries(codes))}`,
    );
    direct.disconnect();
    await Promise.all(clients.map((c) => c.close()));
  });

  it('the Functions library flushed: script enqueues are `unavailable` (said once), native ones go on; served again once it is loaded', async () => {
    const direct = new Valkey({ host: stack.valkey.host, port: stack.valkey.port });
    const client = await open(stack.bridge.ws, { origin: stack.bridge.origin });
    const minter = createMinter({ namespace: 'JOB', node: 200 });
    assert.equal((await client.request('enqueue', { queue: 'demo.ns', job: minter.next() })).ok, true);
    const before_ = stack.bridge.logs.length;
    await direct.call('FUNCTION', 'FLUSH');
    const refused = [];
    for (let i = 0; i < 3; i += 1)
      refused.push(await client.request('enqueue', { queue: 'demo.ns', job: minter.next() }));
    assert.deepEqual(
      refused.map((r) => [r.error?.code, r.error?.written]),
      Array(3).fill(['unavailable', 'no']),
    );
    assert.match(refused[0].error.message, /functions are not loaded/);
    const native = await client.request('enqueue', { queue: 'demo.ns', job: minter.next(), executor: 'native' });
    assert.equal(native.ok, true, JSON.stringify(native));
    assert.equal((await client.request('hello')).result.valkey.library, 'missing');
    const said = stack.bridge.logs.slice(before_).filter((l) => l.event === 'valkey_library');
    assert.equal(said.length, 1, 'said once');
    assert.match(said[0].note, /--print-functions/);
    await stack.valkey.loadLibrary();
    await until(
      async () => (await client.request('enqueue', { queue: 'demo.ns', job: minter.next() })).ok,
      'served once the library is back',
    );
    direct.disconnect();
    await client.close();
  });

  it('a foreign fence: writes get `fence` naming found and expected; reads still work; healthz 503', async () => {
    const direct = new Valkey({ host: stack.valkey.host, port: stack.valkey.port });
    await direct.set('{emq}:version', 'echomq:3.0.0');
    await direct.client('KILL', 'TYPE', 'normal', 'SKIPME', 'yes'); // the bridge reconnects and reads the fence again
    await until(
      async () => (await getJson(`${stack.bridge.http}/healthz`)).body.fence?.state === 'foreign',
      'the foreign fence seen',
    );
    const client = await open(stack.bridge.ws, { origin: stack.bridge.origin });
    const reply = await client.request('enqueue', {
      queue: 'demo.fence',
      job: createMinter({ namespace: 'JOB', node: 300 }).next(),
    });
    assert.deepEqual(
      [reply.error?.code, reply.error?.found, reply.error?.expected],
      ['fence', 'echomq:3.0.0', FENCE_VALUE],
    );
    assert.equal((await client.request('pending', { queue: 'demo.fence' })).ok, true);
    assert.equal((await getJson(`${stack.bridge.http}/healthz`)).status, 503);
    await direct.set('{emq}:version', FENCE_VALUE);
    await direct.client('KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    await until(async () => (await getJson(`${stack.bridge.http}/healthz`)).status === 200, 'the fence ok again');
    direct.disconnect();
    await client.close();
  });

  it('a fence rewritten under a live connection (no reconnect) stops script writes within the re-check bound', async () => {
    const direct = new Valkey({ host: stack.valkey.host, port: stack.valkey.port });
    const client = await open(stack.bridge.ws, { origin: stack.bridge.origin });
    const minter = createMinter({ namespace: 'JOB', node: 301 });
    const enqueue = () => client.request('enqueue', { queue: 'demo.fence2', job: minter.next() });
    assert.equal((await enqueue()).ok, true);
    await direct.set('{emq}:version', 'echomq:9.9.9');
    const rewritten = Date.now();
    await until(async () => (await enqueue()).error?.code === 'fence', 'a fence refusal', 8000);
    assert.ok(Date.now() - rewritten <= 6500, 'within the 5 s re-check (plus slack)');
    assert.equal((await getJson(`${stack.bridge.http}/healthz`)).status, 503);
    await direct.set('{emq}:version', FENCE_VALUE);
    await until(async () => (await enqueue()).ok, 'writes again once the fence is restored');
    direct.disconnect();
    await client.close();
  });
});

describe('Valkey stops answering (SIGSTOP)', () => {
  it('requests are answered `unavailable` after --valkey-timeout, and served again after SIGCONT', async () => {
    const valkey = await startServer({ module: true });
    const bridge = await startBridge([...ONE_ADDRESS_LOAD, '--valkey', valkey.url, '--valkey-timeout', '800']);
    const client = await open(bridge.ws, { origin: bridge.origin });
    const minter = createMinter({ namespace: 'JOB', node: 400 });
    try {
      process.kill(valkey.pid, 'SIGSTOP');
      const started = Date.now();
      const reply = await client.request('enqueue', { queue: 'demo.pause', job: minter.next() });
      assert.equal(reply.error?.code, 'unavailable');
      assert.ok(Date.now() - started >= 700, 'after the timeout, not before');
      process.kill(valkey.pid, 'SIGCONT');
      await until(
        async () => (await client.request('enqueue', { queue: 'demo.pause', job: minter.next() })).ok,
        'served again',
      );
    } finally {
      process.kill(valkey.pid, 'SIGCONT');
      await client.close();
      await bridge.stop();
      await valkey.stop();
    }
  });
});

describe('Valkey down at start', () => {
  it('the bridge starts anyway, answers unavailable, and connects once Valkey appears', async () => {
    const valkey = await startServer({ module: true });
    const { port } = valkey;
    await valkey.kill();
    const bridge = await startBridge([...ONE_ADDRESS_LOAD, '--valkey', `redis://127.0.0.1:${port}`], {
      waitReady: false,
    });
    try {
      const client = await open(bridge.ws, { origin: bridge.origin });
      const hello = await client.request('hello');
      assert.deepEqual(
        [hello.result.valkey.reachable, hello.result.fence.state, hello.result.executors],
        [false, 'unknown', []],
      );
      const reply = await client.request('enqueue', { queue: 'demo', job: 'JOB0KHTOWnGLuC' });
      assert.equal(reply.error?.code, 'unavailable');
      assert.equal((await getJson(`${bridge.http}/healthz`)).status, 503);
      await valkey.launch();
      await until(async () => (await getJson(`${bridge.http}/healthz`)).status === 200, 'healthz 200');
      assert.equal((await client.request('enqueue', { queue: 'demo', job: 'JOB0KHTOWnGLuC' })).ok, true);
      await client.close();
    } finally {
      await bridge.stop();
      await valkey.stop();
    }
  });
});
