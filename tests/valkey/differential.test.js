// The executor differential: every case runs through the @enqueue script (EVALSHA, db 0) and through
// EMQ.ENQUEUE (db 1) on one primary, from the same starting keys. Compared: reply class and bytes, rows,
// pending sets, key types and TTLs, the keyspace events on each key, and each executor against the contract's
// transition. Two replicas are attached for the whole run, one with the module loaded and one without: at the
// end DEBUG DIGEST is equal on all three and neither replica logged or counted an error. Then the primary's AOF is replayed (a restart,
// a server without the module, a rewrite and a restart) with the digest unchanged.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ENQUEUE_SCRIPT, ENQUEUE_SCRIPT_SHA1, FENCE_KEY, FENCE_VALUE } from '@echomq/branded';
import { Valkey } from 'iovalkey';
import { startServer } from '../../scripts/valkey.js';
import {
  expectedOutcome,
  FENCE_STATES,
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

const SEED = Number(process.env.BRANDED_DIFFERENTIAL_SEED ?? 20261201);
// Another build of the module to hold to the same cases (a path); the primary and one replica load it.
const MODULE = process.env.BRANDED_DIFFERENTIAL_MODULE ?? true;
const SEEDED_CASES = 10_000;
const SEEDED_OOM_CASES = 500;
const BATCH = 200;
const SCRIPT_DB = 0;
const MODULE_DB = 1;
// A replica that meets an error in what its primary sends stops at once instead of logging and going on.
const STRICT_REPLICA = [...DEBUG, '--propagation-error-behavior', 'panic'];
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const settle = (promise) =>
  promise.then(
    (value) => value,
    (error) => ({ error: error.message }),
  );

function normalised(reply) {
  if (reply instanceof Error) return { error: reply.message.replace(SCRIPT_LOCATION, '') };
  if (Array.isArray(reply)) return reply.map(normalised);
  if (reply && typeof reply === 'object' && 'error' in reply)
    return { error: reply.error.replace(SCRIPT_LOCATION, '') };
  return reply;
}

/** One executor: a connection to its own database and the command that enqueues through it. */
function executor(server, db, callArgs) {
  const client = clientOf(server, db);
  return {
    client,
    send: (c) => {
      const args = callArgs(c);
      if (c.mode === 'once') return Promise.all([settle(client.call(...args))]);
      if (c.mode === 'twice') return Promise.all([settle(client.call(...args)), settle(client.call(...args))]);
      const queued = [client.call('MULTI'), client.call(...args), client.call(...args)].map(settle);
      return Promise.all([...queued, settle(client.call('EXEC'))]).then((replies) => [replies.at(-1)]);
    },
  };
}

const keysOf = (c) => ({ row: jobKeyOf(c.queue, c.id), pending: pendingKeyOf(c.queue) });

function setUp(client, c) {
  const { row, pending } = keysOf(c);
  const commands = [...setupCommands(row, c.row, c.id), ...setupCommands(pending, c.pending, c.id)];
  return Promise.all(commands.map(([name, ...args]) => client.call(name, ...args)));
}

async function readBack(client, c, withContents) {
  const { row, pending } = keysOf(c);
  const [rowState, pendingState] = await Promise.all([readKey(client, row), readKey(client, pending)]);
  if (!withContents) return { row: rowState, pending: pendingState };
  const [fields, length, score] = await Promise.all([
    rowState.type === 'hash' ? client.hgetallBuffer(row) : null,
    rowState.type === 'hash' ? client.hlen(row) : 0,
    pendingState.type === 'zset' ? client.zscore(pending, c.id) : null,
  ]);
  return { row: { ...rowState, fields, length }, pending: { ...pendingState, score } };
}

// The keyspace events of both databases, per key and in order: what each executor's commands raised.
function eventLog(subscriber) {
  const byDb = new Map([
    [SCRIPT_DB, new Map()],
    [MODULE_DB, new Map()],
  ]);
  subscriber.on('pmessageBuffer', (_pattern, channel, key) => {
    const [, db, event] = /^__keyevent@(\d+)__:(.+)$/.exec(channel.toString('latin1'));
    const events = byDb.get(Number(db));
    const name = key.toString('latin1');
    if (!events.has(name)) events.set(name, []);
    events.get(name).push(event);
  });
  return {
    of: (db, key) => byDb.get(db).get(key.toString('latin1')) ?? [],
    // The server sends a subscriber its messages in order: once PING answers, every earlier event has arrived.
    settled: () => subscriber.ping(),
    clear: () => byDb.forEach((events) => events.clear()),
  };
}

const eventsOf = (events, db, c) => ({ row: events.of(db, keysOf(c).row), pending: events.of(db, keysOf(c).pending) });

// Replies of the first and any later call: a later call answers 0 once the first wrote (or, for the script, once it
// left its partial row), otherwise what the first answered.
function expectedReplies(c, outcome, isScript) {
  const later = outcome.writes || (outcome.collision && isScript) ? 0 : outcome.reply;
  if (c.mode === 'once') return [outcome.reply];
  if (c.mode === 'twice') return [outcome.reply, later];
  return [[outcome.reply, later]];
}

// Each executor's replies against the contract, and against each other where they must agree.
function replyProblems(c, outcome, replies, check) {
  const [scriptReplies, moduleReplies] = [normalised(replies.script), normalised(replies.module)];
  check(same(moduleReplies, expectedReplies(c, outcome, false)), `module replied ${JSON.stringify(moduleReplies)}`);
  check(same(scriptReplies, expectedReplies(c, outcome, true)), `script replied ${JSON.stringify(scriptReplies)}`);
  if (!outcome.collision) check(same(moduleReplies, scriptReplies), 'replies differ');
}

// The two databases key by key: TTLs, types, DUMP bytes and keyspace events. On a pending-key collision the
// script's row is its partial write (its events end with that row's hset) and the module left none.
function stateProblems(outcome, { script, module }, check) {
  for (const key of outcome.collision ? ['pending'] : ['row', 'pending']) {
    const [mine, theirs] = [module[key].pttl, script[key].pttl];
    check(ttlClass(mine) === ttlClass(theirs), `${key} TTL ${mine} vs ${theirs}`);
    if (mine > 0) check(Math.abs(mine - theirs) < TTL_TOLERANCE_MS, `${key} TTL drifted`);
  }
  check(module.pending.type === script.pending.type, `pending type ${module.pending.type} vs ${script.pending.type}`);
  check(bytesEqual(module.pending.dump, script.pending.dump), 'pending sets differ');
  check(
    same(module.events.pending, script.events.pending),
    `pending events ${module.events.pending} vs ${script.events.pending}`,
  );
  if (!outcome.collision) {
    check(module.row.type === script.row.type, `row type ${module.row.type} vs ${script.row.type}`);
    check(bytesEqual(module.row.dump, script.row.dump), 'rows differ');
    check(same(module.events.row, script.events.row), `row events ${module.events.row} vs ${script.events.row}`);
    return;
  }
  check(script.row.type === 'hash', "the script's partial row is missing");
  check(module.row.type === 'none', 'the module left a row on a pending-key collision');
  check(
    script.events.row.at(-1) === 'hset' && same(module.events.row, script.events.row.slice(0, -1)),
    `row events ${module.events.row} vs ${script.events.row}`,
  );
}

// The module's keys against the contract: the row and pending entry it wrote, or the keys as they were.
function contractProblems(c, outcome, { module }, check) {
  if (!outcome.writes) {
    check(module.row.type === untouchedType(c.row), `row became a ${module.row.type}`);
    check(module.pending.type === untouchedType(c.pending), `pending became a ${module.pending.type}`);
    return;
  }
  const { fields } = module.row;
  check(
    module.row.length === 3 &&
      fields?.state?.toString() === 'pending' &&
      fields?.attempts?.toString() === '0' &&
      fields?.payload?.equals(c.payload),
    'the row is not {state: pending, attempts: 0, payload}',
  );
  check(module.row.pttl === -1, 'the new row has a TTL');
  check(module.pending.score === '0', `the id's pending score is ${module.pending.score}`);
  const keptTtl = c.pending.ttl === 'expiring' && c.pending.type.startsWith('zset');
  check(ttlClass(module.pending.pttl) === (keptTtl ? 'ttl' : -1), `pending TTL ${module.pending.pttl}`);
}

/** Every way the two executors, or one of them and the contract, disagree on a case; empty when none. */
function problemsOf(c, replies, states) {
  const outcome = expectedOutcome(c);
  const problems = [];
  const check = (ok, what) => ok || problems.push(what);
  replyProblems(c, outcome, replies, check);
  stateProblems(outcome, states, check);
  contractProblems(c, outcome, states, check);
  return problems;
}

describe('executor differential: the @enqueue script and EMQ.ENQUEUE, replicas attached, AOF replayed', () => {
  let primary;
  let withModule;
  let withoutModule;
  let admin;
  let script;
  let native;
  let primaryDir;
  let events;
  const checked = { seeded: 0, named: 0, oom: 0, fence: 0, events: 0 };
  const digests = {};

  before(async () => {
    primaryDir = mkdtempSync(join(tmpdir(), 'branded-differential-'));
    primary = await startServer({
      module: MODULE,
      dir: primaryDir,
      args: [...DEBUG, '--repl-diskless-sync-delay', '0'],
    });
    [withModule, withoutModule] = await Promise.all([
      startServer({ module: MODULE, args: STRICT_REPLICA }),
      startServer({ args: STRICT_REPLICA }),
    ]);
    admin = clientOf(primary);
    script = executor(primary, SCRIPT_DB, (c) => [
      'EVALSHA',
      ENQUEUE_SCRIPT_SHA1,
      2,
      ...Object.values(keysOf(c)),
      c.id,
      c.payload,
    ]);
    native = executor(primary, MODULE_DB, (c) => ['EMQ.ENQUEUE', 2, ...Object.values(keysOf(c)), c.id, c.payload]);
    assert.equal(await admin.script('LOAD', ENQUEUE_SCRIPT), ENQUEUE_SCRIPT_SHA1);
    await admin.config('SET', 'notify-keyspace-events', 'EA');
    const subscriber = clientOf(primary);
    events = eventLog(subscriber);
    await subscriber.psubscribe('__keyevent@*__:*');
    await Promise.all([script.client.set(FENCE_KEY, FENCE_VALUE), native.client.set(FENCE_KEY, FENCE_VALUE)]);
    for (const replica of [withModule, withoutModule]) {
      const client = clientOf(replica);
      await client.call('REPLICAOF', primary.host, primary.port);
      await waitFor(async () => /master_link_status:up/.test(await client.info('replication')));
      client.disconnect();
    }
    // Expired keys stay until a command touches them, so every expired case meets the executor as it was set up.
    assert.equal(await admin.call('DEBUG', 'SET-ACTIVE-EXPIRE', '0'), 'OK');
  });

  after(async () => {
    for (const client of openClients) client.disconnect();
    await Promise.all([primary, withModule, withoutModule].map((server) => server?.stop()));
    rmSync(primaryDir, { recursive: true, force: true });
  });

  // Runs the cases in batches: set up both databases, let the 1 ms TTLs pass, call, read back, compare.
  async function runCases(cases, { oom = false } = {}) {
    const failures = [];
    for (let start = 0; start < cases.length; start += BATCH) {
      const batch = cases.slice(start, start + BATCH);
      await Promise.all(batch.flatMap((c) => [setUp(script.client, c), setUp(native.client, c)]));
      await sleep(3);
      if (oom) await admin.config('SET', 'maxmemory', '1');
      const replies = await Promise.all(
        batch.map(async (c) => ({ script: await script.send(c), module: await native.send(c) })),
      );
      if (oom) await admin.config('SET', 'maxmemory', '0');
      const states = await Promise.all(
        batch.map(async (c) => ({
          script: await readBack(script.client, c, false),
          module: await readBack(native.client, c, true),
        })),
      );
      await events.settled();
      for (const [i, c] of batch.entries()) {
        states[i].script.events = eventsOf(events, SCRIPT_DB, c);
        states[i].module.events = eventsOf(events, MODULE_DB, c);
        checked.events += states[i].module.events.row.length + states[i].module.events.pending.length;
      }
      events.clear();
      batch.forEach((c, i) => {
        const problems = problemsOf(c, replies[i], states[i]);
        if (problems.length)
          failures.push(
            `${c.name} (id ${JSON.stringify(c.id.subarray(0, 40).toString('latin1'))}): ${problems.join('; ')}`,
          );
      });
    }
    return failures;
  }

  const withQueues = (cases, prefix) => cases.map((c, i) => ({ ...c, queue: `${prefix}${i}` }));

  test('named edge cases: both executors, against each other and the contract', async (t) => {
    const cases = withQueues(
      namedCases().filter((c) => !c.oom),
      'n',
    );
    assert.deepEqual((await runCases(cases)).slice(0, 20), []);
    checked.named += cases.length;
    t.diagnostic(`${cases.length} named cases`);
  });

  test(`${SEEDED_CASES} seeded cases (seed ${SEED}): both executors, against each other and the contract`, async (t) => {
    const cases = withQueues(seededCases(SEED, SEEDED_CASES, 0), 's');
    const failures = await runCases(cases);
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${cases.length} cases failed`);
    checked.seeded += cases.length;
    const collisions = cases.filter((c) => expectedOutcome(c).collision).length;
    const written = cases.filter((c) => expectedOutcome(c).writes).length;
    t.diagnostic(
      `${cases.length} seeded cases: ${written} write, ${collisions} pending-key collisions; ` +
        `${checked.events} keyspace events from the module's database so far, each matched`,
    );
  });

  test('over maxmemory (noeviction): refusals and duplicates answer as without it, a write is refused with OOM', async (t) => {
    const cases = withQueues(
      [...namedCases().filter((c) => c.oom), ...seededCases(SEED + 1, 0, SEEDED_OOM_CASES)],
      'm',
    );
    assert.deepEqual((await runCases(cases, { oom: true })).slice(0, 20), []);
    checked.oom += cases.length;
    t.diagnostic(`${cases.length} cases over maxmemory`);
  });

  test('the fence absent, foreign, of the wrong type, expired or expiring: the module alone reads it', async (t) => {
    const failures = [];
    events.clear();
    for (const [f, fence] of FENCE_STATES.entries()) {
      const cases = withQueues(
        [
          { name: 'new', id: Buffer.from('JOB0KHTOWnGLuC'), row: { type: 'none' }, pending: { type: 'none' } },
          { name: 'refused', id: Buffer.from('USR0KHTOWnGLuC'), row: { type: 'none' }, pending: { type: 'none' } },
          {
            name: 'duplicate',
            id: Buffer.from('JOB0KHTOWnGLuD'),
            row: { type: 'hash', ttl: 'persistent' },
            pending: { type: 'none' },
          },
        ].map((c) => ({
          payload: Buffer.from('p'),
          mode: 'once',
          oom: false,
          ...c,
          name: `fence ${fence.name}: ${c.name}`,
        })),
        `f${f}-`,
      );
      for (const client of [script.client, native.client])
        for (const [name, ...args] of fence.setup) await client.call(name, ...args);
      await Promise.all(cases.flatMap((c) => [setUp(script.client, c), setUp(native.client, c)]));
      await sleep(3);
      for (const c of cases) {
        const replies = { script: await script.send(c), module: await native.send(c) };
        const states = {
          script: await readBack(script.client, c, false),
          module: await readBack(native.client, c, true),
        };
        await events.settled();
        states.script.events = eventsOf(events, SCRIPT_DB, c);
        states.module.events = eventsOf(events, MODULE_DB, c);
        if (fence.admits) {
          const problems = problemsOf(c, replies, states);
          if (problems.length) failures.push(`${c.name}: ${problems.join('; ')}`);
          continue;
        }
        const refusal = normalised(replies.module)[0].error ?? '';
        if (!/^EMQFENCE \{emq\}:version found .*, expected "echomq:4\.0\.0"$/.test(refusal))
          failures.push(`${c.name}: module replied ${refusal}`);
        if (JSON.stringify(normalised(replies.script)) !== JSON.stringify([expectedOutcome(c).reply]))
          failures.push(`${c.name}: script replied ${JSON.stringify(replies.script)}`);
        if (states.module.row.type !== untouchedType(c.row) || states.module.pending.type !== 'none')
          failures.push(`${c.name}: the module wrote`);
      }
      checked.fence += cases.length;
      for (const client of [script.client, native.client]) {
        await client.del(FENCE_KEY);
        await client.set(FENCE_KEY, FENCE_VALUE);
      }
    }
    assert.deepEqual(failures, []);
    t.diagnostic(`${checked.fence} fence cases`);
  });

  test("the replicas (one with the module, one without) end with the primary's digest and no error", async (t) => {
    assert.equal(await admin.call('DEBUG', 'SET-ACTIVE-EXPIRE', '1'), 'OK');
    // Nothing logically expired is left: every case's keys were read back after its call.
    for (const db of [SCRIPT_DB, MODULE_DB]) {
      await admin.select(db);
      assert.equal(await admin.dbsize(), (await admin.keys('*')).length, `db ${db} holds an expired key`);
    }
    await admin.select(0);
    assert.equal(await admin.call('WAIT', 2, 30_000), 2);
    digests.primary = await admin.call('DEBUG', 'DIGEST');
    for (const [name, replica] of [
      ['with the module', withModule],
      ['without the module', withoutModule],
    ]) {
      const client = clientOf(replica);
      assert.equal(await client.call('DEBUG', 'DIGEST'), digests.primary, `the replica ${name}`);
      assert.match(await client.info('stats'), /^total_error_replies:0\r?$/m, `the replica ${name} counted errors`);
      assert.equal((await client.info('errorstats')).trim(), '# Errorstats', `the replica ${name} counted errors`);
      client.disconnect();
      const errors = readFileSync(replica.logFile, 'utf8')
        .split('\n')
        .filter((line) => /CRITICAL|error/i.test(line));
      assert.deepEqual(errors, [], `the replica ${name} logged errors`);
    }
    const dbsizes = [];
    for (const db of [SCRIPT_DB, MODULE_DB]) {
      await admin.select(db);
      dbsizes.push(await admin.dbsize());
    }
    await admin.select(0);
    const total = checked.named + checked.seeded + checked.oom + checked.fence;
    t.diagnostic(
      `${total} cases through both executors; keys: db0 ${dbsizes[0]}, db1 ${dbsizes[1]}; digest ${digests.primary} on the primary and both replicas`,
    );
  });

  test('the AOF replayed: a restart, a server without the module, a rewrite and a restart: the digest unchanged', async (t) => {
    assert.ok(digests.primary, 'the replica test ran first');
    for (const client of openClients) client.disconnect();
    await primary.stop();
    await primary.launch();
    assert.equal(await digestOf(primary), digests.primary, 'after a restart (AOF replayed)');

    const copyDir = mkdtempSync(join(tmpdir(), 'branded-differential-aof-'));
    t.after(() => rmSync(copyDir, { recursive: true, force: true }));
    cpSync(join(primaryDir, 'appendonlydir'), join(copyDir, 'appendonlydir'), { recursive: true });
    const plain = await startServer({ dir: copyDir, args: DEBUG });
    try {
      assert.equal(await digestOf(plain), digests.primary, 'the AOF loaded by a server without the module');
      assert.equal(/CRITICAL|error/i.test(readFileSync(plain.logFile, 'utf8')), false);
    } finally {
      await plain.stop();
    }

    const client = clientOf(primary);
    await client.call('BGREWRITEAOF');
    await waitFor(
      async () =>
        /aof_rewrite_in_progress:0[\s\S]*aof_rewrite_scheduled:0[\s\S]*aof_last_bgrewrite_status:ok/.test(
          await client.info('persistence'),
        ),
      60_000,
    );
    client.disconnect();
    await primary.stop();
    await primary.launch();
    assert.equal(await digestOf(primary), digests.primary, 'after a rewrite and a restart');
    t.diagnostic(`digest ${digests.primary} after a restart, without the module, and after BGREWRITEAOF + restart`);
  });
});

// Every connection the suite opens, closed at its end even when a test failed halfway.
const openClients = new Set();

function clientOf(server, db = 0) {
  const client = new Valkey({ host: server.host, port: server.port, db, maxRetriesPerRequest: 0 });
  openClients.add(client);
  return client;
}

async function digestOf(server) {
  const client = clientOf(server);
  try {
    return await client.call('DEBUG', 'DIGEST');
  } finally {
    client.disconnect();
  }
}

async function waitFor(condition, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}
