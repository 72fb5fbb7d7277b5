// The bad-input matrix through a Valkey Cluster (3 primaries, the module on each, node fences claimed): every
// malformed EMQ.ENQUEUE call, routed by its first key as a cluster client routes it, is refused by its class, or
// with CROSSSLOT when its two keys lie in two slots (as a script with those keys is); afterwards every primary's
// keyspace is exactly what it was (DBSIZE and DEBUG DIGEST equal, no call succeeded on any node).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { Cluster, Command, Valkey } from 'iovalkey';

import { JOB, PENDING, b, jobKeyBytes, malformedCalls, mismatch, replyTo } from './enqueue-calls.js';
import { keyspaceState, surfacePresent } from './support.js';

const MODULE = 'build/native/valkey/emq_module.so';
const present = surfacePresent('native command EMQ.ENQUEUE on a cluster', MODULE, 'scripts/valkey.js');
const { startCluster } = present ? await import('../../scripts/valkey.js') : {};
const { FENCE_VALUE, KIND_REFUSAL, NODE_FENCE_COMMAND } = present ? await import('../../wasm/index.js') : {};

// The command as a cluster client sends it: to the node of its first key (positions 2 and 3 are its keys).
function routed(args) {
  const command = new Command('EMQ.ENQUEUE', args);
  command.keys = args.slice(1, 3);
  return command;
}

// On a cluster the server checks the keys' slots before the module runs: two slots answer CROSSSLOT. The slots of
// these byte keys are the server's own (CLUSTER KEYSLOT).
async function expectedOnCluster(node, args, expected) {
  if (args.length < 3) return expected;
  const [a, c] = await Promise.all([
    node.call('CLUSTER', 'KEYSLOT', args[1]),
    node.call('CLUSTER', 'KEYSLOT', args[2]),
  ]);
  return a === c ? expected : /^CROSSSLOT /;
}

describe(
  'bad-input matrix: Valkey Cluster (native command)',
  { skip: !present && 'the Valkey module is not built yet' },
  () => {
    let cluster;
    let client;
    let primaries;
    let baseline;
    const states = () => Promise.all(primaries.map((node) => keyspaceState(node, ['emq.enqueue', 'hset', 'zadd'])));

    before(async () => {
      // No failover is wanted here: a node busy for seconds on a loaded machine is not taken for failed.
      cluster = await startCluster({ module: true, args: ['--enable-debug-command', 'local'], nodeTimeoutMs: 30_000 });
      primaries = (await cluster.primaries()).map((n) => new Valkey({ host: n.host, port: n.port }));
      for (const node of primaries) await node.call(NODE_FENCE_COMMAND, 'CLAIM', FENCE_VALUE);
      client = new Cluster(cluster.startupNodes, { maxRedirections: 16 });
      // One real job, so the digests cover a row and a pending set.
      assert.equal(await client.sendCommand(routed(['2', jobKeyBytes('orders', JOB), PENDING, JOB, b('seed')])), 1);
      baseline = await states();
    });
    after(async () => {
      client?.disconnect();
      for (const node of primaries ?? []) node.disconnect();
      await cluster?.stop();
    });

    it('EMQ.ENQUEUE refuses every malformed call by its class, or CROSSSLOT', async (t) => {
      const calls = malformedCalls(KIND_REFUSAL);
      const replies = await Promise.all(
        calls.map(([, args]) => replyTo(client, args, (a) => client.sendCommand(routed(a)))),
      );
      const expectations = await Promise.all(
        calls.map(([, args, expected]) => expectedOnCluster(primaries[0], args, expected)),
      );
      const broken = calls
        .map(([name], i) => [name, mismatch(replies[i], expectations[i])])
        .filter(([, problem]) => problem)
        .map(([name, problem]) => `${name}: ${problem}`);
      assert.deepEqual(broken, []);
      const crossSlot = calls.filter(([, , expected], i) => expectations[i] !== expected).length;
      t.diagnostic(`${calls.length} malformed EMQ.ENQUEUE calls, ${crossSlot} of them CROSSSLOT`);
    });

    it('a foreign node fence refuses a well-formed call with EMQFENCE', async () => {
      const other = b('JOB0KHTOWnGLuD');
      const call = ['2', jobKeyBytes('orders', other), PENDING, other, b('p')];
      const broken = [];
      for (const value of ['echomq:3.0.0', '', 'echomq:4.0.0\0']) {
        for (const node of primaries) await node.call(NODE_FENCE_COMMAND, 'SET', value);
        const reply = await replyTo(client, call, (a) => client.sendCommand(routed(a)));
        const problem = mismatch(reply, /^EMQFENCE EMQ\.FENCE found "/);
        if (problem) broken.push(`${JSON.stringify(value)}: ${problem}`);
      }
      for (const node of primaries) await node.call(NODE_FENCE_COMMAND, 'SET', FENCE_VALUE);
      assert.deepEqual(broken, []);
    });

    it('every primary is unchanged afterwards: DBSIZE, DEBUG DIGEST, and no EMQ.ENQUEUE succeeded', async () => {
      const now = await states();
      for (const [i, state] of now.entries()) {
        const was = baseline[i];
        assert.deepEqual([state.dbsize, state.digest, state.succeeded], [was.dbsize, was.digest, was.succeeded]);
      }
      const calls = now.reduce((n, state, i) => n + state.calls['emq.enqueue'] - baseline[i].calls['emq.enqueue'], 0);
      assert.ok(calls > 1000, `the malformed calls reached the module (${calls})`);
    });
  },
);
