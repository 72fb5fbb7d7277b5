// The native executor EMQ.ENQUEUE against the @enqueue script on one real valkey-server, raw commands
// only (no host check in front): same verdicts, same bytes, the module's own check order (contract.md §5).
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ENQUEUE_SCRIPT, ENQUEUE_SCRIPT_SHA1, FENCE_KEY, FENCE_VALUE, KIND_REFUSAL } from '@echomq/branded';
import { Valkey } from 'iovalkey';
import { MODULE_PATH, startServer } from '../../scripts/valkey.js';
import { claimFence, commandCalls, loadedModules, rawClient, replyOf, serverFor, snapshot } from './support.js';

const JOB = 'JOB0KHTOWnGLuC';
const USR = 'USR0KHTOWnGLuC';
// Keys spelled out by hand: an oracle independent of the package's key builders.
const jobKeyOf = (queue, id) => `emq:{${queue}}:job:${id}`;
const pendingKeyOf = (queue) => `emq:{${queue}}:pending`;

const viaScript = (client, queue, id, payload) =>
  replyOf(client.evalsha(ENQUEUE_SCRIPT_SHA1, 2, jobKeyOf(queue, id), pendingKeyOf(queue), id, payload));
const viaModule = (client, queue, id, payload) =>
  replyOf(client.call('EMQ.ENQUEUE', 2, jobKeyOf(queue, id), pendingKeyOf(queue), id, payload));

describe('EMQ.ENQUEUE (native) and the @enqueue script on one server', () => {
  let server;
  let client;

  before(async () => {
    server = await startServer({ module: true });
    client = new Valkey({ host: server.host, port: server.port, maxRetriesPerRequest: 0 });
  });
  after(async () => {
    client.disconnect();
    await server.stop();
  });

  const fresh = async () => {
    await client.flushall();
    await client.script('FLUSH');
    assert.equal(await client.script('LOAD', ENQUEUE_SCRIPT), ENQUEUE_SCRIPT_SHA1);
  };

  test('the module is listed by MODULE LIST with its path', async () => {
    const modules = await client.call('MODULE', 'LIST');
    const emq = modules.map((fields) => Object.fromEntries(toPairs(fields))).find((m) => m.name === 'emq');
    assert.ok(emq, `emq missing from ${JSON.stringify(modules)}`);
    assert.equal(emq.path, MODULE_PATH);
  });

  test("SCRIPT LOAD of core's script answers core's SHA1", async () => {
    assert.equal(await client.script('LOAD', ENQUEUE_SCRIPT), ENQUEUE_SCRIPT_SHA1);
  });

  test('EMQ.ENQUEUE is a write command (not deny-oom: it checks memory itself) with keys at 2..3', async () => {
    const [[name, , flags, first, last, step]] = await client.call('COMMAND', 'INFO', 'EMQ.ENQUEUE');
    assert.equal(name.toLowerCase(), 'emq.enqueue');
    assert.deepEqual([...flags].sort(), ['module', 'write']);
    assert.deepEqual([first, last, step], [2, 3, 1]);
    const keys = await client.call(
      'COMMAND',
      'GETKEYS',
      'EMQ.ENQUEUE',
      2,
      jobKeyOf('q', JOB),
      pendingKeyOf('q'),
      JOB,
      'p',
    );
    assert.deepEqual(keys, [jobKeyOf('q', JOB), pendingKeyOf('q')]);
  });

  test('a JOB id: 1 then 0 (duplicate) from both executors, rows and pending sets byte-identical', async () => {
    await fresh();
    await claimFence(client);
    assert.equal(await viaScript(client, 'by-script', JOB, 'hello'), 1);
    assert.equal(await viaModule(client, 'by-module', JOB, 'hello'), 1);
    assert.equal(await viaScript(client, 'by-script', JOB, 'other'), 0);
    assert.equal(await viaModule(client, 'by-module', JOB, 'other'), 0);

    const scriptRow = await client.dumpBuffer(jobKeyOf('by-script', JOB));
    const moduleRow = await client.dumpBuffer(jobKeyOf('by-module', JOB));
    assert.deepEqual(moduleRow, scriptRow);
    assert.deepEqual(await client.hgetall(jobKeyOf('by-module', JOB)), {
      state: 'pending',
      attempts: '0',
      payload: 'hello',
    });
    assert.deepEqual(await client.call('HKEYS', jobKeyOf('by-module', JOB)), ['state', 'attempts', 'payload']);
    assert.deepEqual(
      await client.dumpBuffer(pendingKeyOf('by-module')),
      await client.dumpBuffer(pendingKeyOf('by-script')),
    );
    assert.deepEqual(await client.zrange(pendingKeyOf('by-module'), 0, -1, 'WITHSCORES'), [JOB, '0']);
  });

  test('binary, empty and large payloads are stored byte for byte by both executors', async () => {
    await fresh();
    await claimFence(client);
    const payloads = [Buffer.from([0, 13, 10, 255, 0x7b, 0x7d]), Buffer.alloc(0), Buffer.alloc(70_000, 0x61)];
    for (const [i, payload] of payloads.entries()) {
      const id = `JOB0KHTOWnGLu${i}`;
      assert.equal(await viaScript(client, 'bin-script', id, payload), 1);
      assert.equal(await viaModule(client, 'bin-module', id, payload), 1);
      assert.deepEqual(await client.hgetBuffer(jobKeyOf('bin-module', id), 'payload'), payload);
      assert.deepEqual(
        await client.dumpBuffer(jobKeyOf('bin-module', id)),
        await client.dumpBuffer(jobKeyOf('bin-script', id)),
      );
    }
  });

  test('a USR id: the refusal text is byte-identical from script and module, nothing written', async () => {
    await fresh();
    await claimFence(client);
    const before = await snapshot(client);
    const fromScript = await viaScript(client, 'q', USR, 'p');
    const fromModule = await viaModule(client, 'q', USR, 'p');
    assert.deepEqual(fromScript, { error: KIND_REFUSAL });
    assert.deepEqual(fromModule, fromScript);
    for (const shortId of ['JO', '', 'job0KHTOWnGLuC']) {
      assert.deepEqual(await viaModule(client, 'q', shortId, 'p'), { error: KIND_REFUSAL });
      assert.deepEqual(await viaScript(client, 'q', shortId, 'p'), { error: KIND_REFUSAL });
    }
    assert.deepEqual(await snapshot(client), before);
  });

  test('JOB-42 sent raw passes both wire gates (only a host refuses it)', async () => {
    await fresh();
    await claimFence(client);
    assert.equal(await viaScript(client, 'raw-script', 'JOB-42', 'p'), 1);
    assert.equal(await viaModule(client, 'raw-module', 'JOB-42', 'p'), 1);
    assert.deepEqual(await client.zrange(pendingKeyOf('raw-module'), 0, -1), ['JOB-42']);
    assert.deepEqual(
      await client.dumpBuffer(jobKeyOf('raw-module', 'JOB-42')),
      await client.dumpBuffer(jobKeyOf('raw-script', 'JOB-42')),
    );
  });

  test('EMQKEY: a job key that is not emq:{<q>}:job:<id> for the pending key and id', async () => {
    await fresh();
    await claimFence(client);
    const before = await snapshot(client);
    const refusals = [
      [jobKeyOf('orders', 'JOB0KHTOWnGLuD'), pendingKeyOf('orders'), JOB], // another id
      [jobKeyOf('fills', JOB), pendingKeyOf('orders'), JOB], // another queue
      [`${jobKeyOf('orders', JOB)}x`, pendingKeyOf('orders'), JOB],
      [`emq:{orders}:row:${JOB}`, pendingKeyOf('orders'), JOB],
      [JOB, pendingKeyOf('orders'), JOB],
    ];
    for (const [jobKey, pendingKey, id] of refusals) {
      const { error } = await replyOf(client.call('EMQ.ENQUEUE', 2, jobKey, pendingKey, id, 'p'));
      assert.equal(
        error,
        'EMQKEY job key must be emq:{orders}:job:<id>, with the queue of the pending key and the id argument',
      );
    }
    const badPendingKeys = [
      'emq:{orders}:pendingx',
      'emq:{orders}:queue',
      'emq:{emq}:pending',
      'emq:{a b}:pending',
      'emq:{}:pending',
      'emq:orders:pending',
      '{orders}:pending',
      `emq:{${'q'.repeat(129)}}:pending`,
    ];
    for (const pendingKey of badPendingKeys) {
      const { error } = await replyOf(client.call('EMQ.ENQUEUE', 2, jobKeyOf('orders', JOB), pendingKey, JOB, 'p'));
      assert.equal(error, 'EMQKEY pending key must be emq:{<queue>}:pending with a valid queue name', pendingKey);
    }
    assert.deepEqual(await snapshot(client), before);
  });

  test('EMQFENCE: absent, foreign, and not a string; the script does not look at the fence', async () => {
    await fresh();
    assert.deepEqual(await viaModule(client, 'q', JOB, 'p'), {
      error: 'EMQFENCE {emq}:version found nothing (absent), expected "echomq:4.0.0"',
    });
    assert.equal(await client.dbsize(), 0);

    await client.set(FENCE_KEY, 'echomq:3.0.0');
    assert.deepEqual(await viaModule(client, 'q', JOB, 'p'), {
      error: 'EMQFENCE {emq}:version found "echomq:3.0.0", expected "echomq:4.0.0"',
    });
    await client.set(FENCE_KEY, Buffer.from('v4\r\n"\x00'));
    assert.deepEqual(await viaModule(client, 'q', JOB, 'p'), {
      error: 'EMQFENCE {emq}:version found "v4\\x0d\\x0a\\x22\\x00", expected "echomq:4.0.0"',
    });
    await client.set(FENCE_KEY, 'x'.repeat(65));
    assert.deepEqual(await viaModule(client, 'q', JOB, 'p'), {
      error: `EMQFENCE {emq}:version found "${'x'.repeat(64)}"..., expected "echomq:4.0.0"`,
    });
    await client.del(FENCE_KEY);
    await client.hset(FENCE_KEY, 'version', FENCE_VALUE);
    assert.deepEqual(await viaModule(client, 'q', JOB, 'p'), {
      error: 'EMQFENCE {emq}:version found a hash, not a string, expected "echomq:4.0.0"',
    });
    assert.deepEqual(await client.keys('*'), [FENCE_KEY]);
    assert.equal(await viaScript(client, 'q', JOB, 'p'), 1, 'the script executor relies on the client-side fence');
  });

  test('the module reads the fence without changing it (its encoding stays embstr)', async () => {
    await fresh();
    await claimFence(client);
    assert.equal(await client.object('ENCODING', FENCE_KEY), 'embstr');
    assert.equal(await viaModule(client, 'q', JOB, 'p'), 1);
    assert.equal(await client.object('ENCODING', FENCE_KEY), 'embstr');
  });

  test('both executors raise the same keyspace events (hset, then zadd only when the set changed)', async (t) => {
    await fresh();
    await claimFence(client);
    await client.config('SET', 'notify-keyspace-events', 'KEA');
    t.after(() => client.config('SET', 'notify-keyspace-events', ''));
    // A pending set that already holds the id: ZADD changes nothing, so raises no zadd event.
    await client.zadd(pendingKeyOf('s2'), 0, JOB);
    await client.zadd(pendingKeyOf('m2'), 0, JOB);
    const subscriber = new Valkey({ host: server.host, port: server.port, maxRetriesPerRequest: 0 });
    t.after(() => subscriber.disconnect());
    const events = [];
    subscriber.on('pmessage', (_pattern, channel, message) => events.push(`${channel} ${message}`));
    await subscriber.psubscribe('__keyevent@0__:*');
    for (const [queue, run] of [
      ['s', viaScript],
      ['m', viaModule],
      ['s2', viaScript],
      ['m2', viaModule],
    ]) {
      assert.equal(await run(client, queue, JOB, 'p'), 1);
      assert.equal(await run(client, queue, JOB, 'p'), 0);
    }
    await client.ping();
    await waitFor(() => events.length >= 6);
    const named = (queue) => events.filter((e) => e.includes(`{${queue}}`)).map((e) => e.replace(`{${queue}}`, '{Q}'));
    assert.deepEqual(named('m'), named('s'));
    assert.deepEqual(named('m'), [
      `__keyevent@0__:hset ${jobKeyOf('Q', JOB)}`,
      `__keyevent@0__:zadd ${pendingKeyOf('Q')}`,
    ]);
    assert.deepEqual(named('m2'), named('s2'));
    assert.deepEqual(named('m2'), [`__keyevent@0__:hset ${jobKeyOf('Q', JOB)}`]);
  });

  test('check order: shape, then key, then fence, then namespace', async () => {
    await fresh();
    const before = await snapshot(client);
    // numkeys before key: a wrong numkeys with a wrong key is a shape refusal
    assert.match((await replyOf(client.call('EMQ.ENQUEUE', 3, 'x', 'y', USR, 'p'))).error, /^ERR numkeys must be 2/);
    // key before fence (the fence is absent here)
    assert.match((await replyOf(client.call('EMQ.ENQUEUE', 2, 'x', pendingKeyOf('q'), USR, 'p'))).error, /^EMQKEY /);
    // fence before namespace
    assert.match((await viaModule(client, 'q', USR, 'p')).error, /^EMQFENCE /);
    await client.set(FENCE_KEY, 'echomq:5.0.0');
    assert.match((await viaModule(client, 'q', USR, 'p')).error, /^EMQFENCE /);
    await claimFence(client);
    assert.deepEqual(await viaModule(client, 'q', USR, 'p'), { error: KIND_REFUSAL });
    await client.del(FENCE_KEY);
    assert.deepEqual(await snapshot(client), before);
  });

  test('malformed calls (arity, numkeys) are refused and change nothing', async () => {
    await fresh();
    await claimFence(client);
    const before = await snapshot(client);
    const arity = /^ERR wrong number of arguments for 'EMQ\.ENQUEUE' command$/i;
    const shapes = [
      [[], arity],
      [[2], arity],
      [[2, jobKeyOf('q', JOB)], arity],
      [[2, jobKeyOf('q', JOB), pendingKeyOf('q'), JOB], arity],
      [[2, jobKeyOf('q', JOB), pendingKeyOf('q'), JOB, 'p', 'extra'], arity],
      [[1, jobKeyOf('q', JOB), pendingKeyOf('q'), JOB, 'p'], /^ERR numkeys must be 2: /],
      [[3, jobKeyOf('q', JOB), pendingKeyOf('q'), JOB, 'p'], /^ERR numkeys must be 2: /],
      [['02', jobKeyOf('q', JOB), pendingKeyOf('q'), JOB, 'p'], /^ERR numkeys must be 2: /],
      [[' 2', jobKeyOf('q', JOB), pendingKeyOf('q'), JOB, 'p'], /^ERR numkeys must be 2: /],
      [['two', jobKeyOf('q', JOB), pendingKeyOf('q'), JOB, 'p'], /^ERR numkeys must be 2: /],
    ];
    for (const [args, expected] of shapes) {
      const reply = await replyOf(client.call('EMQ.ENQUEUE', ...args));
      assert.match(reply.error ?? `no error: ${reply}`, expected, JSON.stringify(args));
    }
    assert.deepEqual(await snapshot(client), before);
  });

  test('a pending key of another type: the script writes the row then fails; the module refuses first, writing nothing', async () => {
    await fresh();
    await claimFence(client);
    await client.set(pendingKeyOf('s'), 'not a zset');
    await client.set(pendingKeyOf('m'), 'not a zset');
    const fromScript = await viaScript(client, 's', JOB, 'p');
    const fromModule = await viaModule(client, 'm', JOB, 'p');
    assert.equal(fromModule.error, 'WRONGTYPE Operation against a key holding the wrong kind of value');
    assert.equal(fromScript.error.replace(/ script: .*$/, ''), fromModule.error);
    assert.equal(await client.type(jobKeyOf('s', JOB)), 'hash', "the script's partial row");
    assert.equal(await client.exists(jobKeyOf('m', JOB)), 0, 'no partial row from the module');
    assert.equal(await client.get(pendingKeyOf('m')), 'not a zset');
  });

  test('writes reach the AOF as their effects (MULTI, HSET, ZADD, EXEC) and survive kill -9 and a restart', async (t) => {
    const durable = await startServer({ module: true, appendfsync: 'always', library: false });
    t.after(() => durable.stop());
    const direct = await rawClient(t, durable);
    await claimFence(direct);
    assert.equal(await viaModule(direct, 'aof', JOB, 'kept'), 1);
    assert.equal(await viaModule(direct, 'aof', JOB, 'kept'), 0);
    assert.equal((await viaModule(direct, 'aof', USR, 'refused')).error, KIND_REFUSAL);
    const aof = aofText(durable.dir);
    assert.equal(occurrences(aof, 'EMQ.ENQUEUE'), 0, 'never the command itself');
    const enqueue = [
      ['MULTI'],
      ['HSET', jobKeyOf('aof', JOB), 'state', 'pending', 'attempts', '0', 'payload', 'kept'],
      ['ZADD', pendingKeyOf('aof'), '0', JOB],
      ['EXEC'],
    ];
    assert.ok(aof.endsWith(enqueue.map(resp).join('')), `the AOF ends with the one write:\n${JSON.stringify(aof)}`);
    assert.equal(occurrences(aof, 'HSET'), 1, 'only the write is propagated, once');

    direct.disconnect();
    await durable.kill();
    await durable.restart();
    const after = await rawClient(t, durable);
    assert.deepEqual(await after.hgetall(jobKeyOf('aof', JOB)), { state: 'pending', attempts: '0', payload: 'kept' });
    assert.deepEqual(await after.zrange(pendingKeyOf('aof'), 0, -1), [JOB]);
    assert.equal(await after.dbsize(), 3);
  });

  test('an AOF written by an earlier build (EMQ.ENQUEUE verbatim) still loads, and nothing is propagated twice', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'branded-old-aof-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const calls = [
      ['SELECT', '0'],
      ['SET', FENCE_KEY, FENCE_VALUE],
      ['EMQ.ENQUEUE', '2', jobKeyOf('old', JOB), pendingKeyOf('old'), JOB, 'from-old'],
      ['EMQ.ENQUEUE', '2', jobKeyOf('old', JOB), pendingKeyOf('old'), JOB, 'again'],
    ];
    // A single appendonly.aof without a manifest is the pre-7 layout: the server loads it as the AOF's base.
    writeFileSync(join(dir, 'appendonly.aof'), calls.map(resp).join(''));
    const loaded = await startServer({ module: true, dir, library: false });
    t.after(() => loaded.stop());
    const direct = await rawClient(t, loaded);
    assert.deepEqual(await direct.hgetall(jobKeyOf('old', JOB)), {
      state: 'pending',
      attempts: '0',
      payload: 'from-old',
    });
    assert.deepEqual(await direct.zrange(pendingKeyOf('old'), 0, -1, 'WITHSCORES'), [JOB, '0']);
    assert.equal(occurrences(aofText(loaded.dir), 'HSET'), 0, 'the replay wrote nothing new to the AOF');
  });

  test('a replica without the module sees the same rows (it receives HSET and ZADD, never EMQ.ENQUEUE)', async (t) => {
    const replica = await startServer({ module: false });
    t.after(() => replica.stop());
    const onReplica = await rawClient(t, replica);
    await fresh();
    await claimFence(client);
    await client.config('SET', 'repl-diskless-sync-delay', '0');
    await onReplica.call('REPLICAOF', server.host, server.port);
    await waitFor(async () => /master_link_status:up/.test(await onReplica.info('replication')));
    // The link is up before the write: the replica receives the write's effects, not a snapshot.
    assert.equal(await viaModule(client, 'replicated', JOB, 'r'), 1);
    assert.equal(await client.call('WAIT', 1, 5000), 1);
    assert.deepEqual(
      await onReplica.dumpBuffer(jobKeyOf('replicated', JOB)),
      await client.dumpBuffer(jobKeyOf('replicated', JOB)),
    );
    assert.deepEqual(await onReplica.zrange(pendingKeyOf('replicated'), 0, -1), [JOB]);
    assert.equal(await commandCalls(onReplica, 'hset'), 1);
    assert.equal(await commandCalls(onReplica, 'zadd'), 1);
    assert.match(await onReplica.info('stats'), /^total_error_replies:0\r?$/m);
    await onReplica.call('REPLICAOF', 'NO', 'ONE');
  });
});

describe('loading the module', () => {
  test('a core that fails its self-check: the module refuses to load and says why', async (t) => {
    const server = await serverFor(t);
    const client = await rawClient(t, server);
    const failing = MODULE_PATH.replace('emq_module.so', 'emq_module_failing_self_check.so');
    const { error } = await replyOf(client.call('MODULE', 'LOAD', failing));
    assert.match(error, /^ERR Error loading the extension/);
    assert.match(
      server.logTail(),
      /emq module refuses to load: self-check failed: hash32\(274557032793636864\) != 234878118/,
    );
    assert.deepEqual(await loadedModules(client), []);
    assert.match((await replyOf(client.call('EMQ.ENQUEUE', 2, 'a', 'b', 'c', 'd'))).error, /^ERR unknown command/);
  });

  test('MODULE UNLOAD then LOAD again: the command goes and comes back', async (t) => {
    const server = await serverFor(t, { module: true });
    const client = await rawClient(t, server);
    assert.equal(await client.call('MODULE', 'UNLOAD', 'emq'), 'OK');
    assert.match((await replyOf(client.call('EMQ.ENQUEUE', 2, 'a', 'b', 'c', 'd'))).error, /^ERR unknown command/);
    assert.equal(await client.call('MODULE', 'LOAD', MODULE_PATH), 'OK');
    await claimFence(client);
    assert.equal(await viaModule(client, 'reloaded', JOB, 'p'), 1);
  });

  test('loading it twice is refused with a log line', async (t) => {
    const server = await serverFor(t, { module: true });
    const client = await rawClient(t, server);
    assert.match((await replyOf(client.call('MODULE', 'LOAD', MODULE_PATH))).error, /^ERR Error loading the extension/);
    assert.match(server.logTail(), /emq module refuses to load: a module named emq is already loaded/);
  });
});

function toPairs(flat) {
  const pairs = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i], flat[i + 1]]);
  return pairs;
}

function aofText(dir) {
  const aofDir = join(dir, 'appendonlydir');
  return readdirSync(aofDir)
    .filter((name) => name.endsWith('.aof'))
    .map((name) => readFileSync(join(aofDir, name), 'latin1'))
    .join('');
}

const occurrences = (text, word) => text.split(word).length - 1;
const resp = (words) => `*${words.length}\r\n${words.map((w) => `$${Buffer.byteLength(w)}\r\n${w}\r\n`).join('')}`;

async function waitFor(condition, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((done) => setTimeout(done, 50));
  }
}
