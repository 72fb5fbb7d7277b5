// Node leases (createMinter({ lease }), the library's lease functions): the lowest free node, release with the
// last millisecond minted, the high-water a new holder mints after, the local deadline (an injected monotonic
// clock: no test waits on time), a renew that finds another owner, all 1,024 held, and each bad input a typed
// error with nothing minted: no library, a user without +fcall, an address that is not Valkey.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';

import { MAX_NODE, createMinter, parse, unixMs } from '@echomq/branded';
import { ConnectError, LEASE_TAG, LeaseError, connect } from '@echomq/branded/valkey';

import { Cluster, Valkey } from 'iovalkey';

import { startServer, waitFor } from '../../scripts/valkey.js';
import { clusterOf, rawClient, serverFor, snapshot } from './support.js';

const nodeKey = (node) => `${LEASE_TAG}:node:${node}`;
const highWaterKey = (node) => `${LEASE_TAG}:hw:${node}`;
const msOf = (id) => unixMs(parse(id).snowflake);
const isLease = (reason) => (error) => error instanceof LeaseError && error.code === 'lease' && error.reason === reason;

/** Timers that never fire on their own: the test runs the latest one when it wants. */
function heldTimers() {
  const timers = { latest: null, setTimeout: (run) => (timers.latest = run), clearTimeout: () => {} };
  return timers;
}

describe('node leases', () => {
  let server;
  let admin;
  let connection;
  before(async () => {
    server = await startServer();
    admin = new Valkey({ host: server.host, port: server.port });
    connection = await connect(server.url);
  });
  after(async () => {
    await connection.close();
    admin.disconnect();
    await server.stop();
  });
  const clean = async () => {
    const keys = await admin.keys(`${LEASE_TAG}*`);
    if (keys.length > 0) await admin.del(...keys);
  };

  test('takes the lowest free node, releases it with its last millisecond, and the next holder mints after it', async () => {
    await clean();
    const first = await createMinter({ namespace: 'JOB', lease: connection });
    const second = await createMinter({ namespace: 'USR', lease: connection });
    assert.deepEqual([first.node, second.node], [0, 1]);
    assert.equal((await admin.pttl(nodeKey(0))) > 0, true);
    const last = first.next();
    assert.equal(parse(last).node, 0);
    await first.close();
    assert.equal(await admin.exists(nodeKey(0)), 0);
    assert.equal(Number(await admin.get(highWaterKey(0))), msOf(last));
    const third = await createMinter({ namespace: 'JOB', lease: connection });
    assert.equal(third.node, 0);
    assert.ok(msOf(third.next()) > msOf(last));
    await assert.rejects(() => Promise.resolve().then(() => first.next()), isLease('closed'));
    await Promise.all([second.close(), third.close()]);
  });

  test('a new holder waits for its clock to pass the high-water, or refuses when it is far ahead', async () => {
    await clean();
    const soon = Date.now() + 300;
    await admin.set(highWaterKey(0), soon);
    const minter = await createMinter({ namespace: 'JOB', lease: connection });
    assert.ok(msOf(minter.next()) > soon);
    await minter.close();
    const far = Date.now() + 3_600_000;
    await admin.set(highWaterKey(0), far);
    await assert.rejects(
      createMinter({ namespace: 'JOB', lease: connection, leaseOptions: { maxWaitMs: 50 } }),
      isLease('clock'),
    );
    assert.equal(await admin.exists(nodeKey(0)), 0);
    assert.equal(Number(await admin.get(highWaterKey(0))), far);
  });

  test('past its local deadline it refuses to mint while the server still holds the key', async () => {
    await clean();
    const clock = { now: 0, monotonic: () => clock.now };
    const timers = heldTimers();
    const minter = await createMinter({
      namespace: 'JOB',
      lease: connection,
      leaseOptions: { ttlMs: 10_000, marginMs: 2_000, clock, timers },
    });
    clock.now = 7_999;
    minter.next();
    assert.equal(minter.node, 0);
    clock.now = 8_000;
    assert.equal(minter.node, null);
    assert.throws(() => minter.next(), isLease('expired'));
    assert.equal(minter.node, null);
    await waitFor(async () => (await admin.exists(nodeKey(0))) === 0, 'the expired lease released');
    await minter.close();
  });

  test('paused between the deadline check and the clock read (SIGSTOP): refused `expired`, not `ahead`', async () => {
    await clean();
    // The lease's promise is made on a wall clock a minute behind the minter's, so every id is past it; the
    // monotonic clock passes the deadline between next()'s two reads of it, as a process stopped there would.
    const reads = [0];
    const clock = { monotonic: () => (reads.length > 1 ? reads.shift() : reads[0]), wall: () => Date.now() - 60_000 };
    const timers = heldTimers();
    const minter = await createMinter({
      namespace: 'JOB',
      lease: connection,
      leaseOptions: { ttlMs: 10_000, marginMs: 2_000, clock, timers },
    });
    reads.splice(0, reads.length, 0, 9_000);
    assert.throws(() => minter.next(), isLease('expired'));
    assert.equal(minter.node, null);
    await minter.close();
  });

  test('a renew that finds another owner loses the node: no more ids on it', async () => {
    await clean();
    const timers = heldTimers();
    const minter = await createMinter({ namespace: 'JOB', lease: connection, leaseOptions: { timers } });
    minter.next();
    await admin.set(nodeKey(0), 'another-owner');
    await timers.latest();
    assert.throws(() => minter.next(), isLease('lost'));
    assert.equal(await admin.get(nodeKey(0)), 'another-owner');
    await minter.close();
  });

  test(`all ${MAX_NODE + 1} nodes held: LeaseError full, nothing changed`, async () => {
    await clean();
    const held = Array.from({ length: MAX_NODE + 1 }, (_, node) => [nodeKey(node), 'someone']).flat();
    await admin.mset(...held);
    const before = await snapshot(admin);
    await assert.rejects(createMinter({ namespace: 'JOB', lease: connection }), isLease('full'));
    assert.deepEqual(await snapshot(admin), before);
    await clean();
  });

  test('arguments: a connection, not both node and lease, a valid namespace, sane lease options', async () => {
    await assert.rejects(createMinter({ namespace: 'JOB', lease: {} }), TypeError);
    await assert.rejects(createMinter({ namespace: 'JOB', node: 3, lease: connection }), TypeError);
    await assert.rejects(createMinter({ namespace: 'job', lease: connection }), { code: 'namespace' });
    await assert.rejects(
      createMinter({ namespace: 'JOB', lease: connection, leaseOptions: { ttlMs: 1000, marginMs: 1000 } }),
      TypeError,
    );
    assert.equal(await admin.exists(nodeKey(0)), 0);
  });
});

describe('node leases on a Valkey Cluster', () => {
  test('a cluster connection leases distinct nodes, all under one hash tag on one primary', async (t) => {
    const cluster = await clusterOf({ replicas: 0 });
    t.after(() => cluster.stop());
    const connection = await connect({ cluster: cluster.startupNodes });
    t.after(() => connection.close());
    const minters = await Promise.all(
      ['JOB', 'USR', 'JOB'].map((namespace) => createMinter({ namespace, lease: connection })),
    );
    assert.deepEqual(minters.map((m) => m.node).sort(), [0, 1, 2]);
    const ids = minters.flatMap((minter) => Array.from({ length: 1000 }, () => minter.next()));
    assert.equal(new Set(ids).size, ids.length);
    const admin = new Cluster(cluster.startupNodes);
    t.after(() => admin.disconnect());
    assert.ok((await admin.pttl(nodeKey(2))) > 0, 'held on the cluster');
    await Promise.all(minters.map((minter) => minter.close()));
    assert.equal(await admin.exists(nodeKey(0), nodeKey(1), nodeKey(2)), 0);
  });
});

describe('node leases refused', () => {
  test('a Valkey without the library: LeaseError library, nothing held', async (t) => {
    const server = await serverFor(t, { library: false });
    const connection = await connect(server.url);
    t.after(() => connection.close());
    await assert.rejects(createMinter({ namespace: 'JOB', lease: connection }), (error) => {
      assert.ok(isLease('library')(error), error.message);
      assert.match(error.message, /loadLibrary/);
      return true;
    });
    const admin = await rawClient(t, server);
    assert.deepEqual(await admin.keys(`${LEASE_TAG}*`), []);
  });

  test('a user without +fcall: LeaseError denied, nothing held', async (t) => {
    const server = await serverFor(t);
    const admin = await rawClient(t, server);
    await admin.call('ACL', 'SETUSER', 'nofcall', 'on', '>secret-password-123', '~*', '+@all', '-fcall');
    const connection = await connect(`redis://nofcall:secret-password-123@${server.host}:${server.port}`);
    t.after(() => connection.close());
    await assert.rejects(createMinter({ namespace: 'JOB', lease: connection }), (error) => {
      assert.ok(isLease('denied')(error), error.message);
      return true;
    });
    assert.deepEqual(await admin.keys(`${LEASE_TAG}*`), []);
  });

  test('an address that is not Valkey (an HTTP server): ConnectError', async (t) => {
    const http = createServer((request, response) => response.end('not valkey'));
    await new Promise((done) => http.listen(0, '127.0.0.1', done));
    t.after(() => http.close());
    await assert.rejects(connect(`redis://127.0.0.1:${http.address().port}`), (error) => {
      assert.ok(error instanceof ConnectError && error.code === 'connect', error.message);
      assert.match(error.message, /is a Valkey server listening there/);
      return true;
    });
  });
});
