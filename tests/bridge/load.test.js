// 100 concurrent clients x 200 enqueues through one bridge: every ack correct, every acked row present.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { createMinter } from '@echomq/branded';

import { open, ONE_ADDRESS_LOAD } from './support.js';
import { useBridgeStack } from './fixture.js';

const CLIENTS = 100;
const PER_CLIENT = 200;
const WINDOW = 16; // requests each client keeps in flight

async function enqueueAll(client, jobs, executor) {
  const replies = [];
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      replies.push([job, await client.request('enqueue', { queue: 'demo.load', job, payload: job, executor })]);
    }
  };
  await Promise.all(Array.from({ length: WINDOW }, lane));
  return replies;
}

describe('load', () => {
  const stack = useBridgeStack({
    server: { module: true },
    args: [...ONE_ADDRESS_LOAD, '--rate', '100000', '--max-connections', String(CLIENTS + 5)],
    direct: true,
  });

  it(`${CLIENTS} clients x ${PER_CLIENT} enqueues: every ack is enqueued and every acked row is stored`, async (t) => {
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, () => open(stack.bridge.ws, { origin: stack.bridge.origin })),
    );
    const jobsOf = clients.map((_, c) => {
      const minter = createMinter({ namespace: 'JOB', node: c });
      return Array.from({ length: PER_CLIENT }, () => minter.next());
    });
    const started = performance.now();
    const results = await Promise.all(
      clients.map((client, c) => enqueueAll(client, jobsOf[c], c % 2 ? 'native' : 'script')),
    );
    const seconds = (performance.now() - started) / 1000;
    const replies = results.flat();
    assert.equal(replies.length, CLIENTS * PER_CLIENT);
    const wrong = replies.filter(([job, r]) => !(r.ok && r.result.verdict === 'enqueued' && r.result.job === job));
    assert.deepEqual(wrong.slice(0, 3), []);
    const pipeline = stack.direct.pipeline();
    for (const [job] of replies) pipeline.hget(`emq:{demo.load}:job:${job}`, 'payload');
    const stored = await pipeline.exec();
    assert.ok(
      stored.every(([error, payload], i) => error === null && payload === replies[i][0]),
      'every row holds its payload',
    );
    assert.equal(await stack.direct.zcard('emq:{demo.load}:pending'), CLIENTS * PER_CLIENT);
    t.diagnostic(
      `${CLIENTS * PER_CLIENT} enqueues in ${seconds.toFixed(2)} s: ${Math.round((CLIENTS * PER_CLIENT) / seconds)} acks/s end to end`,
    );
    await Promise.all(clients.map((c) => c.close()));
  });
});
