// The bad-input matrix through Valkey: the native command EMQ.ENQUEUE on a real server (module loaded,
// fence claimed) refuses every malformed call with its class (arity, numkeys, EMQKEY, EMQFENCE, EMQKIND),
// and afterwards the keyspace is exactly what it was (DBSIZE and DEBUG DIGEST equal, no call succeeded).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { Valkey } from 'iovalkey';

import { bytesOf, family, keyspaceState, surfacePresent, VALID_ID } from './support.js';

const MODULE = 'build/native/valkey/emq_module.so';
const present = surfacePresent('native command EMQ.ENQUEUE', MODULE, 'scripts/valkey.js');
const { startServer } = present ? await import('../../scripts/valkey.js') : {};
const { FENCE_KEY, FENCE_VALUE, KIND_REFUSAL } = present ? await import('../../wasm/index.js') : {};

const b = (text) => Buffer.from(text, 'latin1');
const jobKeyBytes = (queue, id) => Buffer.concat([b(`emq:{${queue}}:job:`), id]);
const PENDING = b('emq:{orders}:pending');
const JOB = b(VALID_ID);

const state = (client) => keyspaceState(client, ['emq.enqueue', 'hset', 'zadd']);

async function replyTo(client, args) {
  try {
    return { ok: await client.call('EMQ.ENQUEUE', ...args) };
  } catch (error) {
    return { error: error.message };
  }
}

// [name, args, expected]: expected is a RegExp the error must match, or the exact error text.
function malformedCalls() {
  const calls = [];
  const full = ['2', jobKeyBytes('orders', JOB), PENDING, JOB, b('payload')];
  for (let n = 0; n <= 7; n++)
    if (n !== 5)
      calls.push([`arity-${n + 1}`, [...full, b('extra'), b('extra')].slice(0, n), /^ERR wrong number of arguments/i]);
  for (const numkeys of ['1', '3', '0', '-1', '02', '2 ', ' 2', 'two', '', '2\0', '+2'])
    calls.push([`numkeys-${JSON.stringify(numkeys)}`, [b(numkeys), ...full.slice(1)], /^ERR numkeys must be 2/]);
  for (const c of family('queue')) {
    const queue = bytesOf(c);
    const pending = Buffer.concat([b('emq:{'), queue, b('}:pending')]);
    calls.push([
      `pending-${c.name}`,
      ['2', Buffer.concat([b('emq:{'), queue, b('}:job:'), JOB]), pending, JOB, b('p')],
      /^EMQKEY /,
    ]);
  }
  for (const key of [
    '',
    'emq:{orders}:pendin',
    'emq:{orders}:Pending',
    '{orders}:pending',
    'emq:orders:pending',
    'emq:{orders}:pending ',
    'emq:{orders}}:pending',
    'emq:{{orders}:pending',
    'EMQ:{orders}:pending',
    'emq:{emq}:pending',
  ])
    calls.push([`pending-${JSON.stringify(key)}`, ['2', jobKeyBytes('orders', JOB), b(key), JOB, b('p')], /^EMQKEY /]);
  for (const c of family('id')) {
    const id = bytesOf(c);
    const jobPrefixed = id.subarray(0, 3).toString('latin1') === 'JOB';
    // A JOB-prefixed id passes the wire gate by design (the host refuses it before any wire), so it is sent
    // with a job key that names another id: the key check must refuse it.
    if (jobPrefixed) calls.push([`id-${c.name}`, ['2', jobKeyBytes('orders', JOB), PENDING, id, b('p')], /^EMQKEY /]);
    else calls.push([`id-${c.name}`, ['2', jobKeyBytes('orders', id), PENDING, id, b('p')], KIND_REFUSAL]);
  }
  calls.push(['key-other-queue', ['2', jobKeyBytes('other', JOB), PENDING, JOB, b('p')], /^EMQKEY /]);
  calls.push(['key-swapped', ['2', PENDING, jobKeyBytes('orders', JOB), JOB, b('p')], /^EMQKEY /]);
  return calls;
}

function mismatch(reply, expected) {
  if (reply.error === undefined) return `replied ${JSON.stringify(reply.ok)}`;
  const matches = expected instanceof RegExp ? expected.test(reply.error) : reply.error === expected;
  return matches ? null : `refused with ${JSON.stringify(reply.error.slice(0, 160))}`;
}

describe(
  'bad-input matrix: Valkey (native command)',
  { skip: !present && 'the Valkey module is not built yet' },
  () => {
    let server;
    let client;
    let baseline;

    before(async () => {
      server = await startServer({ module: true, args: ['--enable-debug-command', 'local'] });
      client = new Valkey({ host: server.host, port: server.port, maxRetriesPerRequest: 0 });
      await client.set(FENCE_KEY, FENCE_VALUE);
      // One real job, so the digest covers a row and a pending set, not only the fence.
      assert.equal(await client.call('EMQ.ENQUEUE', '2', jobKeyBytes('orders', JOB), PENDING, JOB, 'seed'), 1);
      baseline = await state(client);
    });
    after(async () => {
      client?.disconnect();
      await server?.stop();
    });

    it('EMQ.ENQUEUE refuses every malformed call by its class', async (t) => {
      const calls = malformedCalls();
      const replies = await Promise.all(calls.map(([, args]) => replyTo(client, args)));
      const broken = calls
        .map(([name, , expected], i) => [name, mismatch(replies[i], expected)])
        .filter(([, problem]) => problem)
        .map(([name, problem]) => `${name}: ${problem}`);
      assert.deepEqual(broken, []);
      t.diagnostic(`${calls.length} malformed EMQ.ENQUEUE calls`);
    });

    it('a fence that is absent, foreign or not a string refuses a well-formed call with EMQFENCE', async () => {
      const other = b('JOB0KHTOWnGLuD');
      const call = ['2', jobKeyBytes('orders', other), PENDING, other, b('p')];
      const broken = [];
      for (const [name, setFence] of [
        ['absent', () => client.del(FENCE_KEY)],
        ['foreign', () => client.set(FENCE_KEY, 'echomq:3.0.0')],
        ['empty', () => client.set(FENCE_KEY, '')],
        ['binary', () => client.set(FENCE_KEY, Buffer.from('echomq:4.0.0\0', 'latin1'))],
        [
          'a list',
          async () => {
            await client.del(FENCE_KEY);
            await client.rpush(FENCE_KEY, FENCE_VALUE);
          },
        ],
      ]) {
        await setFence();
        const problem = mismatch(await replyTo(client, call), /^EMQFENCE \{emq\}:version found /);
        if (problem) broken.push(`${name}: ${problem}`);
      }
      await client.del(FENCE_KEY);
      await client.set(FENCE_KEY, FENCE_VALUE);
      assert.deepEqual(broken, []);
    });

    it('the keyspace is unchanged afterwards: DBSIZE, DEBUG DIGEST, and no EMQ.ENQUEUE succeeded', async () => {
      const now = await state(client);
      assert.deepEqual([now.dbsize, now.digest, now.succeeded], [baseline.dbsize, baseline.digest, baseline.succeeded]);
      assert.ok(
        now.calls['emq.enqueue'] > baseline.calls['emq.enqueue'] + 1000,
        'the malformed calls reached the module',
      );
    });
  },
);
