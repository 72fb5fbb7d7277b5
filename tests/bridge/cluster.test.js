// The bridge in front of a 3-primary Valkey Cluster (--cluster): the script executor without the module; both
// executors, and --durability, with it on every node.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { createMinter } from '@echomq/branded';

import { startCluster } from '../../scripts/valkey.js';
import { open, startBridge } from './support.js';

describe('cluster', () => {
  let cluster;
  let bridge;
  let client;

  before(async () => {
    cluster = await startCluster({});
    const urls = cluster.nodes.map((node) => node.url).join(',');
    bridge = await startBridge(['--cluster', urls]);
    client = await open(bridge.ws, { origin: bridge.origin });
  });
  after(async () => {
    await client?.close();
    await bridge?.stop();
    await cluster?.stop();
  });

  it('hello says cluster with the script executor only; enqueues land in every queue; native is unavailable', async () => {
    const hello = (await client.request('hello')).result;
    assert.deepEqual([hello.valkey.mode, hello.executors, hello.fence.state], ['cluster', ['script'], 'ok']);
    const minter = createMinter({ namespace: 'JOB', node: 5 });
    for (let q = 0; q < 20; q += 1) {
      const queue = `demo.c${q}`;
      const job = minter.next();
      const reply = await client.request('enqueue', { queue, job, payload: queue });
      assert.equal(reply.ok, true, JSON.stringify(reply));
      const row = await client.request('job', { queue, job });
      assert.equal(row.result.row.payload, queue);
    }
    const native = await client.request('enqueue', { queue: 'demo', job: minter.next(), executor: 'native' });
    assert.equal(native.error?.code, 'unavailable');
    assert.equal((await client.request('gateCompare', { job: minter.next() })).error?.code, 'unavailable');
  });
});

describe('cluster with the module on every node, --durability 1', () => {
  let cluster;
  let bridge;
  let client;

  before(async () => {
    cluster = await startCluster({ replicas: 1, module: true });
    const urls = cluster.nodes.map((node) => node.url).join(',');
    bridge = await startBridge(['--cluster', urls, '--durability', '1']);
    client = await open(bridge.ws, { origin: bridge.origin });
  });
  after(async () => {
    await client?.close();
    await bridge?.stop();
    await cluster?.stop();
  });

  it('hello offers both executors; each enqueue is acknowledged once a replica has it', async () => {
    const hello = (await client.request('hello')).result;
    assert.deepEqual([hello.valkey.mode, hello.executors], ['cluster', ['script', 'native']]);
    // The slot map: every slot once, in order, on the three primaries.
    assert.equal(hello.slots[0][0], 0);
    assert.equal(hello.slots.at(-1)[1], 16383);
    for (let i = 1; i < hello.slots.length; i += 1) assert.equal(hello.slots[i][0], hello.slots[i - 1][1] + 1);
    assert.equal(new Set(hello.slots.map(([, , node]) => node)).size, 3);
    const minter = createMinter({ namespace: 'JOB', node: 6 });
    for (const executor of ['script', 'native'])
      for (let q = 0; q < 10; q += 1) {
        const queue = `demo.d${q}`;
        const job = minter.next();
        const reply = await client.request('enqueue', { queue, job, payload: executor, executor });
        assert.equal(reply.ok, true, JSON.stringify(reply));
        assert.equal((await client.request('job', { queue, job })).result.row.payload, executor);
      }
  });
});
