// Leased minters as real processes (tests/valkey/lease/minter-process.js), each with its own connection: 16 on
// two "machines" (8 straight to the server's port, 8 through a TCP relay on another port) mint 100,000 ids each
// with no duplicate; a leaseholder stopped (SIGSTOP) past its TTL refuses to mint on waking while another holds
// its node; a Valkey killed and restarted on its port and data dir stops the minters, which then resume under a
// lease. Every wait is for an event the processes report, with generous timeouts.
import assert from 'node:assert/strict';
import { createServer, connect as tcpConnect } from 'node:net';
import { describe, test } from 'node:test';

import { LEASE_TAG } from '@echomq/branded/valkey';

import { waitFor } from '../../scripts/valkey.js';
import { minterProcess } from './lease/support.js';
import { rawClient, serverFor } from './support.js';

const PROCESSES = 16;
const IDS_EACH = 100_000;
// Short enough to expire within the test, long enough that a busy machine's stalls never end a lease by accident.
const SHORT_LEASE = ['--ttl', '4000', '--margin', '500'];
const LONG_LEASE = ['--ttl', '60000', '--margin', '2000'];
const isHeld = (event) => 'held' in event;
const isRefused = (event) => 'refused' in event;

/** A TCP relay on its own loopback port to the server: a second "machine" reaches Valkey through it. */
async function relayTo(t, server) {
  const sockets = new Set();
  const relay = createServer((socket) => {
    const upstream = tcpConnect(server.port, server.host);
    for (const end of [socket, upstream]) {
      sockets.add(end);
      end.on('error', () => {});
      end.on('close', () => sockets.delete(end));
    }
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise((done) => relay.listen(0, '127.0.0.1', done));
  t.after(() => {
    for (const socket of sockets) socket.destroy();
    relay.close();
  });
  return `redis://127.0.0.1:${relay.address().port}`;
}

describe('leased minters in processes', () => {
  test(`${PROCESSES} processes on two machines mint ${IDS_EACH} ids each: no duplicate`, async (t) => {
    const server = await serverFor(t);
    const urls = [server.url, await relayTo(t, server)];
    const seen = new Set();
    let printed = 0;
    const onId = (id) => {
      printed++;
      seen.add(id);
    };
    const minters = Array.from({ length: PROCESSES }, (_, i) =>
      minterProcess(t, urls[i % 2], ['--count', String(IDS_EACH)], { onId }),
    );
    const held = await Promise.all(minters.map((m) => m.waitFor((e) => isHeld(e) || 'failed' in e, 0, 'a lease')));
    const nodes = held.map(({ event }) => event.held);
    assert.equal(new Set(nodes).size, PROCESSES, `nodes held at once: ${nodes}`);
    for (const m of minters) m.go();
    const done = await Promise.all(minters.map((m) => m.waitFor((e) => 'done' in e || 'failed' in e, 0, 'the end')));
    assert.deepEqual(
      done.map(({ event }) => event),
      minters.map(() => ({ done: IDS_EACH })),
    );
    await Promise.all(minters.map((m) => m.exited));
    assert.equal(printed, PROCESSES * IDS_EACH);
    assert.equal(seen.size, PROCESSES * IDS_EACH, `${printed - seen.size} duplicate ids`);
    const admin = await rawClient(t, server);
    assert.deepEqual(await admin.keys(`${LEASE_TAG}:node:*`), [], 'every lease released');
  });

  test('a leaseholder stopped past its TTL refuses to mint on waking; its node is taken meanwhile', async (t) => {
    const server = await serverFor(t);
    const admin = await rawClient(t, server);
    const stopped = minterProcess(t, server.url, SHORT_LEASE);
    assert.equal((await stopped.waitFor(isHeld, 0, 'a lease')).event.held, 0);
    stopped.child.kill('SIGSTOP');
    await waitFor(async () => (await admin.exists(`${LEASE_TAG}:node:0`)) === 0, 'the lease expired on the server');
    const taker = minterProcess(t, server.url, LONG_LEASE);
    assert.equal((await taker.waitFor(isHeld, 0, 'a lease')).event.held, 0);
    const from = stopped.events.length;
    stopped.child.kill('SIGCONT');
    const { event: woke } = await stopped.waitFor(() => true, from, 'an event after SIGCONT');
    assert.ok(['expired', 'lost'].includes(woke.refused), JSON.stringify(woke));
    const { event: again } = await stopped.waitFor(isHeld, from, 'a new lease');
    assert.notEqual(again.held, 0);
    assert.equal(taker.events.filter(isRefused).length, 0, JSON.stringify(taker.events));
    await Promise.all([stopped.stop(), taker.stop()]);
  });

  test('Valkey killed and restarted: the minter stops, then resumes under a lease', async (t) => {
    const server = await serverFor(t);
    const minter = minterProcess(t, server.url, SHORT_LEASE);
    await minter.waitFor(isHeld, 0, 'a lease');
    const from = minter.events.length;
    await server.kill();
    const { event: stop, index } = await minter.waitFor(isRefused, from, 'a refusal while Valkey is down');
    assert.equal(stop.refused, 'expired');
    await server.restart();
    await minter.waitFor(isHeld, index, 'a lease after the restart');
    assert.deepEqual(await minter.stop(), [0, null]);
  });
});
