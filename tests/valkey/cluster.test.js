// The script executor on a real 3-primary Valkey Cluster: 100 queues through the connector, every key of
// a queue on the queue's slot (CLUSTER KEYSLOT == the package's slot) and on the node that owns it; leased
// minters' keys on the one slot of {emq:lease}.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  FENCE_KEY,
  FENCE_VALUE,
  KIND_REFUSAL,
  createMinter,
  encode,
  jobKey,
  parse,
  pendingKey,
  queueKey,
  slot,
} from '@echomq/branded';
import { ExecutorError, KindError, LEASE_TAG, OutcomeUnknownError, connect } from '@echomq/branded/valkey';
import { Valkey } from 'iovalkey';
import { startCluster } from '../../scripts/valkey.js';

const QUEUES = Array.from({ length: 100 }, (_, i) => `queue-${String(i).padStart(3, '0')}`);
const snowflakeOf = (q, n) => (BigInt(q + 1) << 32n) + BigInt(n) * 4099n;

let cluster;
let connection;
let nodes; // a plain client per primary, to ask each node what it holds

before(async () => {
  // No failover is wanted here (no replicas): a node busy for seconds on a loaded machine is not taken for failed.
  cluster = await startCluster({ nodeTimeoutMs: 30_000 });
  connection = await connect({ cluster: cluster.startupNodes });
  nodes = cluster.nodes.map((node) => new Valkey({ host: node.host, port: node.port, maxRetriesPerRequest: 0 }));
  for (const node of nodes) node.on('error', () => {}); // the last test kills a node
});
after(async () => {
  await connection?.close();
  for (const node of nodes ?? []) node.disconnect();
  await cluster?.stop();
});

/** The primary client that serves a slot, from CLUSTER SLOTS. */
async function ownerOf(keySlot) {
  const ranges = await nodes[0].cluster('SLOTS');
  const [, , [, port]] = ranges.find(([first, last]) => keySlot >= first && keySlot <= last);
  return nodes.find((node) => node.options.port === port);
}

describe('the connector on a 3-primary cluster', () => {
  test('the cluster is up and the fence is claimed on the node of {emq}', async () => {
    assert.equal(cluster.nodes.length, 3);
    for (const node of nodes) assert.match(await node.cluster('INFO'), /cluster_state:ok/);
    assert.deepEqual(connection.fence(), { state: 'ok', found: FENCE_VALUE, expected: FENCE_VALUE });
    assert.equal(await (await ownerOf(slot(FENCE_KEY))).get(FENCE_KEY), FENCE_VALUE);
  });

  test('100 queues: verdicts correct, every key on the queue slot and on the node serving it', async () => {
    for (const [q, queue] of QUEUES.entries()) {
      const ids = [0, 1, 2].map((n) => encode('JOB', snowflakeOf(q, n)));
      assert.equal(await connection.enqueue(queue, ids[0], `first-${queue}`), 'enqueued');
      assert.equal(await connection.enqueue(queue, ids[0], 'again'), 'duplicate');
      await assert.rejects(
        connection.enqueue(queue, encode('USR', snowflakeOf(q, 0)), 'p'),
        (error) => error instanceof KindError && error.message === KIND_REFUSAL,
      );
      const outcomes = await connection.enqueueMany(queue, [
        [ids[1], 'b'],
        [ids[0], 'dup'],
        [ids[2], 'c'],
        ['JOB-42', 'x'],
      ]);
      assert.deepEqual(
        outcomes.map((o) => o.verdict),
        ['enqueued', 'duplicate', 'enqueued', 'refused'],
      );
      const streamEntry = await connection.append(queue, 'events', snowflakeOf(q, 0), { f: queue });

      const queueSlot = slot(`{${queue}}`);
      const keys = [...ids.map((id) => jobKey(queue, id)), pendingKey(queue), queueKey(queue, 'events')];
      const owner = await ownerOf(queueSlot);
      for (const key of keys) {
        assert.equal(slot(key), queueSlot, key);
        assert.equal(await nodes[q % nodes.length].cluster('KEYSLOT', key), queueSlot, key);
        assert.equal(await owner.exists(key), 1, `${key} on the node serving slot ${queueSlot}`);
      }
      assert.deepEqual(await connection.pending(queue), [...ids].sort());
      assert.deepEqual(await connection.job(queue, ids[0]), {
        state: 'pending',
        attempts: '0',
        payload: `first-${queue}`,
      });
      const [entry] = await connection.readWindow(queue, 'events', 1704067200000, 2 ** 41 + 1704067200000);
      assert.equal(entry.id, streamEntry);
    }
  });

  test('the queues spread over all three primaries', async () => {
    const owners = new Set();
    for (const queue of QUEUES) owners.add((await ownerOf(slot(`{${queue}}`))).options.port);
    assert.equal(owners.size, 3);
    const keysPerNode = await Promise.all(nodes.map((node) => node.dbsize()));
    // 3 rows + pending + stream per queue, and the fence.
    assert.equal(
      keysPerNode.reduce((a, b) => a + b, 0),
      QUEUES.length * 5 + 1,
    );
  });

  test('NOSCRIPT on every node: the next enqueue still succeeds', async () => {
    await Promise.all(nodes.map((node) => node.script('FLUSH')));
    assert.equal(await connection.enqueue('queue-000', encode('JOB', 99n), 'after flush'), 'enqueued');
    const outcomes = await connection.enqueueMany('queue-001', [
      [encode('JOB', 98n), 'a'],
      [encode('JOB', 97n), 'b'],
    ]);
    assert.deepEqual(
      outcomes.map((o) => o.verdict),
      ['enqueued', 'enqueued'],
    );
  });

  test('the native executor on a cluster without the module: refused before the wire, naming the node', async () => {
    const before = await Promise.all(nodes.map((node) => node.dbsize()));
    const names = new RegExp(
      `^the native executor needs the emq module on every primary; 127\\.0\\.0\\.1:\\d+ has no emq module$`,
    );
    await assert.rejects(
      connection.enqueue('queue-000', encode('JOB', 5n), 'p', { executor: 'native' }),
      (error) => error instanceof ExecutorError && error.code === 'executor' && names.test(error.message),
    );
    await assert.rejects(
      connection.enqueueMany('queue-000', [[encode('JOB', 5n), 'p']], { executor: 'native' }),
      ExecutorError,
    );
    assert.deepEqual(await Promise.all(nodes.map((node) => node.dbsize())), before);
    assert.deepEqual(
      connection.nodeFences.map((n) => n.found),
      [null, null, null],
    );
  });

  // Last: it leaves the cluster without one of its primaries.
  test('leased minters: every lease key on the slot of {emq:lease}, on the node that serves it', async () => {
    const first = await createMinter({ namespace: 'JOB', lease: connection });
    const second = await createMinter({ namespace: 'JOB', lease: connection });
    assert.deepEqual([first.node, second.node], [0, 1]);
    assert.equal(parse(second.next()).node, 1);
    const key = `${LEASE_TAG}:node:1`;
    const owner = await ownerOf(slot(key));
    assert.equal(Number(await owner.cluster('KEYSLOT', key)), slot(LEASE_TAG));
    assert.equal(await owner.exists(key), 1);
    await Promise.all([first.close(), second.close()]);
    assert.equal(await owner.exists(key), 0);
    assert.ok(Number(await owner.get(`${LEASE_TAG}:hw:1`)) > 0);
  });

  test('a primary gone with no replica: its queues answer OutcomeUnknownError, typed, saying what was written', async () => {
    const short = await connect({ cluster: cluster.startupNodes }, { retryBudgetMs: 1000 });
    try {
      const victim = await ownerOf(slot('{queue-000}'));
      await cluster.node(victim.options.port).kill();
      await assert.rejects(
        short.enqueue('queue-000', encode('JOB', 4242n), 'p'),
        (error) =>
          error instanceof OutcomeUnknownError &&
          error.code === 'unknown' &&
          ['no', 'maybe'].includes(error.written) &&
          error.attempts > 1 &&
          new RegExp(`written: ${error.written}`).test(error.message),
      );
      const [outcome] = await short.enqueueMany('queue-000', [[encode('JOB', 4243n), 'p']]);
      assert.equal(outcome.verdict, 'refused');
      assert.ok(outcome.error instanceof OutcomeUnknownError);
    } finally {
      await short.close();
    }
  });
});
