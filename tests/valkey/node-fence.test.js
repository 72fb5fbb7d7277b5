// The node fence (EMQ.FENCE) on one cluster-mode node, where every step is deterministic: claimed, kept through
// kill -9 and a restart from the AOF (the command replayed) and from a rewritten AOF (the RDB preamble's aux
// data); refused on a standalone node. And the connector's opt-in durability on a standalone node: what was
// reached, typed, when it falls short.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FENCE_VALUE, NODE_FENCE_COMMAND, encode, jobKey } from '@echomq/branded';
import { DurabilityError, connect } from '@echomq/branded/valkey';
import { freePort, waitFor } from '../../scripts/valkey.js';
import { rawClient, replyOf, serverFor } from './support.js';

const clusterNodeArgs = async () => [
  '--cluster-enabled',
  'yes',
  '--cluster-config-file',
  'nodes.conf',
  '--cluster-port',
  String(await freePort()),
];

async function rewriteAof(client) {
  await client.call('BGREWRITEAOF');
  await waitFor(
    async () => /aof_rewrite_in_progress:0[\s\S]*aof_rewrite_scheduled:0/.test(await client.info('persistence')),
    'the AOF rewrite',
  );
}

// appendfsync everysec may hold a write back while an fsync is slow (a busy disk): a kill -9 then loses it.
// WAITAOF 1 0 waits until the local AOF holds every write so far, so the restart replays what was answered.
async function fsynced(client) {
  assert.deepEqual(await client.call('WAITAOF', '1', '0', '0'), [1, 0]);
}

describe('the node fence on a cluster-mode node', () => {
  test('claimed once, then kept through kill -9 and restarts from the AOF and from a rewritten AOF', async (t) => {
    const server = await serverFor(t, { module: true, library: false, args: await clusterNodeArgs() });
    let client = await rawClient(t, server);
    assert.equal(await client.call(NODE_FENCE_COMMAND, 'GET'), null);
    assert.equal(await client.call(NODE_FENCE_COMMAND, 'CLAIM', FENCE_VALUE), FENCE_VALUE);
    assert.equal(await client.call(NODE_FENCE_COMMAND, 'CLAIM', 'echomq:5.0.0'), FENCE_VALUE, 'a claim never replaces');
    await fsynced(client);

    client.disconnect();
    await server.restart(); // kill -9, then the AOF: the CLAIM replayed
    client = await rawClient(t, server);
    assert.equal(await client.call(NODE_FENCE_COMMAND, 'GET'), FENCE_VALUE);

    await rewriteAof(client);
    client.disconnect();
    await server.restart(); // the rewritten AOF's RDB preamble: the aux data
    client = await rawClient(t, server);
    assert.equal(await client.call(NODE_FENCE_COMMAND, 'GET'), FENCE_VALUE);
    await client.flushall();
    assert.equal(await client.call(NODE_FENCE_COMMAND, 'GET'), FENCE_VALUE, 'outside the keyspace');

    assert.equal(await client.call(NODE_FENCE_COMMAND, 'SET', 'echomq:3.0.0'), 'echomq:3.0.0');
    await fsynced(client);
    client.disconnect();
    await server.restart();
    client = await rawClient(t, server);
    assert.equal(await client.call(NODE_FENCE_COMMAND, 'GET'), 'echomq:3.0.0');
    assert.match((await replyOf(client.call(NODE_FENCE_COMMAND, 'CLAIM'))).error, /wrong number of arguments/);
  });

  test('refused on a standalone node, whose fence is the key', async (t) => {
    const server = await serverFor(t, { module: true });
    const client = await rawClient(t, server);
    for (const args of [['GET'], ['CLAIM', FENCE_VALUE], ['SET', FENCE_VALUE]])
      assert.deepEqual(await replyOf(client.call(NODE_FENCE_COMMAND, ...args)), {
        error: "ERR EMQ.FENCE is a cluster node's fence; a standalone node's fence is the key {emq}:version",
      });
    assert.equal(await client.dbsize(), 0);
  });
});

describe('durability on a standalone node', () => {
  const id = encode('JOB', 77n);

  test('no replica to reach: a DurabilityError saying what was reached; the write exists on the primary', async (t) => {
    const server = await serverFor(t, { module: true });
    const client = await rawClient(t, server);
    const connection = await connect(server.url, { durability: { replicas: 1, timeoutMs: 50 } });
    t.after(() => connection.close());
    for (const executor of ['script', 'native']) {
      const queue = `durable-${executor}`;
      await assert.rejects(
        connection.enqueue(queue, id, 'p', { executor }),
        (error) =>
          error instanceof DurabilityError &&
          error.code === 'durability' &&
          error.written === 'maybe' &&
          error.verdict === 'enqueued' &&
          error.reached.replicas === 0 &&
          /reached 0 replica\(s\); written: maybe/.test(error.message),
      );
      assert.equal(await client.exists(jobKey(queue, id)), 1);
    }
    const [outcome] = await connection.enqueueMany('durable-script', [[id, 'again']]);
    assert.equal(outcome.verdict, 'refused');
    assert.equal(outcome.error.verdict, 'duplicate');
  });

  test('the local AOF fsynced (WAITAOF 1 0): acknowledged; a call may turn durability off', async (t) => {
    const server = await serverFor(t, { module: true, appendfsync: 'always' });
    const connection = await connect(server.url, { durability: { replicas: 0, aof: true, timeoutMs: 60_000 } });
    t.after(() => connection.close());
    assert.deepEqual(connection.durability, { replicas: 0, aof: true, timeoutMs: 60_000 });
    assert.equal(await connection.enqueue('aof', id, 'p', { executor: 'native' }), 'enqueued');
    assert.equal(await connection.enqueue('aof', id, 'p', { durability: null }), 'duplicate');
  });

  test('a bad durability setting is a TypeError, before anything is sent', async (t) => {
    const server = await serverFor(t);
    const client = await rawClient(t, server);
    const connection = await connect(server.url);
    t.after(() => connection.close());
    for (const durability of [{ replicas: -1 }, { aof: 'yes' }, { timeoutMs: 0 }, { replicas: 0 }, { wait: 1 }, 5])
      await assert.rejects(connection.enqueue('bad', id, 'p', { durability }), TypeError);
    await assert.rejects(connect(server.url, { durability: { replicas: 1.5 } }), TypeError);
    assert.equal(await client.exists(jobKey('bad', id)), 0);
  });
});
