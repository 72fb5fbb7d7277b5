// Shared by the cluster suites: which node serves a slot, slot moves (classic MIGRATE/ASKING and Valkey 9's
// atomic CLUSTER MIGRATESLOTS), an enqueue load that records every acknowledgement, and the replicas' digests.
// Every wait polls the cluster's own state with a generous deadline: nothing here races the clock.
import { encode, jobKey, slot } from '@echomq/branded';
import { Valkey } from 'iovalkey';
import { waitFor } from '../../scripts/valkey.js';

/** A plain client of one node (no cluster routing), closed after the test file. */
export function nodeClient(t, node) {
  const client = new Valkey({ host: node.host, port: node.port, maxRetriesPerRequest: 0 });
  client.on('error', () => {}); // a node a test killed: its commands fail on their own
  t.after(() => client.disconnect());
  return client;
}

/** The topology entry of the primary serving `keySlot` now. */
export async function ownerOf(cluster, keySlot) {
  const topology = await cluster.topology();
  const served = (range) => {
    const [first, last = first] = range.split('-').map(Number);
    return keySlot >= first && keySlot <= last;
  };
  return topology.find(
    (n) => n.primary && !n.failed && n.slots.some((range) => !range.startsWith('[') && served(range)),
  );
}

const slotCount = (ranges) =>
  ranges
    .filter((range) => !range.startsWith('['))
    .reduce((n, range) => {
      const [first, last = first] = range.split('-').map(Number);
      return n + last - first + 1;
    }, 0);

/**
 * Queue names whose slots land on every primary that serves many slots (a node given a slot or two by a
 * test is left out), `perPrimary` (at least) on each.
 */
export async function queuesOnEveryPrimary(cluster, prefix, perPrimary) {
  const primaries = (await cluster.topology()).filter((n) => n.primary && !n.failed && slotCount(n.slots) > 1000);
  const counts = new Map(primaries.map((node) => [node.port, 0]));
  const queues = [];
  for (let i = 0; [...counts.values()].some((n) => n < perPrimary); i++) {
    const queue = `${prefix}${i}`;
    const owner = await ownerOf(cluster, slot(`{${queue}}`));
    if (!counts.has(owner.port)) continue;
    counts.set(owner.port, counts.get(owner.port) + 1);
    queues.push(queue);
  }
  return queues;
}

/** A job id: JOB-namespaced, distinct for each (run, n). */
export const jobId = (run, n) => encode('JOB', (BigInt(run) << 40n) + BigInt(n));

/**
 * Enqueues batches of `batch` jobs round the queues until `stop(acknowledged)` answers true, each batch through
 * enqueueMany. Resolves { acked: Map<queue, Set<id>>, refused: [{ queue, id, error }] }: acked holds every id
 * whose outcome was enqueued or duplicate.
 */
export async function enqueueLoad(connection, queues, { run, batch = 50, stop, options = {} }) {
  const acked = new Map(queues.map((queue) => [queue, new Set()]));
  const refused = [];
  let n = 0;
  let acknowledged = 0;
  for (let round = 0; !stop(acknowledged); round++) {
    const queue = queues[round % queues.length];
    const items = Array.from({ length: batch }, (_, i) => [jobId(run, n + i), `payload ${n + i}`]);
    n += batch;
    const outcomes = await connection.enqueueMany(queue, items, options);
    for (const outcome of outcomes) {
      if (outcome.verdict === 'refused') refused.push({ queue, id: outcome.id, error: outcome.error });
      else {
        acked.get(queue).add(outcome.id);
        acknowledged += 1;
      }
    }
  }
  return { acked, refused, sent: n };
}

/**
 * Runs `during()` while the loads `start(stop)` makes run; each load stops once `stop(n, atLeast)` answers true:
 * after `during()` resolved and `atLeast` of its jobs were acknowledged, or at once when `during()` failed (then its error is
 * thrown, once every load has stopped). Resolves the loads' results.
 */
export async function underLoad(start, during) {
  let finished = false;
  let failed = false;
  const loads = start((n, atLeast) => failed || (finished && n >= atLeast));
  try {
    await during();
    finished = true;
  } catch (error) {
    failed = true;
    await Promise.allSettled(loads);
    throw error;
  }
  return Promise.all(loads);
}

/**
 * Every acknowledged job is stored exactly once: its row on the node that serves its slot, its id in the pending
 * set there, and no row for it on any other primary. Resolves a list of problems (empty when none).
 */
export async function storedProblems(t, cluster, acked) {
  const problems = [];
  const primaries = await cluster.primaries();
  const clients = new Map(primaries.map((node) => [node.port, nodeClient(t, node)]));
  for (const [queue, ids] of acked) {
    if (ids.size === 0) continue;
    const owner = await ownerOf(cluster, slot(`{${queue}}`));
    const here = clients.get(owner.port);
    const pending = new Set(await here.zrange(`emq:{${queue}}:pending`, 0, -1));
    for (const id of ids) {
      if (!pending.has(id)) problems.push(`${queue}/${id}: not in the pending set on ${owner.port}`);
      if ((await here.exists(jobKey(queue, id))) !== 1) problems.push(`${queue}/${id}: no row on ${owner.port}`);
    }
    for (const [port, other] of clients) {
      if (port === owner.port) continue;
      const stray = await other.call('CLUSTER', 'COUNTKEYSINSLOT', slot(`{${queue}}`));
      if (stray !== 0) problems.push(`${queue}: ${stray} keys of its slot on ${port}, which does not serve it`);
    }
  }
  return problems;
}

/** Moves one slot the classic way: IMPORTING/MIGRATING, MIGRATE of its keys in batches, then SETSLOT NODE. */
export async function migrateSlotClassic(t, cluster, keySlot, target) {
  const topology = await cluster.topology();
  const source = await ownerOf(cluster, keySlot);
  const to = topology.find((n) => n.port === target.port);
  const [from, into] = [nodeClient(t, source.node), nodeClient(t, target)];
  await into.call('CLUSTER', 'SETSLOT', keySlot, 'IMPORTING', source.id);
  await from.call('CLUSTER', 'SETSLOT', keySlot, 'MIGRATING', to.id);
  for (;;) {
    const keys = await from.call('CLUSTER', 'GETKEYSINSLOT', keySlot, 20);
    if (keys.length === 0) break;
    await from.call('MIGRATE', target.host, target.port, '', 0, 10_000, 'REPLACE', 'KEYS', ...keys);
  }
  await into.call('CLUSTER', 'SETSLOT', keySlot, 'NODE', to.id);
  await from.call('CLUSTER', 'SETSLOT', keySlot, 'NODE', to.id);
  await waitFor(async () => (await ownerOf(cluster, keySlot))?.port === target.port, `slot ${keySlot} to move`);
}

/** Moves slots [first, last] with Valkey 9's atomic CLUSTER MIGRATESLOTS, and waits until the target serves them. */
export async function migrateSlotsAtomic(t, cluster, first, last, target) {
  const source = await ownerOf(cluster, first);
  const to = (await cluster.topology()).find((n) => n.port === target.port);
  const from = nodeClient(t, source.node);
  await from.call('CLUSTER', 'MIGRATESLOTS', 'SLOTSRANGE', first, last, 'NODE', to.id);
  let failure = null;
  await waitFor(async () => {
    // A migration that failed or was cancelled is reported at once, in the server's own words.
    for (const job of await from.call('CLUSTER', 'GETSLOTMIGRATIONS')) {
      const fields = Object.fromEntries(job.flatMap((v, i) => (i % 2 === 0 ? [[v, job[i + 1]]] : [])));
      if (['failed', 'cancelled'].includes(fields.state)) failure = `slot migration ${fields.state}: ${fields.message}`;
    }
    if (failure !== null) return true;
    for (let s = first; s <= last; s++) if ((await ownerOf(cluster, s))?.port !== target.port) return false;
    return true;
  }, `slots ${first}-${last} to move atomically`);
  if (failure !== null) throw new Error(failure);
}

/** Waits until each replica's DEBUG DIGEST equals its primary's; resolves [{ primary, replica, digest }]. */
export async function replicaDigests(t, cluster) {
  const topology = await cluster.topology();
  const pairs = topology
    .filter((n) => !n.primary && !n.failed)
    .map((replica) => ({ replica, primary: topology.find((n) => n.id === replica.primaryId) }));
  const clients = new Map();
  const digestOf = (node) => {
    if (!clients.has(node.port)) clients.set(node.port, nodeClient(t, node));
    return clients.get(node.port).call('DEBUG', 'DIGEST');
  };
  const result = [];
  for (const { replica, primary } of pairs) {
    let digests = [];
    await waitFor(async () => {
      digests = await Promise.all([digestOf(primary.node), digestOf(replica.node)]);
      return digests[0] === digests[1];
    }, `the replica on ${replica.port} to match its primary on ${primary.port}`);
    result.push({ primary: primary.port, replica: replica.port, digest: digests[0] });
  }
  return result;
}
