// The bridge's second attack round (issue 25), each finding tried as an attacker would, from one address,
// from many (distinct 127.x sources) and, where it matters, from IPv6 prefixes (a site's /48 made local for
// the test). Beside every attack a legitimate visitor on its own address is timed: each of its replies is
// `ok` within 1 s; and once the attacker stops, nothing it took stays held (/metrics `held`, descriptors).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { createMinter } from '@echomq/branded';
import { Valkey } from 'iovalkey';

import { startServer } from '../../scripts/valkey.js';
import {
  alive,
  anyIpSite,
  assertServedWithin,
  clientAt,
  describeStats,
  fdsOf,
  held,
  httpVisitor,
  legitClient,
  peakRss,
  siteAt,
  SITE_PREFIX,
  sleep,
  VISITOR_BOUND_MS,
} from './attack-support.js';
import { connect, getJson, open, rssMiB, startBridge, upgradeStatus } from './support.js';

const KB46 = 46 * 1024;

async function until(check, what, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

// A raw socket from `localAddress` that writes `text` and never reads a byte of the answer.
function nonReader(bridge, localAddress, text) {
  const socket = netConnect({ host: bridge.host, port: bridge.port, localAddress });
  socket.on('error', () => {});
  socket.on('connect', () => {
    socket.pause();
    socket.write(text);
  });
  return socket;
}

// A stack of its own: a Valkey (module and library loaded) and a bridge with `args`.
function useStack(args, options = {}) {
  const stack = { valkey: null, bridge: null };
  before(async () => {
    stack.valkey = await startServer({ module: true });
    const rest = typeof args === 'function' ? args() : args;
    stack.bridge = await startBridge(['--valkey', stack.valkey.url, ...rest], options);
  });
  after(async () => {
    await stack.bridge?.stop();
    await stack.valkey?.stop();
  });
  return stack;
}

let site;
before(() => {
  site = mkdtempSync(join(tmpdir(), 'bridge-round2-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(site, 'big.js'), 'x'.repeat(512 << 10));
  // More than a loopback socket's buffers take in (2-4 MB): an answer nobody reads stays open.
  writeFileSync(join(site, 'huge.bin'), Buffer.alloc(8 << 20));
});
after(() => rmSync(site, { recursive: true, force: true }));

describe('1. pipelined requests on sockets whose client never reads', () => {
  const stack = useStack(() => ['--static', site, '--send-timeout', '2000', '--max-open-files', '32']);

  it('one address, 32 sockets of 46 KB of pipelined GETs: closed past the pipeline depth; no descriptor or memory held', async (t) => {
    const { bridge } = stack;
    const base = { fds: fdsOf(bridge.child.pid), rss: rssMiB(bridge.child.pid) };
    const legit = await legitClient(bridge, { address: clientAt(1) });
    const visitor = httpVisitor(bridge, { localAddress: clientAt(2), path: '/' });
    const pipelined = 'GET /big.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(Math.ceil(KB46 / 40));
    let peakFds = 0;
    const { peak } = await peakRss(bridge, async () => {
      const sockets = Array.from({ length: 32 }, () => nonReader(bridge, clientAt(10), pipelined));
      for (let i = 0; i < 15; i += 1) {
        await sleep(200);
        peakFds = Math.max(peakFds, fdsOf(bridge.child.pid) - base.fds);
      }
      sockets.forEach((s) => s.destroy());
    });
    const refused = (await getJson(`${bridge.http}/metrics`)).body.http.refused.pipeline ?? 0;
    const stats = await legit.stop();
    const pages = await visitor.stop();
    await until(async () => fdsOf(bridge.child.pid) - base.fds <= 4, 'the descriptors back');
    const now = await held(bridge);
    assert.ok(alive(bridge));
    assert.ok(refused >= 1, 'a socket pipelining past the depth is closed');
    assert.ok(peakFds <= 32 * 2 + 16, `${peakFds} descriptors held at the peak (32 sockets, one file each at most)`);
    assert.ok(peak - base.rss <= 64, `RSS ${base.rss.toFixed(0)} → ${peak.toFixed(0)} MiB`);
    assert.equal(now.files, 0, 'no file left open');
    assert.deepEqual(Object.keys(pages.statuses), ['200'], JSON.stringify(pages));
    assert.ok(pages.max <= VISITOR_BOUND_MS, `a page took ${pages.max.toFixed(0)} ms`);
    assertServedWithin(stats, 'pipelining, one address');
    t.diagnostic(
      `32 pipelining sockets: ${refused} closed past the depth; peak +${peakFds} fds, RSS ${base.rss.toFixed(0)} → ${peak.toFixed(0)} MiB; ` +
        `after: files ${now.files}; pages ${JSON.stringify(pages.statuses)} max ${pages.max.toFixed(0)} ms; ${describeStats(stats)}`,
    );
  });

  it('16 addresses x 4 sockets that never read their file: the visitor takes a file from the heaviest; the send timeout frees the rest', async (t) => {
    const { bridge } = stack;
    const base = fdsOf(bridge.child.pid);
    const legit = await legitClient(bridge, { address: clientAt(1) });
    const one = 'GET /huge.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    const sockets = [];
    for (let a = 0; a < 16; a += 1)
      for (let i = 0; i < 4; i += 1) sockets.push(nonReader(bridge, clientAt(20 + a), one));
    let during = await held(bridge);
    await until(async () => (during = await held(bridge)).files === 32, 'every file slot taken');
    const visitor = httpVisitor(bridge, { localAddress: clientAt(3), path: '/', everyMs: 200 });
    await sleep(4000); // lets --send-timeout (2 s, looked at every 0.5 s) pass while the visitor asks for pages
    // The visitor stops first: its own page may be open at the instant of a count.
    const pages = await visitor.stop();
    let freed = await held(bridge);
    await until(async () => (freed = await held(bridge)).files === 0, 'the files closed');
    sockets.forEach((s) => s.destroy());
    const stats = await legit.stop();
    await until(async () => fdsOf(bridge.child.pid) - base <= 4, 'the descriptors back');
    const metrics = (await getJson(`${bridge.http}/metrics`)).body;
    assert.equal(during.files, 32, `${during.files} files open (--max-open-files 32)`);
    assert.equal(freed.files, 0, 'the send timeout closed every answer nobody read');
    assert.ok((metrics.evicted.files ?? 0) >= 1, 'the visitor took its file from the heaviest holder');
    assert.deepEqual(Object.keys(pages.statuses), ['200'], JSON.stringify(pages));
    assert.ok(pages.max <= VISITOR_BOUND_MS, `a download took ${pages.max.toFixed(0)} ms`);
    assertServedWithin(stats, 'non-reading downloads, many addresses');
    t.diagnostic(
      `64 non-reading downloads of 8 MB from 16 addresses: files ${during.files} open, ${freed.files} after the send timeout, ` +
        `${metrics.evicted.files} taken from the heaviest; downloads ${JSON.stringify(pages.statuses)} max ${pages.max.toFixed(0)} ms; ${describeStats(stats)}`,
    );
  });
});

// One enqueueMany of 1,000 items on the queue `!` (nothing can be written) from each of many addresses.
async function frameFromEach(bridge, addresses, lanes = 12) {
  const frame = JSON.stringify({
    id: 1,
    op: 'enqueueMany',
    queue: '!',
    items: Array.from({ length: 1000 }, () => ({ job: 'JOB0KHTOWnGLuC' })),
  });
  const codes = {};
  let next = 0;
  const lane = async () => {
    while (next < addresses.length) {
      const localAddress = addresses[next++];
      const client = connect(bridge.ws, { origin: bridge.origin, localAddress });
      const opened = await client.opened.then(
        () => 101,
        (e) => e.status ?? 'error',
      );
      if (opened !== 101) {
        codes[opened] = (codes[opened] ?? 0) + 1;
        continue;
      }
      const reply = await new Promise((resolve) => {
        client.ws.once('message', (data) => resolve(JSON.parse(data.toString())));
        client.ws.send(frame);
      });
      const code = reply.ok ? 'ok' : reply.error.code;
      codes[code] = (codes[code] ?? 0) + 1;
      client.ws.terminate();
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return codes;
}

describe('2. the client table under many addresses', () => {
  const stack = useStack(['--max-clients', '2000']);

  it('3,000 addresses, one 10 KB frame each: the table evicts the oldest idle records; new addresses and /healthz are served', async (t) => {
    const { bridge } = stack;
    const legit = await legitClient(bridge, { address: clientAt(1) });
    const rssBefore = rssMiB(bridge.child.pid);
    const started = Date.now();
    const codes = await frameFromEach(
      bridge,
      Array.from({ length: 3000 }, (_, i) => clientAt(1000 + i)),
    );
    const seconds = (Date.now() - started) / 1000;
    const statuses = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await getJson(`${bridge.http}/healthz`)).status);
    const fresh = await upgradeStatus(bridge.ws, { origin: bridge.origin, localAddress: clientAt(5000) });
    const stats = await legit.stop();
    const { clients } = await held(bridge);
    const rssAfter = rssMiB(bridge.child.pid);
    assert.deepEqual(codes, { malformed: 3000 }, 'every frame answered malformed: nothing charged, nothing written');
    assert.ok(clients <= 2000, `${clients} clients tracked (--max-clients 2000)`);
    assert.deepEqual([...new Set(statuses)], [200]);
    assert.equal(fresh, 101, 'a new address is admitted');
    assert.ok(rssAfter - rssBefore <= 64, `RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MiB`);
    assertServedWithin(stats, 'client table, many addresses');
    t.diagnostic(
      `3,000 addresses in ${seconds.toFixed(1)} s: ${JSON.stringify(codes)}; ${clients} tracked; /healthz ${statuses.join(',')}; new address ${fresh}; ` +
        `RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MiB; ${describeStats(stats)}`,
    );
  });
});

describe('2. the client table under IPv6 prefixes', () => {
  let undo = null;
  before(() => {
    undo = anyIpSite();
  });
  after(() => undo?.());
  const perSixtyFour = useStack(['--max-clients', '500'], { host: '::1' });
  const perSite = useStack(['--ipv6-prefix', '48'], { host: '::1' });

  it('1,000 /64s of one /48: each its own client, the table evicts; with --ipv6-prefix 48 they are one client', async (t) => {
    if (undo === null)
      return t.skip(`needs root to make ${SITE_PREFIX} local (ip -6 route add local …, ip_nonlocal_bind)`);
    const addresses = Array.from({ length: 1000 }, (_, i) => siteAt(i + 1));
    const results = {};
    for (const [name, stack] of [
      ['/64', perSixtyFour],
      ['/48', perSite],
    ]) {
      const legit = await legitClient(stack.bridge, { address: '::1' });
      const codes = await frameFromEach(stack.bridge, addresses, 8);
      const stats = await legit.stop();
      results[name] = { codes, clients: (await held(stack.bridge)).clients, stats };
      assertServedWithin(stats, `IPv6 clients per ${name}`);
    }
    assert.equal(results['/64'].codes.malformed, 1000, JSON.stringify(results['/64'].codes));
    assert.ok(results['/64'].clients <= 500, `${results['/64'].clients} clients (--max-clients 500)`);
    assert.ok(
      (results['/48'].codes.rate ?? 0) > 0,
      `one /48 shares one budget: ${JSON.stringify(results['/48'].codes)}`,
    );
    assert.ok(results['/48'].clients <= 3, `${results['/48'].clients} clients: the /48 and the visitor`);
    t.diagnostic(
      `per /64: ${JSON.stringify(results['/64'].codes)}, ${results['/64'].clients} tracked; per /48: ${JSON.stringify(results['/48'].codes)}, ` +
        `${results['/48'].clients} tracked; ${describeStats(results['/48'].stats)}`,
    );
    return undefined;
  });
});

// Opens up to `count` WebSockets from `localAddress`; resolves those that opened (the rest were refused).
async function hold(bridge, localAddress, count) {
  const opened = [];
  for (let i = 0; i < count; i += 1) {
    try {
      opened.push(await open(bridge.ws, { origin: bridge.origin, localAddress }));
    } catch {
      /* refused: the caller counts what opened */
    }
  }
  return opened;
}

describe('4. the WebSocket ceiling taken by a few addresses', () => {
  const stack = useStack([]);

  it('8 addresses x 8 WebSockets fill the 64: a visitor still gets one (the heaviest loses its oldest, 1013); retries do not take it back', async (t) => {
    const { bridge } = stack;
    const attackers = [];
    for (let a = 0; a < 8; a += 1) attackers.push(...(await hold(bridge, clientAt(100 + a), 8)));
    assert.equal(attackers.length, 64);
    const closedCodes = [];
    for (const c of attackers) c.closed.then(({ code }) => closedCodes.push(code));
    const started = performance.now();
    const visitor = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(2) });
    const joinedMs = performance.now() - started;
    const legit = await legitClient(bridge, { address: clientAt(1) });
    const retries = [];
    for (let a = 0; a < 8; a += 1)
      retries.push(await upgradeStatus(bridge.ws, { origin: bridge.origin, localAddress: clientAt(100 + a) }));
    await sleep(1000);
    const stats = await legit.stop();
    const gaveWay = [...closedCodes];
    await visitor.close();
    await Promise.all(attackers.map((c) => c.close()));
    await until(async () => (await held(bridge)).websockets === 0, 'every place free');
    assert.deepEqual(
      gaveWay,
      [1013, 1013],
      "two attacker sockets gave their places (the visitor's and the timed client's)",
    );
    assert.ok(retries.every((s) => s === 503) || retries.filter((s) => s === 101).length <= 1, JSON.stringify(retries));
    assert.ok(joinedMs <= VISITOR_BOUND_MS, `the visitor joined in ${joinedMs.toFixed(0)} ms`);
    assertServedWithin(stats, 'WebSocket ceiling');
    t.diagnostic(
      `64 held by 8 addresses; the visitor joined in ${joinedMs.toFixed(0)} ms (one attacker closed ${gaveWay}); retries ${retries.join(',')}; ${describeStats(stats)}`,
    );
  });

  it('16 addresses each asking for 8: they share the 64 evenly, and a visitor still gets a place', async (t) => {
    const { bridge } = stack;
    const attackers = [];
    for (let round = 0; round < 8; round += 1)
      for (let a = 0; a < 16; a += 1) attackers.push(...(await hold(bridge, clientAt(200 + a), 1)));
    const legit = await legitClient(bridge, { address: clientAt(1) });
    await sleep(1000);
    const stats = await legit.stop();
    const live = attackers.filter((c) => c.ws.readyState === c.ws.OPEN);
    await Promise.all(attackers.map((c) => c.close()));
    await until(async () => (await held(bridge)).websockets === 0, 'every place free');
    assert.ok(live.length <= 63, `${live.length} attacker sockets open beside the visitor`);
    assertServedWithin(stats, 'WebSocket ceiling, 16 addresses');
    t.diagnostic(`16 addresses asking for 128: ${live.length} open at the end; ${describeStats(stats)}`);
  });
});

describe('4. the WebSocket and socket ceilings under an IPv6 site', () => {
  let undo = null;
  before(() => {
    undo = anyIpSite();
  });
  after(() => undo?.());
  const stack = useStack(['--ipv6-prefix', '48'], { host: '::1' });

  it('8 /64s of one /48 asking for 8 WebSockets each: the site is one client and gets 8; a visitor is served', async (t) => {
    if (undo === null)
      return t.skip(`needs root to make ${SITE_PREFIX} local (ip -6 route add local …, ip_nonlocal_bind)`);
    const { bridge } = stack;
    const attackers = [];
    for (let a = 0; a < 8; a += 1) attackers.push(...(await hold(bridge, siteAt(a + 1), 8)));
    const sockets = Array.from({ length: 64 }, (_, i) =>
      nonReader(bridge, siteAt(100 + i), 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n'),
    );
    await sleep(500);
    const during = await held(bridge);
    const legit = await legitClient(bridge, { address: '::1' });
    await sleep(1000);
    const stats = await legit.stop();
    sockets.forEach((s) => s.destroy());
    await Promise.all(attackers.map((c) => c.close()));
    await until(async () => (await held(bridge)).sockets <= 1, 'the sockets gone');
    assert.equal(attackers.length, 8, 'one client: --max-connections-per-ip for the whole /48');
    // The /48's 32 (--max-sockets-per-ip), and the test's own request for /metrics.
    assert.ok(during.sockets <= 33, `${during.sockets} sockets held`);
    assertServedWithin(stats, 'an IPv6 site');
    t.diagnostic(`one /48: ${attackers.length} WebSockets, ${during.sockets} sockets held; ${describeStats(stats)}`);
    return undefined;
  });
});

describe('4. the TCP socket ceiling taken by a few addresses', () => {
  const stack = useStack([]);

  it('40 addresses x 32 idle sockets fill the 1,024: a visitor is still answered; the sockets go when the attacker does', async (t) => {
    const { bridge } = stack;
    const base = (await held(bridge)).sockets;
    const sockets = [];
    for (let a = 0; a < 40; a += 1)
      for (let i = 0; i < 32; i += 1)
        sockets.push(nonReader(bridge, clientAt(300 + a), 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
    await sleep(1500);
    const during = await held(bridge);
    const visitor = httpVisitor(bridge, { localAddress: clientAt(2) });
    const legit = await legitClient(bridge, { address: clientAt(1) });
    await sleep(1500);
    const stats = await legit.stop();
    const pages = await visitor.stop();
    sockets.forEach((s) => s.destroy());
    await until(async () => (await held(bridge)).sockets <= base + 1, 'the attacker sockets gone');
    const metrics = (await getJson(`${bridge.http}/metrics`)).body;
    assert.ok(during.sockets <= 1024, `${during.sockets} sockets`);
    assert.deepEqual(Object.keys(pages.statuses), ['200'], JSON.stringify(pages));
    assert.ok(pages.max <= VISITOR_BOUND_MS, `/healthz took ${pages.max.toFixed(0)} ms`);
    assert.ok((metrics.evicted.sockets ?? 0) >= 1, 'a newcomer took a socket from the heaviest');
    assertServedWithin(stats, 'TCP socket ceiling');
    t.diagnostic(
      `1,280 idle sockets from 40 addresses: ${during.sockets} held; ${metrics.evicted.sockets} given to newcomers; /healthz ${JSON.stringify(pages.statuses)} max ${pages.max.toFixed(0)} ms; ${describeStats(stats)}`,
    );
  });
});

describe('4. the key quota filled by many addresses', () => {
  const stack = useStack(['--max-keys', '20000']);

  it('25 addresses enqueueing 1,000 new jobs a time: heavy writers stop at their share, a newcomer is still served', async (t) => {
    const { bridge, valkey } = stack;
    const direct = new Valkey({ host: valkey.host, port: valkey.port });
    const attackers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(400 + i) })),
    );
    const minter = createMinter({ namespace: 'JOB', node: 400 });
    const codes = {};
    let running = true;
    const flood = attackers.map(async (client, i) => {
      while (running) {
        const reply = await client.request('enqueueMany', {
          queue: `demo.fill${i}`,
          items: Array.from({ length: 1000 }, () => ({ job: minter.next() })),
        });
        const code = reply.ok ? 'ok' : `${reply.error.code}/${reply.error.reason ?? ''}`;
        codes[code] = (codes[code] ?? 0) + 1;
        await sleep(300);
      }
    });
    await until(() => (codes['busy/quota'] ?? 0) > 0, 'the quota reached', 60000);
    const legit = await legitClient(bridge, { address: clientAt(2) });
    await sleep(3000);
    const stats = await legit.stop();
    running = false;
    await Promise.all(flood);
    const keys = await direct.dbsize();
    await Promise.all(attackers.map((c) => c.close()));
    direct.disconnect();
    assert.ok(keys < 20000, `DBSIZE ${keys} (--max-keys 20000)`);
    assert.ok((codes['busy/quota'] ?? 0) > 0, JSON.stringify(codes));
    assertServedWithin(stats, 'key quota');
    t.diagnostic(`25 addresses: ${JSON.stringify(codes)}, DBSIZE ${keys} of 20,000; ${describeStats(stats)}`);
  });
});

const WINDOW = { queue: 'demo', stream: 'fills', t0: 1781000000000, t1: 1781000000049 };

describe('4. seeds and windows taken by one address, then by four', () => {
  const stack = useStack([]);
  before(async () => {
    const setup = await open(stack.bridge.ws, { origin: stack.bridge.origin, localAddress: clientAt(250) });
    const seeded = await setup.request('streamSeed', { queue: 'demo', stream: 'fills', entries: 50000 });
    assert.equal(seeded.ok, true, JSON.stringify(seeded));
    await setup.close();
  });

  for (const attackerCount of [1, 4]) {
    it(`${attackerCount} address(es) seeding and reading windows without pause: the visitor's seeds and windows are served`, async (t) => {
      const { bridge } = stack;
      const legit = await legitClient(bridge, { address: clientAt(1) });
      let running = true;
      // Each attacker connection asks again as soon as it is answered, and opens anew when the bridge closes it
      // for flooding (1008).
      const persistent = async (localAddress, ask) => {
        while (running) {
          const client = await open(bridge.ws, { origin: bridge.origin, localAddress }).catch(() => null);
          if (client === null) {
            await sleep(50);
            continue;
          }
          while (running && client.ws.readyState === client.ws.OPEN) await ask(client);
          client.ws.terminate();
        }
      };
      const attack = Array.from({ length: attackerCount }, (_, a) => [
        persistent(clientAt(500 + a), async (seeder) => {
          await seeder.request('streamSeed', {
            queue: 'demo',
            stream: `a${a}x${Math.floor(Math.random() * 4)}`,
            entries: 20000,
          });
        }),
        ...[0, 1].map(() =>
          persistent(clientAt(500 + a), (reader) =>
            Promise.all(Array.from({ length: 8 }, () => reader.request('streamWindow', WINDOW))),
          ),
        ),
      ]).flat();
      await sleep(1000);
      // A visitor new to the bridge in each case (the first case's has seeded).
      const visitor = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(3 + attackerCount) });
      const seeds = [];
      const windows = [];
      // Its seeds one after another; beside them a window every 1.2 s (each is charged a whole window up front,
      // and an address may read about one whole window a second).
      const seeding = (async () => {
        for (let i = 0; i < 3; i += 1) {
          const started = performance.now();
          const reply = await visitor.request('streamSeed', { queue: 'demo', stream: `visitor${i}`, entries: 1000 });
          seeds.push({ code: reply.ok ? 'ok' : reply.error.code, ms: performance.now() - started });
        }
      })();
      for (let w = 0; w < 10; w += 1) {
        const at = performance.now();
        const window = await visitor.request('streamWindow', { ...WINDOW, t1: WINDOW.t0 + 1 });
        windows.push({
          code: window.ok ? 'ok' : `${window.error.code}/${window.error.reason ?? ''}`,
          ms: performance.now() - at,
        });
        await sleep(1200 - (performance.now() - at));
      }
      await seeding;
      running = false;
      await Promise.all(attack);
      const stats = await legit.stop();
      await visitor.close();
      assert.deepEqual(
        seeds.map((s) => s.code),
        ['ok', 'ok', 'ok'],
        JSON.stringify(seeds),
      );
      // A window is a share of Valkey's time (its calls take turns), not a place that one client can hold.
      assert.deepEqual([...new Set(windows.map((w) => w.code))], ['ok'], JSON.stringify(windows));
      assertServedWithin(stats, `seeds and windows, ${attackerCount} address(es)`);
      t.diagnostic(
        `visitor seeds ${seeds.map((s) => `${s.code} ${s.ms.toFixed(0)} ms`).join(', ')}; windows ${windows.length} ok, max ${Math.max(...windows.map((w) => w.ms)).toFixed(0)} ms; ${describeStats(stats)}`,
      );
    });
  }
});

describe('5. seeds bounded in bytes', () => {
  // 10,000 entries are charged 320,000 bytes: an address may seed two, the bridge keep three.
  const stack = useStack(['--ip-seed-bytes', '700000', '--seed-bytes', '1000000', '--seed-interval', '0']);

  it("an address seeds its bytes and no more; past the bridge-wide bytes a newcomer replaces the heaviest seeder's oldest stream", async (t) => {
    const { bridge, valkey } = stack;
    const direct = new Valkey({ host: valkey.host, port: valkey.port });
    const legit = await legitClient(bridge, { address: clientAt(1) });
    const seed = (client, stream) =>
      client.request('streamSeed', { queue: 'demo', stream, entries: 10000 }).then((r) => (r.ok ? 'ok' : r.error.code));
    const [a, b, c] = await Promise.all(
      [10, 11, 12].map((n) => open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(600 + n) })),
    );
    const byA = [await seed(a, 'a1'), await seed(a, 'a2'), await seed(a, 'a3')];
    const byB = await seed(b, 'b1');
    const byC = await seed(c, 'c1');
    const stored = await direct.keys('emq:{demo}:stream.*');
    const bytes = await Promise.all(stored.map((key) => direct.call('MEMORY', 'USAGE', key, 'SAMPLES', '0')));
    const tooBig = await c.request('streamSeed', { queue: 'demo', stream: 'huge', entries: 200000 });
    const stats = await legit.stop();
    await Promise.all([a, b, c].map((client) => client.close()));
    direct.disconnect();
    assert.deepEqual(byA, ['ok', 'ok', 'rate'], 'an address seeds its --ip-seed-bytes');
    assert.deepEqual([byB, byC], ['ok', 'ok']);
    assert.deepEqual(
      stored.sort(),
      ['emq:{demo}:stream.a2', 'emq:{demo}:stream.b1', 'emq:{demo}:stream.c1'],
      "the newcomer's seed replaced the heaviest seeder's oldest stream",
    );
    assert.deepEqual([tooBig.error?.code, tooBig.error?.limit], ['too_large', 700000]);
    assertServedWithin(stats, 'seed bytes');
    t.diagnostic(
      `A: ${byA.join(', ')}; B ${byB}; C ${byC}; kept ${stored.sort().join(', ')} (${bytes.reduce((x, y) => x + y, 0)} bytes in Valkey); ${describeStats(stats)}`,
    );
  });
});

describe('8. keys charged after validation, for what was written', () => {
  const stack = useStack(['--ip-keys', '200', '--max-batch', '100']);

  it('a new queue per enqueue costs its two keys; duplicates and refusals cost nothing; a failed batch says it may have written', async (t) => {
    const { bridge, valkey } = stack;
    const direct = new Valkey({ host: valkey.host, port: valkey.port });
    const legit = await legitClient(bridge, { address: clientAt(1) });
    const minter = createMinter({ namespace: 'JOB', node: 700 });
    const newQueues = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(700) });
    let admitted = 0;
    for (let i = 0; i < 200; i += 1) {
      const reply = await newQueues.request('enqueue', { queue: `demo.n${i}`, job: minter.next() });
      if (!reply.ok) {
        assert.match(reply.error.message, /new keys from this address/, JSON.stringify(reply));
        break;
      }
      admitted += 1;
      await sleep(12); // within the connection's 100 requests per second
    }
    const dupes = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(701) });
    const job = minter.next();
    await dupes.request('enqueue', { queue: 'demo.dup', job });
    const repeats = [];
    for (let i = 0; i < 6; i += 1) {
      const reply = await dupes.request('enqueueMany', {
        queue: 'demo.dup',
        items: Array.from({ length: 100 }, () => ({ job })),
      });
      const refusedAtGate = await dupes.request('enqueueMany', {
        queue: 'demo.dup',
        items: Array.from({ length: 100 }, (_, k) => ({ job: k % 2 ? 'USR0KHTOWnGLuC' : 'job-42' })),
      });
      repeats.push(
        reply.ok && refusedAtGate.ok ? `${reply.result.duplicates}+${refusedAtGate.result.refused}` : 'refused',
      );
    }
    const fresh = await dupes.request('enqueueMany', {
      queue: 'demo.dup',
      items: Array.from({ length: 99 }, () => ({ job: minter.next() })),
    });
    const stats = await legit.stop();
    await Promise.all([newQueues, dupes].map((c) => c.close()));
    direct.disconnect();
    assert.ok(admitted >= 99 && admitted <= 101, `${admitted} enqueues on new queues within 200 keys (two keys each)`);
    assert.deepEqual([...new Set(repeats)], ['100+100'], 'duplicates and refusals are answered, never charged');
    assert.equal(fresh.ok && fresh.result.enqueued, 99, JSON.stringify(fresh).slice(0, 300));
    assertServedWithin(stats, 'key accounting');
    t.diagnostic(
      `${admitted} enqueues on new queues per 200 keys; 6 x (100 duplicates + 100 refused) charged nothing; then 99 new jobs enqueued; ${describeStats(stats)}`,
    );
  });

  it('a batch cut short by OOM: `oom`, written "maybe", and a message that says items may have been written', async () => {
    const valkey = await startServer({
      module: true,
      args: ['--maxmemory', '3mb', '--maxmemory-policy', 'noeviction'],
    });
    const bridge = await startBridge(['--valkey', valkey.url]);
    const direct = new Valkey({ host: valkey.host, port: valkey.port });
    try {
      const client = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(2) });
      const minter = createMinter({ namespace: 'JOB', node: 701 });
      await direct.set('filler', 'x'.repeat(3 << 20)).catch(() => {});
      let reply;
      for (let i = 0; i < 50 && reply?.error?.code !== 'oom'; i += 1) {
        reply = await client.request('enqueueMany', {
          queue: 'demo.oom',
          items: Array.from({ length: 50 }, () => ({ job: minter.next(), payload: 'p'.repeat(4000) })), // 200 KB: one frame
        });
        await sleep(600);
      }
      assert.deepEqual([reply.error?.code, reply.error?.written], ['oom', 'maybe'], JSON.stringify(reply));
      assert.doesNotMatch(reply.error.message, /nothing was written/);
      assert.match(reply.error.message, /may have been written/);
      await client.close();
    } finally {
      direct.disconnect();
      await bridge.stop();
      await valkey.stop();
    }
  });
});
