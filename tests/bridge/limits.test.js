// Bad frames and limits: every refusal is typed, carries the request id, and leaves the socket serving.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { explain, explainQueue } from '@echomq/branded/explain';
import { Valkey } from 'iovalkey';

import { startServer } from '../../scripts/valkey.js';
import { getJson, open, startBridgeInProcess } from './support.js';
import { useBridgeStack } from './fixture.js';

const JOB = 'JOB0KHTOWnGLuC';
// Ids the host refuses, each also sent as a one-item enqueueMany (an ok reply whose item is refused).
const REFUSED_IDS = ['\uFEFFJOB0KHTOWnGLuC', ' JOB0KHTOWnGLuC', 'job0KHTOWnGLuC', 'job-42', 'JOB0KHTOWnGL!C'];
const refusal = (reply) => [reply.id, reply.ok, reply.error?.code];

describe('frames and limits', () => {
  const stack = useBridgeStack({
    args: [
      '--max-frame',
      '4096',
      '--max-payload',
      '64',
      '--max-batch',
      '5',
      '--queues',
      'demo*,ok.?',
      '--rate',
      '1000',
    ],
    client: true,
  });

  it('malformed JSON is bad_request with id null; the socket keeps serving', async () => {
    stack.client.sendRaw('{"id": 1, "op": "hel');
    assert.deepEqual(refusal(await stack.client.nextReply()), [null, false, 'bad_request']);
    stack.client.sendRaw('[1,2]');
    assert.deepEqual(refusal(await stack.client.nextReply()), [null, false, 'bad_request']);
    assert.equal((await stack.client.request('hello')).ok, true);
  });

  it('a binary frame is bad_request with id null', async () => {
    stack.client.sendRaw(Buffer.from('{"id":1,"op":"hello"}'), { binary: true });
    assert.deepEqual(refusal(await stack.client.nextReply()), [null, false, 'bad_request']);
  });

  it('an unknown op is bad_request and names the ops; no raw command passes', async () => {
    for (const op of ['flushall', 'EVAL', 'call', 'command', 'constructor', '__proto__']) {
      const reply = await stack.client.request(op, {}, `op-${op}`);
      assert.deepEqual(refusal(reply), [`op-${op}`, false, 'bad_request']);
    }
    const reply = await stack.client.request('call', { args: ['FLUSHALL'] });
    assert.match(
      reply.error.message,
      /unknown op "call"; ops: hello, enqueue, enqueueMany, job, pending, streamWindow, streamSeed, gateCompare/,
    );
  });

  it('wrong field types and unknown fields are bad_request naming the field', async () => {
    const cases = [
      [{ queue: 'demo', job: 5, payload: 'p' }, /"job" must be a string/],
      [{ queue: ['demo'], job: JOB, payload: 'p' }, /"queue" must be a string/],
      [{ queue: 'demo', job: JOB, payload: { a: 1 } }, /"payload" must be a string/],
      [{ queue: 'demo', job: JOB, executor: 'lua' }, /"executor" must be "script" or "native"/],
      [{ queue: 'demo', job: JOB, state: 'done' }, /unknown field "state"/],
      [{ queue: 'demo' }, /missing field "job"/],
    ];
    for (const [fields, message] of cases) {
      const reply = await stack.client.request('enqueue', fields);
      assert.equal(reply.error?.code, 'bad_request', JSON.stringify(fields));
      assert.match(reply.error.message, message);
    }
  });

  it('ids and names failing the host check are malformed, with the reason in the contract order', async () => {
    const cases = [
      ['job-42', 'length'],
      ['JOB-42', 'length'],
      ['usr0KHTOWnGLuC', 'namespace'],
      ['JOB0KHTOWnGL!C', 'charset'],
      ['JOBzzzzzzzzzzz', 'range'],
    ];
    for (const [job, reason] of cases) {
      const reply = await stack.client.request('enqueue', { queue: 'demo', job, payload: 'p' });
      assert.deepEqual([reply.error?.code, reply.error?.reason], ['malformed', reason], job);
    }
    for (const queue of ['', 'emq', 'a{b}', 'a:b', 'a b', 'ördérs', 'q'.repeat(129)]) {
      const reply = await stack.client.request('enqueue', { queue, job: JOB, payload: 'p' });
      assert.deepEqual([reply.error?.code, reply.error?.reason], ['malformed', 'queue'], queue);
    }
    for (const stream of ['', 'a:b', 's'.repeat(58)]) {
      const reply = await stack.client.request('streamWindow', { queue: 'demo', stream, t0: 0, t1: 1 });
      assert.deepEqual([reply.error?.code, reply.error?.reason], ['malformed', 'stream'], stream);
    }
    assert.equal(
      (await stack.client.request('streamWindow', { queue: 'demo', stream: 's'.repeat(57), t0: 0, t1: 1 })).ok,
      true,
    );
  });

  it('a refused id or queue name is worded as the package words it (explain), with its byte and suggestion', async () => {
    for (const job of REFUSED_IDS) {
      const { error, message, offset, suggestion } = explain(job);
      const want = { code: 'malformed', message, reason: error, offset, ...(suggestion ? { suggestion } : {}) };
      const single = await stack.client.request('enqueue', { queue: 'demo', job, payload: 'p' });
      assert.deepEqual(single.error, want, JSON.stringify(job));
      const row = await stack.client.request('job', { queue: 'demo', job });
      assert.deepEqual(row.error, want, JSON.stringify(job));
      const many = await stack.client.request('enqueueMany', { queue: 'demo', items: [{ job }] });
      assert.deepEqual(many.result.items[0].error, want, JSON.stringify(job));
    }
    assert.equal(explain('job0KHTOWnGLuC').message, 'namespace must be uppercase: did you mean JOB0KHTOWnGLuC?');
    for (const queue of ['a b', 'emq', '', 'q'.repeat(129), 'ördérs']) {
      const { error, message, offset } = explainQueue(queue);
      const want = { code: 'malformed', message, reason: error, offset };
      for (const [op, fields] of [
        ['enqueue', { queue, job: JOB, payload: 'p' }],
        ['pending', { queue }],
        ['streamWindow', { queue, stream: 's', t0: 0, t1: 1 }],
      ])
        assert.deepEqual((await stack.client.request(op, fields)).error, want, `${op} ${JSON.stringify(queue)}`);
    }
  });

  it('a valid queue outside the allowlist is forbidden, for every op that names one', async () => {
    const ops = [
      ['enqueue', { queue: 'orders', job: JOB, payload: 'p' }],
      ['enqueueMany', { queue: 'ok.12', items: [{ job: JOB }] }],
      ['job', { queue: 'xdemo', job: JOB }],
      ['pending', { queue: 'ok' }],
      ['streamWindow', { queue: 'orders', stream: 's', t0: 0, t1: 1 }],
      ['streamSeed', { queue: 'orders', stream: 's' }],
    ];
    for (const [op, fields] of ops)
      assert.equal((await stack.client.request(op, fields)).error?.code, 'forbidden', `${op} ${fields.queue}`);
    assert.equal((await stack.client.request('pending', { queue: 'ok.1' })).ok, true, 'ok.? admits ok.1');
  });

  it('over a limit is too_large and names the limit', async () => {
    const payload = await stack.client.request('enqueue', { queue: 'demo', job: JOB, payload: 'é'.repeat(33) });
    assert.deepEqual([payload.error?.code, payload.error?.limit], ['too_large', 64]);
    const batch = await stack.client.request('enqueueMany', {
      queue: 'demo',
      items: Array.from({ length: 6 }, () => ({ job: JOB })),
    });
    assert.deepEqual([batch.error?.code, batch.error?.limit], ['too_large', 5]);
    assert.deepEqual([(await stack.client.request('pending', { queue: 'demo', limit: 1001 })).error?.limit], [1000]);
    assert.equal(
      (await stack.client.request('streamSeed', { queue: 'demo', stream: 's', entries: 200001 })).error?.code,
      'too_large',
    );
  });

  it('a frame over --max-frame closes the socket with 1009, unanswered', async () => {
    const victim = await open(stack.bridge.ws, { origin: stack.bridge.origin });
    let replies = 0;
    victim.ws.on('message', () => {
      replies += 1;
    });
    victim.sendRaw(JSON.stringify({ id: 1, op: 'hello', pad: 'x'.repeat(4096) }));
    assert.equal((await victim.closed).code, 1009);
    assert.equal(replies, 0);
    assert.equal((await stack.client.request('hello')).ok, true, 'other sockets are unaffected');
  });

  it('nothing of the above reached Valkey', async () => {
    const metrics = await getJson(`${stack.bridge.http}/metrics`);
    assert.equal(
      metrics.body.replies.ok ?? 0,
      (metrics.body.requests.hello ?? 0) + 2 + REFUSED_IDS.length,
      'only hellos, one streamWindow read, the ok.1 pending and the enqueueMany of one refused item succeeded',
    );
    const direct = new Valkey({ host: stack.valkey.host, port: stack.valkey.port });
    // Besides the fence, only the fleet's limits (the budgets these frames spent: the bridge's, not data).
    const keys = (await direct.keys('*')).filter((k) => !k.startsWith('emq:limit:'));
    assert.deepEqual(keys, ['{emq}:version'], 'only the fence the bridge claimed');
    direct.disconnect();
  });
});

describe('rate, in-flight and idle limits', () => {
  const stack = useBridgeStack({ args: ['--rate', '20', '--idle-timeout', '600'] });

  it('a burst over --rate gets `rate` for the excess; the budget refills; other connections have their own', async () => {
    // In this process on a clock the test moves: the budget refills only when it says so.
    let clock = 0;
    const valkey = await startServer();
    const bridge = await startBridgeInProcess(['--valkey', valkey.url, '--rate', '20'], { now: () => clock });
    try {
      const client = await open(bridge.ws, { origin: bridge.origin });
      const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => client.request('hello', {}, i)));
      const limited = replies.filter((r) => r.error?.code === 'rate');
      assert.ok(
        replies.slice(0, 20).every((r) => r.ok),
        'the first 20 pass',
      );
      assert.equal(limited.length, 10, `${limited.length} limited`);
      assert.ok(
        limited.every((r) => typeof r.id === 'number' && r.id >= 20),
        'the excess is refused, by id',
      );
      const other = await open(bridge.ws, { origin: bridge.origin });
      assert.equal((await other.request('hello')).ok, true);
      assert.equal((await client.request('hello')).error?.code, 'rate', 'no time has passed');
      clock += 300;
      assert.equal((await client.request('hello')).ok, true, 'refilled');
      await Promise.all([client.close(), other.close()]);
    } finally {
      await bridge.stop();
      await valkey.stop();
    }
  });

  it('a connection that keeps sending while refused (another --rate frames past its budget) is closed with 1008', async () => {
    const valkey = await startServer();
    const bridge = await startBridgeInProcess(['--valkey', valkey.url, '--rate', '20'], { now: () => 0 });
    try {
      const flooder = await open(bridge.ws, { origin: bridge.origin });
      const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => flooder.request('hello', {}, i)));
      assert.equal((await flooder.closed).code, 1008);
      const counts = {
        ok: replies.filter((r) => r.ok).length,
        rate: replies.filter((r) => r.error?.code === 'rate').length,
      };
      // The refusals are written at once; an ok is written when its op answers, which the close may come first.
      assert.equal(counts.rate, 20, 'another second of frames refused, then the close');
      assert.ok(counts.ok <= 20, JSON.stringify(counts));
      assert.equal(
        replies.filter((r) => r.error?.code === 'closed').length,
        100 - counts.ok - counts.rate,
        'the rest was never answered',
      );
      const other = await open(bridge.ws, { origin: bridge.origin });
      assert.equal((await other.request('hello')).ok, true, 'others are unaffected');
      await other.close();
    } finally {
      await bridge.stop();
      await valkey.stop();
    }
  });

  it('a silent connection is closed with 4001 after --idle-timeout; traffic keeps it open', async () => {
    const busy = await open(stack.bridge.ws, { origin: stack.bridge.origin });
    const idle = await open(stack.bridge.ws, { origin: stack.bridge.origin });
    const started = Date.now();
    const ticker = setInterval(() => busy.request('hello'), 200);
    const { code } = await idle.closed;
    clearInterval(ticker);
    assert.equal(code, 4001);
    assert.ok(Date.now() - started >= 550, 'not before the timeout');
    assert.equal((await busy.request('hello')).ok, true, 'the busy one is still open');
    await busy.close();
  });
});
