// Every flood of attacks.test.js at once (Valkey stalls aside: nobody is served while Valkey is stopped), for
// at least 20 s and until 20 legitimate visitors on their own addresses have made 50 enqueues each: the bridge
// alive, its RSS <= 256 MiB, every legitimate reply `ok`, every acknowledged job stored. Each flood is bounded
// in rate and in sockets. The end is counted in the visitors' requests, not in time, so a slow machine only
// makes it longer; the visitors' p99 is a figure (bench/bridge/soak.js, BRANDED_SOAK_P99_MS), not a gate.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { createMinter } from '@echomq/branded';
import { Valkey } from 'iovalkey';

import { startServer } from '../../scripts/valkey.js';
import { alive, assertPresent, clientAt, describeStats, legitClient, rawRequest, sleep } from './attack-support.js';
import { connect, open, rssMiB, startBridge, upgradeStatus } from './support.js';

const SOAK_MS = Number(process.env.BRANDED_SOAK_MS ?? 20_000); // the least the floods run
const P99_BOUND_MS = Number(process.env.BRANDED_SOAK_P99_MS ?? Infinity); // bench/bridge/soak.js sets it
const VISITORS = 20;
const VISITS = Number(process.env.BRANDED_SOAK_VISITS ?? 50); // enqueues each visitor makes

const STEP_BOUND_MS = 5000;

// Runs `step` every `everyMs` until the soak is over; one step at a time, none waited for longer than
// STEP_BOUND_MS (a reply on a socket the bridge closed never comes), a failure counted, not thrown.
function every(everyMs, step, state) {
  return (async () => {
    while (!state.over) {
      await Promise.race([
        step().catch(() => {
          state.errors += 1;
        }),
        sleep(STEP_BOUND_MS),
      ]);
      await sleep(everyMs);
    }
  })();
}

const upgradeText = (path, origin) =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
  `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: ${origin}\r\n\r\n`;

test('soak: mixed floods beside 20 legitimate visitors', { timeout: 600_000 }, async (t) => {
  const site = mkdtempSync(join(tmpdir(), 'bridge-soak-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(site, '.env'), 'SECRET=1');
  const valkey = await startServer({ module: true });
  const direct = new Valkey({ host: valkey.host, port: valkey.port });
  const bridge = await startBridge(['--valkey', valkey.url, '--static', site], {
    env: process.env.BENCH_BRIDGE_CPU_PROF
      ? { NODE_OPTIONS: `--import=${new URL('../../bench/bridge/cpu-profile.js', import.meta.url)}` }
      : {},
  });
  const state = { over: false, errors: 0 };
  const held = new Set(); // every socket a flood keeps open, closed at the end
  const keep = (socket) => {
    held.add(socket);
    return socket;
  };
  try {
    const setup = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(240) });
    assert.equal((await setup.request('streamSeed', { queue: 'demo', stream: 'fills' })).ok, true);
    await sleep(1000); // the seed spent the bridge-wide budget; it refills within a second
    const wide = createMinter({ namespace: 'JOB', node: 91 });
    assert.equal(
      (
        await setup.request('enqueueMany', {
          queue: 'demo.wide',
          items: Array.from({ length: 1000 }, () => ({ job: wide.next() })),
        })
      ).ok,
      true,
    );
    await setup.close();
    const visitors = await legitClient(bridge, {
      addresses: Array.from({ length: VISITORS }, (_, i) => clientAt(1 + i)),
      everyMs: 100,
      count: VISITS,
    });
    let visited = false;
    visitors.finished.then(() => {
      visited = true;
    });
    // The batch flood cycles through a pool of ids (repeats are duplicates: the same Valkey work, no minting).
    const minter = createMinter({ namespace: 'JOB', node: 90 });
    const pool = Array.from({ length: 20 }, () => Array.from({ length: 1000 }, () => ({ job: minter.next() })));
    let nextBatch = 0;
    const floods = [];

    // 1: request targets that new URL() rejects, and dotfiles.
    floods.push(
      every(
        200,
        async () => {
          await Promise.all(
            [
              'GET //[ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
              upgradeText('//a:b/ws', bridge.origin),
              'HEAD //%00/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
              'GET /.env HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
              'GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
            ].map((text) => rawRequest(bridge.port, text, { localAddress: clientAt(30) })),
          );
        },
        state,
      ),
    );
    // 3: one address trying to hold every WebSocket slot.
    floods.push(
      every(
        1000,
        async () => {
          const tries = Array.from({ length: 16 }, () =>
            connect(bridge.ws, { origin: bridge.origin, localAddress: clientAt(31) }),
          );
          for (const c of tries)
            c.opened.then(
              () => keep(c.ws),
              () => {},
            );
          await Promise.allSettled(tries.map((c) => c.opened));
        },
        state,
      ),
    );
    // 4: stream windows over the whole seed from 4 addresses, and seeds.
    const windowers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(32 + i) })),
    );
    windowers.forEach((w) => keep(w.ws));
    floods.push(
      every(
        200,
        async () => {
          await Promise.all(
            windowers.flatMap((w) =>
              Array.from({ length: 8 }, () =>
                w.request('streamWindow', { queue: 'demo', stream: 'fills', t0: 1781000000000, t1: 1781000000049 }),
              ),
            ),
          );
        },
        state,
      ),
    );
    floods.push(
      every(
        500,
        async () => {
          await windowers[0].request('streamSeed', { queue: 'demo', stream: 'flood' });
        },
        state,
      ),
    );
    // 5: slowloris from 3 addresses, re-opened as the bridge closes them.
    const slow = new Set();
    floods.push(
      every(
        250,
        async () => {
          for (let a = 0; a < 3; a += 1) {
            for (let i = 0; i < 5 && slow.size < 120; i += 1) {
              const socket = keep(netConnect({ host: '127.0.0.1', port: bridge.port, localAddress: clientAt(40 + a) }));
              socket.on('error', () => {});
              socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
              socket.on('close', () => slow.delete(socket));
              slow.add(socket);
            }
          }
          for (const socket of slow) if (socket.writable) socket.write('a');
        },
        state,
      ),
    );
    // 6: readers that never read, asking for 17 kB replies.
    floods.push(
      every(
        2000,
        async () => {
          const reader = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(45) });
          keep(reader.ws);
          reader.ws._socket.pause();
          for (let i = 0; i < 400 && reader.ws.readyState === reader.ws.OPEN; i += 1) {
            reader.ws.send(JSON.stringify({ id: i, op: 'pending', queue: 'demo.wide', limit: 1000 }));
            await sleep(10);
          }
        },
        state,
      ),
    );
    // 8: a reconnecting address, and 10 addresses of enqueueMany batches (budgets, quota, TTL).
    floods.push(
      every(
        50,
        async () => {
          const client = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(50) });
          await client.burst(Array.from({ length: 50 }, (_, i) => ({ op: 'hello', id: i })));
          client.ws.terminate();
        },
        state,
      ),
    );
    const batchers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(60 + i) })),
    );
    batchers.forEach((b) => keep(b.ws));
    floods.push(
      every(
        500,
        async () => {
          await Promise.all(
            batchers.map((b) =>
              b.request('enqueueMany', { queue: 'demo.flood', items: pool[nextBatch++ % pool.length] }),
            ),
          );
        },
        state,
      ),
    );
    // 10: refused upgrades with an 8 kB Origin.
    const longOrigin = `https://evil.example/${'x'.repeat(8000)}`;
    floods.push(
      every(
        200,
        async () => {
          await Promise.all(
            Array.from({ length: 10 }, () =>
              upgradeStatus(bridge.ws, { origin: longOrigin, localAddress: clientAt(70) }).catch(() => 0),
            ),
          );
        },
        state,
      ),
    );

    const rss = [];
    const started = Date.now();
    while (Date.now() - started < SOAK_MS || !visited) {
      assert.ok(alive(bridge), 'the bridge is alive');
      rss.push(rssMiB(bridge.child.pid));
      await sleep(500);
    }
    state.over = true;
    const stats = await visitors.stop();
    for (const socket of held) (socket.terminate ?? socket.destroy).call(socket);
    await Promise.all(floods);
    const peak = Math.max(...rss);

    assert.ok(alive(bridge), 'the bridge is alive');
    assert.ok(peak <= 256, `bridge RSS peaked at ${peak.toFixed(0)} MiB`);
    assert.equal(stats.latencies.length, VISITORS * VISITS, 'every legitimate request answered');
    assert.deepEqual(Object.keys(stats.codes), ['ok'], `legitimate replies ${JSON.stringify(stats.codes)}`);
    assert.ok(stats.p99 <= P99_BOUND_MS, `legitimate p99 over ${P99_BOUND_MS} ms: ${describeStats(stats)}`);
    await assertPresent(direct, 'demo.legit', stats.acked);
    t.diagnostic(
      `${((Date.now() - started) / 1000).toFixed(0)} s soak: bridge RSS ${Math.min(...rss).toFixed(0)}–${peak.toFixed(0)} MiB; ${stats.acked.length} legitimate jobs acked, all stored; ${describeStats(stats)}; DBSIZE ${await direct.dbsize()}`,
    );
  } finally {
    state.over = true;
    for (const socket of held) (socket.terminate ?? socket.destroy).call(socket);
    direct.disconnect();
    await bridge.stop();
    await valkey.stop();
    rmSync(site, { recursive: true, force: true });
  }
});
