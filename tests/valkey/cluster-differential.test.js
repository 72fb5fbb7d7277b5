// The executor differential on a 3-primary, 3-replica cluster with the module on every node: every case runs
// through the @enqueue script (queue s<i>) and EMQ.ENQUEUE (queue n<i>), each routed by its keys to the node
// that serves them, from the same starting keys. Compared: replies, rows and pending sets (DUMP bytes), key
// types and TTLs, and the module against the contract's transition. At the end each replica's DEBUG DIGEST
// equals its primary's. The single-node differential covers what is node-local (keyspace events, memory,
// the key fence, the AOF replay).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  ENQUEUE_COMMAND,
  ENQUEUE_SCRIPT,
  ENQUEUE_SCRIPT_SHA1,
  FENCE_VALUE,
  NODE_FENCE_COMMAND,
  slot,
} from '@echomq/branded';
import { Cluster, Command, Valkey } from 'iovalkey';
import { replicaDigests, nodeClient } from './cluster-support.js';
import {
  expectedOutcome,
  jobKeyOf,
  namedCases,
  pendingKeyOf,
  seededCases,
  setupCommands,
  untouchedType,
  bytesEqual,
  DEBUG,
  readKey,
  same,
  SCRIPT_LOCATION,
  TTL_TOLERANCE_MS,
  ttlClass,
} from './differential-cases.js';
import { clusterOf } from './support.js';

const SEED = Number(process.env.BRANDED_DIFFERENTIAL_SEED ?? 20261205);
const SEEDED_CASES = 5000;
const BATCH = 200;

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const settle = (promise) =>
  promise.then(
    (value) => value,
    (error) => ({ error: error.message.replace(SCRIPT_LOCATION, '') }),
  );
const keysOf = (c, queue) => ({ row: jobKeyOf(queue, c.id), pending: pendingKeyOf(queue) });

/** The command one executor sends for a case, its keys given (iovalkey's table does not know EMQ.ENQUEUE). */
function commandOf(executor, c, queue) {
  const { row, pending } = keysOf(c, queue);
  const head = executor === 'script' ? ['EVALSHA', ENQUEUE_SCRIPT_SHA1] : [ENQUEUE_COMMAND];
  const command = new Command(head[0], [...head.slice(1), 2, row, pending, c.id, c.payload]);
  command.keys = [row, pending];
  return command;
}

// once: one call; twice: two calls in a row; multi: two calls in MULTI/EXEC (the EXEC's replies).
async function send(client, executor, c, queue) {
  if (c.mode === 'once') return [await settle(client.sendCommand(commandOf(executor, c, queue)))];
  if (c.mode === 'twice') {
    const first = await settle(client.sendCommand(commandOf(executor, c, queue)));
    return [first, await settle(client.sendCommand(commandOf(executor, c, queue)))];
  }
  const transaction = client.multi();
  transaction.sendCommand(commandOf(executor, c, queue));
  transaction.sendCommand(commandOf(executor, c, queue));
  const replies = await transaction.exec();
  return [replies.map(([error, reply]) => (error ? { error: error.message.replace(SCRIPT_LOCATION, '') } : reply))];
}

function expectedReplies(c, outcome, isScript) {
  const later = outcome.writes || (outcome.collision && isScript) ? 0 : outcome.reply;
  if (c.mode === 'once') return [outcome.reply];
  if (c.mode === 'twice') return [outcome.reply, later];
  return [[outcome.reply, later]];
}

async function readBack(client, c, queue) {
  const { row, pending } = keysOf(c, queue);
  const [rowState, pendingState] = await Promise.all([readKey(client, row), readKey(client, pending)]);
  const [fields, length, score] = await Promise.all([
    rowState.type === 'hash' ? client.hgetallBuffer(row) : null,
    rowState.type === 'hash' ? client.hlen(row) : 0,
    pendingState.type === 'zset' ? client.zscore(pending, c.id) : null,
  ]);
  return { row: { ...rowState, fields, length }, pending: { ...pendingState, score } };
}

/** Every way the executors disagree with each other or the module with the contract; empty when none. */
function problemsOf(c, replies, states) {
  const outcome = expectedOutcome(c);
  const problems = [];
  const check = (ok, what) => ok || problems.push(what);
  check(same(replies.native, expectedReplies(c, outcome, false)), `module replied ${JSON.stringify(replies.native)}`);
  check(same(replies.script, expectedReplies(c, outcome, true)), `script replied ${JSON.stringify(replies.script)}`);
  if (!outcome.collision) check(same(replies.native, replies.script), 'replies differ');
  const { script, native } = states;
  for (const key of outcome.collision ? ['pending'] : ['row', 'pending']) {
    check(
      ttlClass(native[key].pttl) === ttlClass(script[key].pttl),
      `${key} TTL ${native[key].pttl} vs ${script[key].pttl}`,
    );
    if (native[key].pttl > 0)
      check(Math.abs(native[key].pttl - script[key].pttl) < TTL_TOLERANCE_MS, `${key} TTL drifted`);
    check(native[key].type === script[key].type, `${key} type ${native[key].type} vs ${script[key].type}`);
    check(bytesEqual(native[key].dump, script[key].dump), `${key} bytes differ`);
  }
  if (outcome.collision) check(native.row.type === 'none', 'the module left a row on a pending-key collision');
  if (!outcome.writes) {
    check(native.row.type === untouchedType(c.row) || outcome.collision, `row became a ${native.row.type}`);
    check(native.pending.type === untouchedType(c.pending), `pending became a ${native.pending.type}`);
    return problems;
  }
  const { fields } = native.row;
  check(
    native.row.length === 3 &&
      fields?.state?.toString() === 'pending' &&
      fields?.attempts?.toString() === '0' &&
      fields?.payload?.equals(c.payload),
    'the row is not {state: pending, attempts: 0, payload}',
  );
  check(native.pending.score === '0', `the id's pending score is ${native.pending.score}`);
  return problems;
}

describe('executor differential on a 3-primary, 3-replica cluster', () => {
  let cluster;
  let client;
  const queuesPerPrimary = new Map();

  before(async () => {
    // No failover is wanted here: a node busy for seconds on a loaded machine is not taken for failed.
    cluster = await clusterOf({ module: true, args: DEBUG, nodeTimeoutMs: 30_000 });
    client = new Cluster(cluster.startupNodes, { maxRedirections: 64 });
    for (const node of await cluster.primaries()) {
      const admin = new Valkey({ host: node.host, port: node.port });
      assert.equal(await admin.script('LOAD', ENQUEUE_SCRIPT), ENQUEUE_SCRIPT_SHA1);
      assert.equal(await admin.call(NODE_FENCE_COMMAND, 'CLAIM', FENCE_VALUE), FENCE_VALUE);
      // Expired keys stay until a command touches them, so every expired case meets the executor as it was set up.
      assert.equal(await admin.call('DEBUG', 'SET-ACTIVE-EXPIRE', '0'), 'OK');
      admin.disconnect();
    }
  });
  after(async () => {
    client?.disconnect();
    await cluster?.stop();
  });

  async function runCases(cases) {
    const failures = [];
    const slots = await client.cluster('SLOTS');
    const ownerOfSlot = (s) => slots.find(([first, last]) => s >= first && s <= last)[2][1];
    for (let start = 0; start < cases.length; start += BATCH) {
      const batch = cases.slice(start, start + BATCH);
      const queues = batch.map((c) => ({ script: `s${c.index}`, native: `n${c.index}` }));
      await Promise.all(
        batch.flatMap((c, i) =>
          Object.values(queues[i]).map((queue) => {
            const { row, pending } = keysOf(c, queue);
            const commands = [...setupCommands(row, c.row, c.id), ...setupCommands(pending, c.pending, c.id)];
            // In order (a TTL after the key it is set on): the cluster client does not keep the order of calls in flight.
            return commands.reduce(
              (done, [name, ...args]) => done.then(() => client.call(name, ...args)),
              Promise.resolve(),
            );
          }),
        ),
      );
      await sleep(3);
      const replies = await Promise.all(
        batch.map(async (c, i) => ({
          script: await send(client, 'script', c, queues[i].script),
          native: await send(client, 'native', c, queues[i].native),
        })),
      );
      const states = await Promise.all(
        batch.map(async (c, i) => ({
          script: await readBack(client, c, queues[i].script),
          native: await readBack(client, c, queues[i].native),
        })),
      );
      batch.forEach((c, i) => {
        for (const queue of Object.values(queues[i])) {
          const owner = ownerOfSlot(slot(`{${queue}}`));
          queuesPerPrimary.set(owner, (queuesPerPrimary.get(owner) ?? 0) + 1);
        }
        const problems = problemsOf(c, replies[i], states[i]);
        if (problems.length)
          failures.push(
            `${c.name} (id ${JSON.stringify(c.id.subarray(0, 40).toString('latin1'))}): ${problems.join('; ')}`,
          );
      });
    }
    return failures;
  }

  const indexed = (cases, from) => cases.map((c, i) => ({ ...c, index: from + i }));

  test('named edge cases: both executors, against each other and the contract', async (t) => {
    const cases = indexed(
      namedCases().filter((c) => !c.oom),
      0,
    );
    assert.deepEqual((await runCases(cases)).slice(0, 20), []);
    t.diagnostic(`${cases.length} named cases`);
  });

  test(`${SEEDED_CASES} seeded cases (seed ${SEED}) over queues on every primary`, async (t) => {
    const cases = indexed(seededCases(SEED, SEEDED_CASES, 0), 1000);
    const failures = await runCases(cases);
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${cases.length} cases failed`);
    assert.equal(queuesPerPrimary.size, 3);
    for (const [port, count] of queuesPerPrimary) assert.ok(count >= 60, `${count} queues on the primary at ${port}`);
    t.diagnostic(`queues per primary: ${JSON.stringify(Object.fromEntries(queuesPerPrimary))}`);
  });

  test("every replica's DEBUG DIGEST equals its primary's", async (t) => {
    const pairs = await replicaDigests(t, cluster);
    assert.equal(pairs.length, 3);
    t.diagnostic(pairs.map((p) => `${p.primary}→${p.replica}: ${p.digest}`).join(', '));
    for (const { replica } of pairs)
      assert.equal(await nodeClient(t, cluster.node(replica)).call(NODE_FENCE_COMMAND, 'GET'), FENCE_VALUE);
  });
});
