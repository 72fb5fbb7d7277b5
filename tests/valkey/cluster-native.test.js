// Both executors on a real 3-primary, 3-replica Valkey Cluster with the emq module on every node: the node
// fence claimed on every primary and replicated, both executors writing the same rows on queues over every
// primary, keys routed and checked as for a script (CROSSSLOT, MOVED), a foreign node fence refused, a node
// added after connect claimed before it takes a write, slot moves (classic and atomic) under load, and kill -9
// of a primary under load with durability on: every acknowledged job stored exactly once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FENCE_VALUE, NODE_FENCE_COMMAND, jobKey, pendingKey, slot } from '@echomq/branded';
import { FenceError, connect } from '@echomq/branded/valkey';
import { ACL_USER, aclModuleRules, aclRules } from '../../bridge/src/acl.js';
import { loadConfig } from '../../bridge/src/config.js';
import { waitFor } from '../../scripts/valkey.js';
import {
  enqueueLoad,
  jobId,
  migrateSlotClassic,
  migrateSlotsAtomic,
  nodeClient,
  ownerOf,
  queuesOnEveryPrimary,
  replicaDigests,
  storedProblems,
  underLoad,
} from './cluster-support.js';
import { clusterOf, replyOf } from './support.js';

const DEBUG = ['--enable-debug-command', 'local'];
const EXECUTORS = ['native', 'script'];
// Long enough for a failover on a busy machine (node timeout, then an election).
const RETRY_BUDGET_MS = 120_000;
const KILL_JOBS = 20_000;

describe('both executors on a 3-primary, 3-replica cluster with the module', () => {
  let cluster;
  let connection;

  before(async () => {
    cluster = await clusterOf({ module: true, args: DEBUG });
    connection = await connect({ cluster: cluster.startupNodes }, { retryBudgetMs: RETRY_BUDGET_MS });
  });
  after(async () => {
    await connection?.close();
    await cluster?.stop();
  });

  test('connect claims the node fence on every primary, and every replica holds it', async (t) => {
    const primaries = await cluster.primaries();
    assert.equal(primaries.length, 3);
    assert.deepEqual(
      connection.nodeFences.map((n) => n.found),
      [FENCE_VALUE, FENCE_VALUE, FENCE_VALUE],
    );
    for (const replica of await cluster.replicas()) {
      const client = nodeClient(t, replica);
      await waitFor(async () => (await client.call(NODE_FENCE_COMMAND, 'GET')) === FENCE_VALUE, 'the replica fence');
    }
  });

  test('64 queues over every primary: both executors answer and write the same', async () => {
    const queues = await queuesOnEveryPrimary(cluster, 'both-', 20);
    assert.ok(queues.length >= 60);
    for (const [q, queue] of queues.entries()) {
      const ids = [0, 1, 2].map((n) => jobId(q, n));
      const rows = {};
      for (const executor of EXECUTORS) {
        const name = `${queue}-${executor}`;
        assert.equal(await connection.enqueue(name, ids[0], `p-${queue}`, { executor }), 'enqueued');
        assert.equal(await connection.enqueue(name, ids[0], 'again', { executor }), 'duplicate');
        const outcomes = await connection.enqueueMany(
          name,
          [
            [ids[1], 'b'],
            [ids[0], 'dup'],
            [ids[2], 'c'],
            ['JOB-42', 'x'],
          ],
          {
            executor,
          },
        );
        assert.deepEqual(
          outcomes.map((o) => o.verdict),
          ['enqueued', 'duplicate', 'enqueued', 'refused'],
        );
        rows[executor] = { row: await connection.job(name, ids[0]), pending: await connection.pending(name) };
      }
      assert.deepEqual(rows.native, rows.script, queue);
      assert.deepEqual(rows.native.row, { state: 'pending', attempts: '0', payload: `p-${queue}` });
    }
  });

  test('streams and windows on the cluster', async () => {
    const queues = await queuesOnEveryPrimary(cluster, 'win-', 2);
    for (const [q, queue] of queues.entries()) {
      const base = (BigInt(q + 1) << 32n) * 1024n;
      const entries = [];
      for (let i = 0n; i < 5n; i++)
        entries.push(await connection.append(queue, 'events', base + i * 4194304n, { i: `${i}` }));
      const window = await connection.readWindow(queue, 'events', 1704067200000, 2 ** 41 + 1704067200000);
      assert.deepEqual(
        window.map((e) => e.id),
        entries,
      );
      const count = await connection.countWindow(queue, 'events', 1704067200000, 2 ** 41 + 1704067200000, {
        count: 10,
      });
      assert.equal(count.count, 5);
    }
  });

  test("the bridge's --print-acl user works on the cluster: both executors, durability, the node fence", async (t) => {
    const seeds = cluster.startupNodes.map((n) => `redis://${n.host}:${n.port}`).join(',');
    const config = loadConfig(['--cluster', seeds, '--queues', 'acl-*']);
    for (const node of cluster.nodes) {
      const admin = nodeClient(t, node);
      assert.equal(
        await admin.call('ACL', 'SETUSER', ACL_USER, ...aclRules(config, 'secret', { databases: true })),
        'OK',
      );
      assert.equal(await admin.call('ACL', 'SETUSER', ACL_USER, ...aclModuleRules()), 'OK');
    }
    const user = await connect(
      { cluster: cluster.startupNodes, redisOptions: { username: ACL_USER, password: 'secret' } },
      { scripts: 'functions', durability: { replicas: 1, timeoutMs: 10_000 } },
    );
    t.after(() => user.close());
    for (const executor of EXECUTORS)
      assert.equal(await user.enqueue(`acl-${executor}`, jobId(899, 1), 'p', { executor }), 'enqueued');
    assert.deepEqual(
      user.nodeFences.map((n) => n.found),
      [FENCE_VALUE, FENCE_VALUE, FENCE_VALUE],
    );
  });

  test('keys declared: CROSSSLOT and MOVED as for a script', async (t) => {
    const id = jobId(900, 1);
    const [home, elsewhere] = ['route-a', 'route-b'];
    const owner = await ownerOf(cluster, slot(`{${home}}`));
    const other = (await cluster.primaries()).find((node) => node.port !== owner.port);
    const [onOwner, onOther] = [nodeClient(t, owner.node), nodeClient(t, other)];
    const native = (client, job, pending) => replyOf(client.call('EMQ.ENQUEUE', 2, job, pending, id, 'p'));
    const script = (client, job, pending) => replyOf(client.eval('return 1', 2, job, pending));
    const cross = [jobKey(home, id), pendingKey(elsewhere)];
    if (slot(cross[0]) !== slot(cross[1])) {
      assert.match((await native(onOwner, ...cross)).error, /^CROSSSLOT /);
      assert.deepEqual(await native(onOwner, ...cross), await script(onOwner, ...cross));
    }
    const keys = [jobKey(home, id), pendingKey(home)];
    const moved = await native(onOther, ...keys);
    assert.equal(moved.error, `MOVED ${slot(keys[0])} 127.0.0.1:${owner.port}`);
    assert.deepEqual(moved, await script(onOther, ...keys));
    assert.equal(await onOther.call('CLUSTER', 'COUNTKEYSINSLOT', slot(keys[0])), 0);
  });

  test('a primary with a foreign node fence refuses, naming what it found; connect refuses too', async (t) => {
    const queue = 'foreign-q';
    const owner = await ownerOf(cluster, slot(`{${queue}}`));
    const admin = nodeClient(t, owner.node);
    assert.equal(await admin.call(NODE_FENCE_COMMAND, 'SET', 'echomq:3.0.0'), 'echomq:3.0.0');
    try {
      await assert.rejects(
        connection.enqueue(queue, jobId(901, 1), 'p', { executor: 'native' }),
        (error) =>
          error instanceof FenceError &&
          error.message === 'EMQFENCE EMQ.FENCE found "echomq:3.0.0", expected "echomq:4.0.0"' &&
          error.found === '"echomq:3.0.0"',
      );
      assert.equal(await admin.exists(jobKey(queue, jobId(901, 1)), pendingKey(queue)), 0);
      await assert.rejects(
        connect({ cluster: cluster.startupNodes }),
        (error) =>
          error instanceof FenceError && error.node === `127.0.0.1:${owner.port}` && error.found === 'echomq:3.0.0',
      );
    } finally {
      await admin.call(NODE_FENCE_COMMAND, 'SET', FENCE_VALUE);
    }
    assert.equal(await connection.enqueue(queue, jobId(901, 1), 'p', { executor: 'native' }), 'enqueued');
  });

  test('a node added after connect holds no fence, and is claimed before it takes a write', async (t) => {
    const added = await cluster.addNode();
    const client = nodeClient(t, added);
    assert.equal(await client.call(NODE_FENCE_COMMAND, 'GET'), null);
    const queue = 'moved-q';
    await connection.enqueue(queue, jobId(902, 0), 'before', { executor: 'native' });
    await migrateSlotClassic(t, cluster, slot(`{${queue}}`), added);
    assert.equal(await client.call(NODE_FENCE_COMMAND, 'GET'), null, 'a slot move does not give a fence');
    assert.equal(await connection.enqueue(queue, jobId(902, 1), 'after', { executor: 'native' }), 'enqueued');
    assert.equal(await client.call(NODE_FENCE_COMMAND, 'GET'), FENCE_VALUE);
    assert.deepEqual(await client.zrange(pendingKey(queue), 0, -1), [jobId(902, 0), jobId(902, 1)].sort());
    assert.deepEqual(await client.hgetall(jobKey(queue, jobId(902, 1))), {
      state: 'pending',
      attempts: '0',
      payload: 'after',
    });
  });

  for (const [how, move] of [
    ['classic MIGRATE/ASKING', (t, s, target) => migrateSlotClassic(t, cluster, s, target)],
    ['atomic CLUSTER MIGRATESLOTS', (t, s, target) => migrateSlotsAtomic(t, cluster, s, s, target)],
  ]) {
    test(`a slot moved (${how}) under load, both executors: every acknowledged job stored once, in its slot`, async (t) => {
      const run = how.startsWith('classic') ? 910 : 920;
      // Acknowledged once a replica has it: a failover the machine's load might cause loses no acknowledged job.
      const durable = await connect(
        { cluster: cluster.startupNodes },
        { retryBudgetMs: RETRY_BUDGET_MS, durability: { replicas: 1, timeoutMs: 10_000 } },
      );
      t.after(() => durable.close());
      const queues = [`${run}-moving`, ...(await queuesOnEveryPrimary(cluster, `${run}-still-`, 1))];
      const movingSlot = slot(`{${queues[0]}}`);
      const owner = await ownerOf(cluster, movingSlot);
      const topology = await cluster.topology();
      const replicated = new Set(topology.filter((n) => !n.primary && !n.failed).map((n) => n.primaryId));
      const target = topology.find((n) => n.primary && replicated.has(n.id) && n.port !== owner.port).node;
      const results = await underLoad(
        (stop) =>
          EXECUTORS.map((executor, e) =>
            enqueueLoad(durable, queues, {
              run: run + e,
              batch: 20,
              stop: (n) => stop(n, 4000),
              options: { executor },
            }),
          ),
        async () => {
          const ownerClient = nodeClient(t, owner.node);
          const keysThere = () => ownerClient.call('CLUSTER', 'COUNTKEYSINSLOT', movingSlot);
          await waitFor(async () => (await keysThere()) > 200, 'load on the moving slot');
          await move(t, movingSlot, target);
        },
      );
      for (const { refused } of results) assert.deepEqual(refused, []);
      const acked = new Map();
      for (const { acked: perQueue } of results)
        for (const [queue, ids] of perQueue) acked.set(queue, new Set([...(acked.get(queue) ?? []), ...ids]));
      assert.deepEqual(await storedProblems(t, cluster, acked), []);
      t.diagnostic(`${[...acked.values()].reduce((n, ids) => n + ids.size, 0)} jobs acknowledged across the move`);
    });
  }

  test(`kill -9 of a primary under load with durability on: ${KILL_JOBS} jobs, acknowledged = stored`, async (t) => {
    const durable = await connect(
      { cluster: cluster.startupNodes },
      { retryBudgetMs: RETRY_BUDGET_MS, durability: { replicas: 1, timeoutMs: 2000 } },
    );
    t.after(() => durable.close());
    const topology = await cluster.topology();
    const withReplica = new Set(topology.filter((n) => !n.primary && !n.failed).map((n) => n.primaryId));
    const victim = topology.find((n) => n.primary && withReplica.has(n.id));
    const queues = await queuesOnEveryPrimary(cluster, 'kill-', 4);
    const victimClient = nodeClient(t, victim.node);
    const victimSlot = Number(victim.slots[0].split('-')[0]);
    const results = await underLoad(
      (stop) =>
        EXECUTORS.map((executor, e) =>
          enqueueLoad(durable, queues, {
            run: 930 + e,
            batch: 50,
            stop: (n) => stop(n, KILL_JOBS / 2),
            options: { executor },
          }),
        ),
      async () => {
        await waitFor(async () => (await victimClient.dbsize()) > 2000, 'load on the victim');
        await victim.node.kill();
        // The victim's replica takes over; the victim comes back as its replica, while the load goes on.
        await waitFor(async () => {
          const owner = await ownerOf(cluster, victimSlot);
          return owner !== undefined && owner.port !== victim.port;
        }, 'a replica to take over');
        await victim.node.launch();
        await cluster.settled();
      },
    );
    const acked = new Map();
    let refused = 0;
    for (const result of results) {
      refused += result.refused.length;
      for (const { error } of result.refused) assert.ok(['durability', 'unknown'].includes(error.code), error.message);
      for (const [queue, ids] of result.acked) acked.set(queue, new Set([...(acked.get(queue) ?? []), ...ids]));
    }
    const total = [...acked.values()].reduce((n, ids) => n + ids.size, 0);
    assert.ok(total >= KILL_JOBS, `${total} acknowledged, ${refused} refused`);
    assert.deepEqual(await storedProblems(t, cluster, acked), []);
    t.diagnostic(`${total} acknowledged and stored through the failover; ${refused} not acknowledged (typed)`);
  });

  test("every replica's DEBUG DIGEST equals its primary's", async (t) => {
    const pairs = await replicaDigests(t, cluster);
    assert.ok(pairs.length >= 3);
    for (const { replica } of pairs) {
      const client = nodeClient(t, cluster.node(replica));
      assert.equal(await client.call(NODE_FENCE_COMMAND, 'GET'), FENCE_VALUE, `the fence on replica ${replica}`);
    }
  });
});
