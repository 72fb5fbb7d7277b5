// The bad-input matrix through Valkey: the native command EMQ.ENQUEUE on a real server (module loaded,
// fence claimed) refuses every malformed call with its class (arity, numkeys, EMQKEY, EMQFENCE, EMQKIND),
// and afterwards the keyspace is exactly what it was (DBSIZE and DEBUG DIGEST equal, no call succeeded).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { Valkey } from 'iovalkey';

import { JOB, PENDING, b, jobKeyBytes, malformedCalls, mismatch, replyTo } from './enqueue-calls.js';
import { keyspaceState, surfacePresent } from './support.js';

const MODULE = 'build/native/valkey/emq_module.so';
const present = surfacePresent('native command EMQ.ENQUEUE', MODULE, 'scripts/valkey.js');
const { startServer } = present ? await import('../../scripts/valkey.js') : {};
const { FENCE_KEY, FENCE_VALUE, KIND_REFUSAL } = present ? await import('../../wasm/index.js') : {};

const state = (client) => keyspaceState(client, ['emq.enqueue', 'hset', 'zadd']);

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
      const calls = malformedCalls(KIND_REFUSAL);
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
