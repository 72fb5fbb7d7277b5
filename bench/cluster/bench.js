// Enqueue on a local Valkey Cluster (3 primaries, 1 replica each, the module on every node) against one node
// (with the module), each executor; the cost of the durability setting (WAIT 1, WAITAOF 1 1); and what kill -9
// of a primary under load loses, without durability and with it. Every side runs in this run, on this machine.
// Writes bench/out/cluster.jsonl.
import { performance } from 'node:perf_hooks';
import { startCluster, startServer, waitFor } from '../../scripts/valkey.js';
import { createMinter } from '../../wasm/index.js';
import { connect } from '../../wasm/valkey.js';
import { figure, stageFile } from '../lib/figures.js';

const JOBS = Number(process.env.BENCH_CLUSTER_JOBS ?? 30_000); // per side
const KILL_JOBS = Number(process.env.BENCH_CLUSTER_KILL_JOBS ?? 40_000);
const QUEUES = Array.from({ length: 12 }, (_, i) => `bench-${i}`);
const BATCH = 500;
const PAYLOAD = '{"task":"bench"}';
const out = stageFile('cluster');
const minter = createMinter({ namespace: 'JOB', node: 2 });

// JOBS fresh jobs through enqueueMany, one batch in flight per queue; resolves jobs per second.
async function throughput(connection, options) {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    QUEUES.map(async (queue) => {
      while (next < JOBS) {
        next += BATCH;
        const items = Array.from({ length: BATCH }, () => [minter.next(), PAYLOAD]);
        const outcomes = await connection.enqueueMany(queue, items, options);
        const refused = outcomes.find((o) => o.verdict === 'refused');
        if (refused) throw refused.error;
      }
    }),
  );
  return next / ((performance.now() - start) / 1000);
}

// Enqueues until `stop()`; every acknowledged id is kept per queue, to be looked for afterwards.
async function loadUntil(connection, stop, options) {
  const acked = new Map(QUEUES.map((queue) => [queue, []]));
  let sent = 0;
  await Promise.all(
    QUEUES.map(async (queue) => {
      while (!stop(sent)) {
        const items = Array.from({ length: 50 }, () => [minter.next(), PAYLOAD]);
        sent += items.length;
        for (const outcome of await connection.enqueueMany(queue, items, options))
          if (outcome.verdict !== 'refused') acked.get(queue).push(outcome.id);
      }
    }),
  );
  return acked;
}

// kill -9 of a primary under load, its replica's takeover, its restart: how many acknowledged jobs are gone.
async function lossThroughKill(durability) {
  const cluster = await startCluster({ replicas: 1, module: true });
  try {
    const connection = await connect({ cluster: cluster.startupNodes }, { durability, retryBudgetMs: 120_000 });
    const [victim] = await cluster.primaries();
    let killedAt = null;
    const load = loadUntil(connection, (sent) => killedAt !== null && sent >= KILL_JOBS, { executor: 'native' });
    await new Promise((done) => setTimeout(done, 2000)); // the load runs a while before the kill
    killedAt = Date.now();
    await victim.kill();
    await waitFor(async () => {
      const topology = await cluster.topology();
      const gone = topology.find((n) => n.port === victim.port)?.failed;
      return gone && topology.filter((n) => n.primary && !n.failed && n.slots.length > 0).length === 3;
    }, 'a replica to take over');
    await victim.launch();
    await cluster.settled();
    const acked = await load;
    let total = 0;
    let lost = 0;
    for (const [queue, ids] of acked) {
      total += ids.length;
      const pending = new Set(await connection.pending(queue));
      lost += ids.filter((id) => !pending.has(id)).length;
    }
    await connection.close();
    return { total, lost };
  } finally {
    await cluster.stop();
  }
}

const node = await startServer({ module: true });
const cluster = await startCluster({ replicas: 1, module: true });
try {
  const single = await connect(node.url);
  const clustered = await connect({ cluster: cluster.startupNodes });
  for (const executor of ['script', 'native']) {
    const one = await throughput(single, { executor });
    const many = await throughput(clustered, { executor });
    out.add(figure(`cluster: enqueueMany ${executor}, one node`, one / 1000, 'k jobs/s'));
    out.add(figure(`cluster: enqueueMany ${executor}, 3+3 cluster`, many / 1000, 'k jobs/s'));
    out.add(figure(`cluster: ${executor}, cluster / one node`, many / one, 'x'));
  }
  const plain = await throughput(clustered, { executor: 'native' });
  const replicated = await throughput(clustered, { executor: 'native', durability: { replicas: 1, timeoutMs: 5000 } });
  const aof = await throughput(clustered, {
    executor: 'native',
    durability: { replicas: 1, aof: true, timeoutMs: 5000 },
  });
  out.add(figure('cluster: native, durability { replicas: 1 } / none', replicated / plain, 'x'));
  out.add(figure('cluster: native, durability { replicas: 1, aof } / none', aof / plain, 'x'));
  await single.close();
  await clustered.close();
} finally {
  await Promise.all([node.stop(), cluster.stop()]);
}

const without = await lossThroughKill(null);
out.add(figure('cluster: kill -9, no durability: acknowledged', without.total, 'jobs'));
out.add(figure('cluster: kill -9, no durability: acknowledged then lost', without.lost, 'jobs'));
const withWait = await lossThroughKill({ replicas: 1, timeoutMs: 2000 });
out.add(figure('cluster: kill -9, durability { replicas: 1 }: acknowledged', withWait.total, 'jobs'));
out.add(figure('cluster: kill -9, durability { replicas: 1 }: acknowledged then lost', withWait.lost, 'jobs', '<= 0'));
