// Each op's happy path against a real Valkey with the EMQ.ENQUEUE module, read back independently.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { FENCE_VALUE, KIND_REFUSAL, createMinter } from '@echomq/branded';
import { LIBRARY_FUNCTIONS } from '@echomq/branded/valkey';

import { ONE_ADDRESS_LOAD } from './support.js';
import { useBridgeStack } from './fixture.js';

describe('ops', () => {
  const minter = createMinter({ namespace: 'JOB', node: 3 });

  const stack = useBridgeStack({
    server: { module: true },
    args: [...ONE_ADDRESS_LOAD, '--rate', '10000'],
    direct: true,
    client: true,
  });

  it('hello: protocol, wire, Valkey, fence, executors, limits', async () => {
    const { ok, result } = await stack.client.request('hello');
    assert.equal(ok, true);
    assert.equal(result.protocol, 'branded-bridge/1');
    assert.equal(result.wire, FENCE_VALUE);
    const version = /valkey_version:(\S+)/.exec(await stack.direct.info('server'))[1];
    assert.deepEqual(result.valkey, { reachable: true, mode: 'standalone', version, library: 'ok' });
    assert.deepEqual(result.fence, { state: 'ok', found: FENCE_VALUE, expected: FENCE_VALUE });
    assert.deepEqual(result.executors, ['script', 'native']);
    assert.deepEqual(result.queues, ['demo*']);
    assert.equal(result.limits.rate, 10000);
    assert.equal(result.limits.maxPayload, 4096);
    assert.equal(await stack.direct.get('{emq}:version'), FENCE_VALUE, 'the fence was claimed at connect');
  });

  for (const executor of ['script', 'native']) {
    it(`enqueue (${executor}): enqueued with the exact command, then duplicate; the row is in Valkey`, async () => {
      const job = minter.next();
      const first = await stack.client.request('enqueue', { queue: 'demo', job, payload: `hi ${executor}`, executor });
      const key = `emq:{demo}:job:${job}`;
      const command =
        executor === 'script'
          ? ['FCALL', LIBRARY_FUNCTIONS.enqueue, '2', key, 'emq:{demo}:pending', job, `hi ${executor}`]
          : ['EMQ.ENQUEUE', '2', key, 'emq:{demo}:pending', job, `hi ${executor}`];
      assert.deepEqual(first, {
        id: first.id,
        ok: true,
        result: { verdict: 'enqueued', queue: 'demo', job, executor, command },
      });
      assert.deepEqual(await stack.direct.hgetall(key), { state: 'pending', attempts: '0', payload: `hi ${executor}` });
      assert.equal(await stack.direct.zscore('emq:{demo}:pending', job), '0');
      const again = await stack.client.request('enqueue', { queue: 'demo', job, payload: 'other', executor });
      assert.equal(again.ok, false);
      assert.deepEqual(
        [again.error.code, again.error.executor, again.error.command],
        ['duplicate', executor, [...command.slice(0, -1), 'other']],
      );
      assert.equal((await stack.direct.hgetall(key)).payload, `hi ${executor}`, 'a duplicate writes nothing');
    });

    it(`enqueue (${executor}): a USR id passes the host and is refused by the wire gate, byte for byte`, async () => {
      const reply = await stack.client.request('enqueue', {
        queue: 'demo',
        job: 'USR0KHTOWnGLuC',
        payload: 'x',
        executor,
      });
      assert.deepEqual([reply.error?.code, reply.error?.message], ['kind', KIND_REFUSAL]);
      assert.equal(await stack.direct.exists('emq:{demo}:job:USR0KHTOWnGLuC'), 0);
    });
  }

  it('enqueueMany: per-item verdicts in input order, counts, every enqueued row stored', async () => {
    const fresh = [minter.next(), minter.next(), minter.next()];
    const items = [
      { job: fresh[0], payload: 'a' },
      { job: 'USR0KHTOWnGLuC', payload: 'b' },
      { job: fresh[1] },
      { job: fresh[0], payload: 'dup' },
      { job: 'job-42', payload: 'c' },
      { job: fresh[2], payload: 'e' },
    ];
    for (const executor of ['script', 'native']) {
      const queue = `demo.many.${executor}`;
      const { ok, result } = await stack.client.request('enqueueMany', { queue, items, executor });
      assert.equal(ok, true);
      assert.deepEqual(
        result.items.map((i) => (i.ok ? i.verdict : i.error.code)),
        ['enqueued', 'kind', 'enqueued', 'duplicate', 'malformed', 'enqueued'],
      );
      assert.equal(result.items[1].error.message, KIND_REFUSAL);
      assert.equal(result.items[4].error.reason, 'length');
      assert.deepEqual([result.count, result.enqueued, result.duplicates, result.refused], [6, 3, 1, 2]);
      assert.equal(await stack.direct.zcard(`emq:{${queue}}:pending`), 3);
      assert.equal(await stack.direct.hget(`emq:{${queue}}:job:${fresh[0]}`, 'payload'), 'a');
      assert.equal(await stack.direct.hget(`emq:{${queue}}:job:${fresh[1]}`, 'payload'), '');
    }
  });

  // The TTL goes out in script calls of many keys each: a full batch writes more keys than one call takes.
  it('the data TTL: every key a full enqueueMany and a turn of single enqueues wrote expires within an hour', async () => {
    const queue = 'demo.ttl';
    const batch = Array.from({ length: 1000 }, () => minter.next());
    const { ok, result } = await stack.client.request('enqueueMany', {
      queue,
      items: batch.map((job) => ({ job, payload: 'x' })),
    });
    assert.equal(ok, true);
    assert.equal(result.enqueued, batch.length);
    const singles = Array.from({ length: 50 }, () => minter.next());
    const replies = await Promise.all(
      singles.map((job) => stack.client.request('enqueue', { queue, job, payload: 'y' })),
    );
    assert.ok(replies.every((reply) => reply.ok && reply.result.verdict === 'enqueued'));
    const keys = [...batch, ...singles].map((job) => `emq:{${queue}}:job:${job}`);
    keys.push(`emq:{${queue}}:pending`);
    // The TTL is sent after the answer: wait until it has landed on the last key written.
    const deadline = Date.now() + 5000;
    while ((await stack.direct.ttl(keys.at(-2))) < 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const pipeline = stack.direct.pipeline();
    for (const key of keys) pipeline.ttl(key);
    const ttls = (await pipeline.exec()).map(([, ttl]) => ttl);
    const outside = keys.filter((_, i) => !(ttls[i] > 0 && ttls[i] <= 3600));
    assert.deepEqual(outside, [], `${outside.length} of ${keys.length} keys without a TTL within 3600 s`);
  });

  it('job: the stored row, or found false', async () => {
    const job = minter.next();
    await stack.client.request('enqueue', { queue: 'demo.job', job, payload: '{"n":1}' });
    const { result } = await stack.client.request('job', { queue: 'demo.job', job });
    assert.deepEqual(result, {
      queue: 'demo.job',
      job,
      key: `emq:{demo.job}:job:${job}`,
      found: true,
      row: { state: 'pending', attempts: '0', payload: '{"n":1}' },
    });
    const absent = await stack.client.request('job', { queue: 'demo.job', job: minter.next() });
    assert.deepEqual([absent.result.found, absent.result.row], [false, null]);
  });

  it('pending: the first ids in order, bounded by limit', async () => {
    const jobs = Array.from({ length: 5 }, () => minter.next());
    for (const job of [...jobs].reverse()) await stack.client.request('enqueue', { queue: 'demo.pending', job });
    const { result } = await stack.client.request('pending', { queue: 'demo.pending', limit: 3 });
    assert.deepEqual(result, { queue: 'demo.pending', key: 'emq:{demo.pending}:pending', jobs: jobs.slice(0, 3) });
    assert.deepEqual((await stack.client.request('pending', { queue: 'demo.pending' })).result.jobs, jobs);
  });

  it('streamSeed + streamWindow: the contract.md §6 reproduction (200,000 entries; [+10 ms, +20 ms) holds 40,960)', async () => {
    const seed = await stack.client.request('streamSeed', { queue: 'demo', stream: 'fills' });
    assert.equal(seed.ok, true, JSON.stringify(seed));
    assert.deepEqual(
      { ...seed.result, elapsedMs: 0 },
      {
        queue: 'demo',
        stream: 'fills',
        key: seed.result.key,
        entries: 200000,
        first: '1781000000000-28672',
        last: '1781000000048-32063',
        elapsedMs: 0,
      },
    );
    assert.equal(await stack.direct.xlen(seed.result.key), 200000);
    const { result } = await stack.client.request('streamWindow', {
      queue: 'demo',
      stream: 'fills',
      t0: 1781000000010,
      t1: 1781000000020,
      sample: 2,
    });
    assert.equal(result.count, 40960);
    assert.equal(result.truncated, false);
    assert.equal(result.first, '1781000000010-28672');
    assert.equal(result.last, '1781000000019-32767');
    assert.deepEqual(result.command, ['XRANGE', seed.result.key, '1781000000010-0', '(1781000000020-0']);
    assert.equal(result.sample.length, 2);
    assert.equal(result.sample[1].entry, '1781000000010-28673');
    const direct10 = await stack.direct.xrange(seed.result.key, '1781000000010-0', '(1781000000020-0');
    assert.equal(direct10.length, 40960, 'Valkey agrees');
    assert.deepEqual(result.sample[0].fields, Object.fromEntries([direct10[0][1]]));
    const again = await stack.client.request('streamSeed', { queue: 'demo', stream: 'fills', entries: 10, perMs: 2 });
    assert.equal(again.result.last, '1781000000004-28673', 'a seed replaces the stream');
    assert.equal(await stack.direct.xlen(seed.result.key), 10);
    const empty = await stack.client.request('streamWindow', { queue: 'demo', stream: 'fills', t0: 1, t1: 2 });
    assert.deepEqual(
      [empty.result.count, empty.result.first, empty.result.last, empty.result.sample],
      [0, null, null, []],
    );
  });

  it('streamSeed: one at a time per bridge; the next waits its turn; a third from the same address meanwhile is `rate`', async () => {
    const [a, b, c] = await Promise.all([
      stack.client.request('streamSeed', { queue: 'demo', stream: 'one', entries: 20000 }),
      stack.client.request('streamSeed', { queue: 'demo', stream: 'two', entries: 10 }),
      stack.client.request('streamSeed', { queue: 'demo', stream: 'three', entries: 10 }),
    ]);
    assert.deepEqual([a.ok, b.ok], [true, true], JSON.stringify([a, b]));
    assert.equal(c.error?.code, 'rate', JSON.stringify(c));
    assert.match(c.error.message, /already waiting/);
    assert.deepEqual(
      await stack.direct.exists('emq:{demo}:stream.one', 'emq:{demo}:stream.two', 'emq:{demo}:stream.three'),
      2,
    );
  });

  it('gateCompare: JOB admitted by both; USR refused by both with byte-identical text; scratch queues removed', async () => {
    const job = minter.next();
    const admitted = (await stack.client.request('gateCompare', { job, payload: 'p' })).result;
    assert.equal(admitted.script.ok, true);
    assert.equal(admitted.native.ok, true);
    assert.equal(admitted.script.command[0], 'FCALL');
    assert.equal(admitted.native.command[0], 'EMQ.ENQUEUE');
    assert.deepEqual([admitted.agree, admitted.refusalsIdentical], [true, null]);
    const refused = (await stack.client.request('gateCompare', { job: 'USR0KHTOWnGLuC' })).result;
    assert.deepEqual(refused.script.error, { code: 'kind', message: KIND_REFUSAL });
    assert.deepEqual(refused.native.error, { code: 'kind', message: KIND_REFUSAL });
    assert.deepEqual([refused.agree, refused.refusalsIdentical], [true, true]);
    assert.deepEqual(await stack.direct.keys('emq:{scratch.*'), [], 'nothing left behind');
    const malformed = await stack.client.request('gateCompare', { job: 'JOB-42' });
    assert.deepEqual([malformed.error?.code, malformed.error?.reason], ['malformed', 'length']);
  });
});

describe('streamWindow under the default read budget (--ip-window-entries 60000 a second)', () => {
  // Generous everywhere else (seeding 200,000 entries at the default write budget would take 20 s).
  const stack = useBridgeStack({
    client: true,
    args: [...ONE_ADDRESS_LOAD, '--ip-window-entries', '60000', '--window-entries', '100000'],
  });

  it('streamWindow three times back to back from one address: each answered, the later ones after its read budget refilled', async () => {
    const seed = await stack.client.request('streamSeed', { queue: 'demo', stream: 'again' });
    assert.equal(seed.ok, true, JSON.stringify(seed));
    const window = { queue: 'demo', stream: 'again', t0: 1781000000010, t1: 1781000000020, sample: 0 };
    const started = performance.now();
    const replies = [];
    for (let i = 0; i < 3; i += 1) replies.push(await stack.client.request('streamWindow', window));
    const elapsed = performance.now() - started;
    // Each reads 40,960 entries and is charged 50,001 up front against 60,000 a second: the second must wait.
    assert.deepEqual(
      replies.map((r) => r.result?.count ?? r.error?.code),
      [40960, 40960, 40960],
      JSON.stringify(replies.map((r) => r.error)),
    );
    assert.ok(elapsed >= 500, `three windows of 40,960 within ${elapsed.toFixed(0)} ms: the budget was not waited for`);
  });
});
