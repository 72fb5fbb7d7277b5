// Single enqueues that reach the bridge in the same turn leave for Valkey together (bridge/src/coalescer.js):
// each frame must still get exactly the reply it would get alone, whatever its neighbours do.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { KIND_REFUSAL, createMinter, jobKey, pendingKey } from '@echomq/branded';
import { LIBRARY_FUNCTIONS } from '@echomq/branded/valkey';

import { createCoalescer } from '../../bridge/src/coalescer.js';
import { startServer } from '../../scripts/valkey.js';
import { getJson, open, startBridge, startBridgeInProcess, ONE_ADDRESS_LOAD } from './support.js';
import { useBridgeStack } from './fixture.js';

const USR = 'USR0KHTOWnGLuC';
const MAX_PAYLOAD = 64;

function command(executor, queue, job, payload) {
  const args = ['2', jobKey(queue, job), pendingKey(queue), job, payload];
  return executor === 'native' ? ['EMQ.ENQUEUE', ...args] : ['FCALL', LIBRARY_FUNCTIONS.enqueue, ...args];
}

const enqueued = (id, queue, job, payload, executor) => ({
  id,
  ok: true,
  result: { verdict: 'enqueued', queue, job, executor, command: command(executor, queue, job, payload) },
});
const kind = (id, queue, job, payload, executor) => ({
  id,
  ok: false,
  error: { code: 'kind', message: KIND_REFUSAL, executor, command: command(executor, queue, job, payload) },
});
const duplicate = (id, queue, job, payload, executor) => ({
  id,
  ok: false,
  error: {
    code: 'duplicate',
    message: `job ${job} already exists in queue ${queue}; nothing was written`,
    executor,
    command: command(executor, queue, job, payload),
  },
});
const refused = (reply) => [reply.id, reply.ok, reply.error?.code, reply.error?.reason ?? reply.error?.limit];

// The reply ids a client receives, in arrival order.
function arrivals(client) {
  const ids = [];
  client.ws.on('message', (data) => ids.push(JSON.parse(data.toString()).id));
  return ids;
}

describe('the coalescer alone', () => {
  const added = (coalescer, executor, queue, item) =>
    new Promise((resolve, reject) => coalescer.add(executor, queue, item, { resolve, reject }));
  const manualTurns = () => {
    const due = [];
    return { schedule: (flush) => due.push(flush), endTurn: () => due.splice(0).forEach((flush) => flush()), due };
  };

  it('one run per (executor, queue) and turn, items in arrival order, each answer to its own item', async () => {
    const turns = manualTurns();
    const runs = [];
    const coalescer = createCoalescer(async (executor, queue, items) => {
      runs.push([executor, queue, items]);
      return items.map((item) =>
        item.startsWith('bad') ? new Error(`refused ${item}`) : `${executor}/${queue}/${item}`,
      );
    }, turns.schedule);
    const settled = [
      added(coalescer, 'script', 'a', 'x1'),
      added(coalescer, 'native', 'a', 'y1'),
      added(coalescer, 'script', 'b', 'z1'),
      added(coalescer, 'script', 'a', 'bad2'),
      added(coalescer, 'script', 'a', 'x3'),
    ].map((p) =>
      p.then(
        (value) => ({ value }),
        (error) => ({ error: error.message }),
      ),
    );
    assert.equal(turns.due.length, 1, 'one flush scheduled for the whole turn');
    turns.endTurn();
    assert.deepEqual(await Promise.all(settled), [
      { value: 'script/a/x1' },
      { value: 'native/a/y1' },
      { value: 'script/b/z1' },
      { error: 'refused bad2' },
      { value: 'script/a/x3' },
    ]);
    assert.deepEqual(runs, [
      ['script', 'a', ['x1', 'bad2', 'x3']],
      ['script', 'b', ['z1']],
      ['native', 'a', ['y1']],
    ]);
    const next = added(coalescer, 'script', 'a', 'x4');
    assert.equal(turns.due.length, 1, 'the next turn schedules its own flush');
    turns.endTurn();
    assert.equal(await next, 'script/a/x4');
    assert.equal(runs.length, 4);
  });

  it('a run that fails rejects each of its items with that failure, and no item of another run', async () => {
    const turns = manualTurns();
    const coalescer = createCoalescer(async (executor, queue) => {
      if (queue === 'down') throw new Error('connection lost');
      return ['fine'];
    }, turns.schedule);
    const down = [added(coalescer, 'script', 'down', 1), added(coalescer, 'script', 'down', 2)];
    const up = added(coalescer, 'script', 'up', 3);
    turns.endTurn();
    for (const item of down) await assert.rejects(item, /connection lost/);
    assert.equal(await up, 'fine');
  });
});

describe('coalesced enqueues through the bridge', () => {
  const jobs = createMinter({ namespace: 'JOB', node: 40 });

  const stack = useBridgeStack({
    server: { module: true },
    args: [...ONE_ADDRESS_LOAD, '--rate', '100000', '--max-payload', String(MAX_PAYLOAD)],
    direct: true,
  });

  const coalesced = async () => (await getJson(`${stack.bridge.http}/metrics`)).body.coalesced;

  it("many sessions, one turn, mixed frames: each reply exact, each session's enqueues answered in its order", async () => {
    const clients = await Promise.all(
      Array.from({ length: 6 }, () => open(stack.bridge.ws, { origin: stack.bridge.origin })),
    );
    const seen = clients.map(arrivals);
    const shared = jobs.next(); // every session enqueues it: exactly one wins
    const plans = clients.map((_, c) => {
      const [a, b, d] = [jobs.next(), jobs.next(), jobs.next()];
      const frame = (i, fields) => ({ id: `${c}-${i}`, op: 'enqueue', ...fields });
      return [
        [frame(0, { queue: 'demo.co', job: a, payload: `a${c}` }), enqueued(`${c}-0`, 'demo.co', a, `a${c}`, 'script')],
        [frame(1, { queue: 'demo.co', job: USR, payload: 'u' }), kind(`${c}-1`, 'demo.co', USR, 'u', 'script')],
        [
          frame(2, { queue: 'demo.co', job: a, payload: 'again' }),
          duplicate(`${c}-2`, 'demo.co', a, 'again', 'script'),
        ],
        [frame(3, { queue: 'demo.co', job: 'job-42' }), [`${c}-3`, false, 'malformed', 'length']],
        [frame(4, { queue: 'other', job: b }), [`${c}-4`, false, 'forbidden', undefined]],
        [
          frame(5, { queue: 'demo.co', job: b, payload: 'x'.repeat(MAX_PAYLOAD + 1) }),
          [`${c}-5`, false, 'too_large', MAX_PAYLOAD],
        ],
        [
          frame(6, { queue: 'demo.co.n', job: b, payload: `b${c}`, executor: 'native' }),
          enqueued(`${c}-6`, 'demo.co.n', b, `b${c}`, 'native'),
        ],
        [
          frame(7, { queue: 'demo.co.n', job: USR, executor: 'native' }),
          kind(`${c}-7`, 'demo.co.n', USR, '', 'native'),
        ],
        [frame(8, { queue: 'demo.co', job: 5 }), [`${c}-8`, false, 'bad_request', undefined]],
        [frame(9, { queue: 'demo.co', job: d, payload: `d${c}` }), enqueued(`${c}-9`, 'demo.co', d, `d${c}`, 'script')],
        [frame(10, { queue: 'demo.co.s', job: shared, payload: `s${c}` }), null],
      ];
    });
    const before_ = await coalesced();
    const replies = await Promise.all(clients.map((client, c) => client.burst(plans[c].map(([frame]) => frame))));

    replies.forEach((sessionReplies, c) =>
      plans[c].forEach(([, expected], i) => {
        const reply = sessionReplies[i];
        if (expected === null) return;
        assert.deepEqual(Array.isArray(expected) ? refused(reply) : reply, expected, `session ${c}, frame ${i}`);
      }),
    );
    const sharedReplies = replies.map((r) => r.at(-1));
    assert.equal(sharedReplies.filter((r) => r.ok).length, 1, 'one session wrote the shared job');
    assert.deepEqual(
      sharedReplies.filter((r) => !r.ok).map((r) => r.error.code),
      Array(clients.length - 1).fill('duplicate'),
    );
    seen.forEach((ids, c) => {
      const inOrder = (frames) =>
        assert.deepEqual(
          ids.filter((id) => frames.includes(id)),
          frames,
          `session ${c}`,
        );
      inOrder([0, 1, 2, 9].map((i) => `${c}-${i}`));
      inOrder([6, 7].map((i) => `${c}-${i}`));
    });

    const after_ = await coalesced();
    const sent = clients.length * 7; // frames 0, 1, 2, 6, 7, 9, 10 of each session reach Valkey
    assert.equal(after_.enqueues - before_.enqueues, sent);
    assert.ok(
      after_.batches - before_.batches <= clients.length * 3,
      `coalesced: ${JSON.stringify([before_, after_])}`,
    );
    for (const [c, plan] of plans.entries()) {
      const { job, payload } = plan[0][0];
      assert.equal(
        await stack.direct.hget(jobKey('demo.co', job), 'payload'),
        payload,
        `session ${c}: the first write stands`,
      );
    }
    assert.equal(await stack.direct.zcard(pendingKey('demo.co')), clients.length * 2);
    assert.equal(await stack.direct.zcard(pendingKey('demo.co.n')), clients.length);
    assert.equal(await stack.direct.exists(jobKey('demo.co', USR), jobKey('demo.co.n', USR)), 0);
    await Promise.all(clients.map((c) => c.close()));
  });

  it("a queue Valkey fails on: each of its frames gets `unavailable` (nothing written, no server text); the other queue's frames are enqueued", async () => {
    await stack.direct.set(pendingKey('demo.broken'), 'not a sorted set');
    const clients = await Promise.all(
      Array.from({ length: 3 }, () => open(stack.bridge.ws, { origin: stack.bridge.origin })),
    );
    const plans = clients.map(() =>
      Array.from({ length: 8 }, (_, i) => ({
        op: 'enqueue',
        queue: i % 2 ? 'demo.broken' : 'demo.fine',
        job: jobs.next(),
      })),
    );
    const replies = await Promise.all(clients.map((client, c) => client.burst(plans[c])));
    replies.forEach((sessionReplies, c) =>
      sessionReplies.forEach((reply, i) => {
        const { queue, job } = plans[c][i];
        if (queue === 'demo.fine') {
          assert.deepEqual(reply.result, enqueued(reply.id, queue, job, '', 'script').result);
        } else {
          assert.deepEqual([reply.error?.code, reply.error?.written], ['unavailable', 'no'], JSON.stringify(reply));
          assert.doesNotMatch(reply.error.message, /WRONGTYPE|script|[0-9a-f]{40}/);
        }
      }),
    );
    assert.equal(await stack.direct.zcard(pendingKey('demo.fine')), clients.length * 4);
    await Promise.all(clients.map((c) => c.close()));
  });
});

describe('coalesced enqueues while Valkey stops answering (SIGSTOP)', () => {
  it('each frame of the stalled batch is `unavailable` after --valkey-timeout; the checks refused the rest as before', async () => {
    const valkey = await startServer({ module: true });
    const bridge = await startBridge([
      ...ONE_ADDRESS_LOAD,
      '--valkey',
      valkey.url,
      '--valkey-timeout',
      '800',
      '--rate',
      '100000',
    ]);
    const clients = await Promise.all(Array.from({ length: 3 }, () => open(bridge.ws, { origin: bridge.origin })));
    const minter = createMinter({ namespace: 'JOB', node: 41 });
    try {
      const plans = clients.map(() => [
        { op: 'enqueue', queue: 'demo.stall', job: minter.next() },
        { op: 'enqueue', queue: 'demo.stall', job: 'JOB-42' },
        { op: 'enqueue', queue: 'demo.stall', job: minter.next(), executor: 'native' },
        { op: 'enqueue', queue: 'elsewhere', job: minter.next() },
        { op: 'enqueue', queue: 'demo.stall', job: minter.next() },
      ]);
      process.kill(valkey.pid, 'SIGSTOP');
      const replies = await Promise.all(clients.map((client, c) => client.burst(plans[c])));
      for (const sessionReplies of replies) {
        assert.deepEqual(
          sessionReplies.map((r) => r.error?.code),
          ['unavailable', 'malformed', 'unavailable', 'forbidden', 'unavailable'],
        );
        assert.deepEqual(
          [0, 2, 4].map((i) => sessionReplies[i].error.written),
          ['maybe', 'maybe', 'maybe'],
          'sent, outcome unknown',
        );
      }
      process.kill(valkey.pid, 'SIGCONT');
      // The stalled writes may have run once Valkey woke up: re-sending is answered enqueued or duplicate
      // (while the bridge has not yet seen Valkey answer again, `unavailable` with nothing written).
      for (const [c, plan] of plans.entries()) {
        for (const frame of [plan[0], plan[2], plan[4]]) {
          const { op, ...fields } = frame;
          let again = await clients[c].request(op, fields);
          for (
            let tries = 0;
            again.error?.code === 'unavailable' && again.error.written === 'no' && tries < 100;
            tries += 1
          ) {
            await new Promise((r) => setTimeout(r, 50));
            again = await clients[c].request(op, fields);
          }
          assert.ok(again.ok || again.error.code === 'duplicate', JSON.stringify(again));
        }
      }
    } finally {
      process.kill(valkey.pid, 'SIGCONT');
      await Promise.all(clients.map((c) => c.close()));
      await bridge.stop();
      await valkey.stop();
    }
  });
});

// The bridge-wide budget keeps a tenth for single commands, which enqueueMany batches may not take. Single
// enqueues that leave together are still singles: their run draws on that tenth like one enqueue alone. The
// bridge runs in this process on a frozen clock: the budget starts full and never refills, whatever the
// machine's speed.
describe('coalesced single enqueues under a spent bridge-wide budget', () => {
  const BUDGET = 100;
  let valkey;
  let bridge;
  before(async () => {
    valkey = await startServer({ module: true });
    bridge = await startBridgeInProcess(
      [
        '--valkey',
        valkey.url,
        ...ONE_ADDRESS_LOAD,
        '--budget',
        String(BUDGET),
        '--max-batch',
        String(BUDGET * 0.9),
        '--ip-budget',
        '100000',
      ],
      { now: () => 0 },
    );
  });
  after(async () => {
    await bridge?.stop();
    await valkey?.stop();
  });

  it('a batch takes the budget down to the reserve; ten singles in one turn still draw on it; the next batch is `busy`', async () => {
    const client = await open(bridge.ws, { origin: bridge.origin });
    const minter = createMinter({ namespace: 'JOB', node: 42 });
    const items = (n) => Array.from({ length: n }, () => ({ job: minter.next() }));
    try {
      const batch = await client.request('enqueueMany', { queue: 'demo.reserve', items: items(BUDGET * 0.9) });
      assert.equal(batch.ok, true, JSON.stringify(batch));
      const singles = await client.burst(
        items(BUDGET / 10).map(({ job }) => ({ op: 'enqueue', queue: 'demo.reserve', job })),
      );
      assert.deepEqual(
        singles.map((r) => (r.ok ? r.result.verdict : refused(r))),
        Array(BUDGET / 10).fill('enqueued'),
      );
      const next = await client.request('enqueueMany', { queue: 'demo.reserve', items: items(2) });
      assert.deepEqual(refused(next).slice(1), [false, 'busy', 'budget']);
      const single = await client.request('enqueue', { queue: 'demo.reserve', job: minter.next() });
      assert.deepEqual(refused(single).slice(1), [false, 'busy', 'budget'], 'the reserve is spent too');
    } finally {
      await client.close();
    }
  });
});
