// The bridge on a public site (issue 14): each attack runs against a real bridge process with its default
// limits, from its own loopback address, while a legitimate client on another address enqueues and times
// each reply. Every case checks the bridge is alive, the legitimate client was served within 250 ms
// (p99), and Valkey holds nothing the refused attack asked for. Figures go out as test diagnostics.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { createMinter } from '@echomq/branded';
import { Valkey } from 'iovalkey';

import { startServer } from '../../scripts/valkey.js';
import {
  alive,
  assertServed,
  clientAt,
  describeStats,
  keyspace,
  LEGIT_BOUND_MS,
  legitClient,
  peakRss,
  rawRequest,
  sleep,
} from './attack-support.js';
import { TOKEN, connect, getJson, open, rssMiB, startBridge, upgradeStatus } from './support.js';
import { useBridgeStack } from './fixture.js';

const SEED = { queue: 'demo', stream: 'fills' }; // the contract.md §6 stream, 200,000 entries
const WHOLE_SEED = { t0: 1781000000000, t1: 1781000000049 };

describe('attacks on a bridge with its default limits', () => {
  const stack = useBridgeStack({ server: { module: true }, direct: true });
  before(async () => {
    const setup = await open(stack.bridge.ws, { origin: stack.bridge.origin, localAddress: clientAt(200) });
    const seeded = await setup.request('streamSeed', SEED);
    assert.equal(seeded.ok, true, JSON.stringify(seeded));
    await setup.close();
  });

  it('1. request targets new URL() rejects (//[, //a:b/ws as an upgrade, //%00/, *, absolute-form): 400 or 404, the bridge lives', async (t) => {
    const legit = await legitClient(stack.bridge, { address: clientAt(1) });
    const before_ = await keyspace(stack.direct);
    const upgrade = (path) =>
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
      `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: ${stack.bridge.origin}\r\n\r\n`;
    const plain = (method, path) => `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;
    const attacks = [
      plain('GET', '//['),
      upgrade('//a:b/ws'),
      plain('HEAD', '//%00/'),
      upgrade('//['),
      plain('GET', '//a:b/'),
      plain('OPTIONS', '*'),
      plain('GET', 'http://[/ws'),
      upgrade('http://a:b@/ws'),
      plain('GET', '/%'),
      plain('GET', '/%E0%A4%A'),
    ];
    const statuses = new Set();
    const started = Date.now();
    let sent = 0;
    for (let round = 0; round < 40 || Date.now() - started < 3000; round += 1) {
      const replies = await Promise.all(
        attacks.map((text, i) => rawRequest(stack.bridge.port, text, { localAddress: clientAt(10 + (i % 5)) })),
      );
      for (const reply of replies) statuses.add(reply.status);
      sent += replies.length;
    }
    const stats = await legit.stop();
    assert.ok(alive(stack.bridge), 'the bridge is alive');
    assert.deepEqual(
      [...statuses].filter((s) => ![400, 404].includes(s)),
      [],
      `answers ${[...statuses]}`,
    );
    assert.deepEqual(await keyspace(stack.direct), before_);
    assertServed(stats, 'request targets');
    t.diagnostic(
      `${sent} hostile targets in ${((Date.now() - started) / 1000).toFixed(1)} s answered ${[...statuses].sort().join('/')}; ${describeStats(stats)}`,
    );
  });

  it('3. one address opening every socket gets --max-connections-per-ip (8); others still connect', async (t) => {
    const attacker = clientAt(20);
    const held = [];
    const refused = [];
    for (let i = 0; i < 64; i += 1) {
      try {
        held.push(await open(stack.bridge.ws, { origin: stack.bridge.origin, localAddress: attacker }));
      } catch (error) {
        refused.push(error.status);
      }
    }
    const legit = await legitClient(stack.bridge, { address: clientAt(21) });
    await sleep(1500);
    const stats = await legit.stop();
    const metrics = (await getJson(`${stack.bridge.http}/metrics`)).body;
    assert.equal(held.length, 8);
    assert.deepEqual([...new Set(refused)], [503]);
    assert.ok(metrics.connections.refused.ip_capacity >= 56);
    await Promise.all(held.map((c) => c.close()));
    await sleep(100);
    const again = await open(stack.bridge.ws, { origin: stack.bridge.origin, localAddress: attacker });
    await again.close();
    assertServed(stats, 'connection hog');
    t.diagnostic(`attacker held ${held.length} of 64 sockets, ${refused.length} refused 503; ${describeStats(stats)}`);
  });

  it('4. streamWindow floods: per reply <= 50,000 entries; per address and bridge-wide entry budgets; RSS bounded', async (t) => {
    const legit = await legitClient(stack.bridge, { address: clientAt(1) });
    const attackers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        open(stack.bridge.ws, { origin: stack.bridge.origin, localAddress: clientAt(30 + i) }),
      ),
    );
    const codes = {};
    const { peak } = await peakRss(stack.bridge, async () => {
      const started = Date.now();
      while (Date.now() - started < 4000) {
        const replies = await Promise.all(
          attackers.flatMap((a) =>
            Array.from({ length: 16 }, () => a.request('streamWindow', { ...SEED, ...WHOLE_SEED, sample: 100 })),
          ),
        );
        for (const r of replies) {
          const code = r.ok ? (r.result.truncated ? 'ok_truncated' : 'ok') : r.error.code;
          codes[code] = (codes[code] ?? 0) + 1;
        }
        await sleep(100);
      }
    });
    const stats = await legit.stop();
    await Promise.all(attackers.map((a) => a.close()));
    assert.ok(alive(stack.bridge));
    const served = (codes.ok_truncated ?? 0) + (codes.ok ?? 0);
    assert.ok(served >= 1 && served <= 4 * 2 * 5 + 4, `windows read ${JSON.stringify(codes)}`);
    assert.ok((codes.rate ?? 0) + (codes.busy ?? 0) > 0, 'the excess is refused');
    assert.ok(peak <= 256, `bridge RSS ${peak.toFixed(0)} MiB`);
    assertServed(stats, 'streamWindow flood');
    t.diagnostic(
      `4 addresses x 16 windows of 200,000 entries every 100 ms for 4 s: ${JSON.stringify(codes)}; peak RSS ${peak.toFixed(0)} MiB; ${describeStats(stats)}`,
    );
  });

  it('4. streamSeed: one at a time, the others in line (one per address, the lightest first); the refused seeds write nothing', async (t) => {
    const legit = await legitClient(stack.bridge, { address: clientAt(1) });
    const before_ = await keyspace(stack.direct);
    const attackers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        open(stack.bridge.ws, { origin: stack.bridge.origin, localAddress: clientAt(40 + i) }),
      ),
    );
    const replies = await Promise.all(
      attackers.map((a, i) =>
        Promise.all(
          Array.from({ length: 5 }, (_, j) =>
            a.request('streamSeed', { queue: 'demo', stream: `s${i}x${j}`, entries: 20000 }),
          ),
        ),
      ),
    );
    await sleep(500);
    const stats = await legit.stop();
    await Promise.all(attackers.map((a) => a.close()));
    const codes = replies.flat().map((r) => (r.ok ? 'ok' : r.error.code));
    const ok = replies.flat().filter((r) => r.ok);
    assert.ok(
      replies.every((perAddress) => perAddress.filter((r) => r.ok).length >= 1),
      `every address got a seed: ${JSON.stringify(replies.map((p) => p.map((r) => r.error?.code ?? 'ok')))}`,
    );
    assert.ok(ok.length <= 8, 'one running and one waiting per address at most');
    assert.ok(
      codes.every((c) => c === 'ok' || c === 'rate'),
      JSON.stringify(codes),
    );
    const after_ = await keyspace(stack.direct);
    const seeded = new Set(ok.map((r) => r.result.key));
    assert.deepEqual(
      after_.filter(([key]) => !seeded.has(key)),
      before_,
      'only the admitted seeds wrote',
    );
    assert.ok(alive(stack.bridge));
    assertServed(stats, 'streamSeed flood');
    t.diagnostic(
      `20 seeds of 20,000 from 4 addresses at once: ${ok.length} ran in turn (${ok.map((r) => r.result.elapsedMs).join(', ')} ms), the others \`rate\` (one waiting per address); ${describeStats(stats)}`,
    );
  });

  it('6. clients that never read their replies are closed at --max-buffered, not buffered for', async (t) => {
    const setup = await open(stack.bridge.ws, { origin: stack.bridge.origin, localAddress: clientAt(201) });
    const minter = createMinter({ namespace: 'JOB', node: 77 });
    const filled = await setup.request('enqueueMany', {
      queue: 'demo.wide',
      items: Array.from({ length: 1000 }, () => ({ job: minter.next(), payload: '' })),
    });
    assert.equal(filled.result.enqueued, 1000);
    await setup.close();
    const legit = await legitClient(stack.bridge, { address: clientAt(1) });
    const readers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        open(stack.bridge.ws, { origin: stack.bridge.origin, localAddress: clientAt(50 + i) }),
      ),
    );
    for (const reader of readers) reader.ws._socket.pause(); // reads nothing more from here on
    const before_ = (await getJson(`${stack.bridge.http}/metrics`)).body.closed.slowReader;
    const { peak } = await peakRss(stack.bridge, async () => {
      const started = Date.now();
      while (Date.now() - started < 15000) {
        for (const reader of readers)
          for (let i = 0; i < 5; i += 1)
            reader.ws.send(JSON.stringify({ id: i, op: 'pending', queue: 'demo.wide', limit: 1000 }));
        await sleep(50);
        if ((await getJson(`${stack.bridge.http}/metrics`)).body.closed.slowReader - before_ >= 4) break;
      }
    });
    const closed = (await getJson(`${stack.bridge.http}/metrics`)).body.closed.slowReader - before_;
    for (const reader of readers) reader.ws.terminate();
    const stats = await legit.stop();
    assert.equal(closed, 4, 'every slow reader was closed');
    assert.ok(peak <= 256, `bridge RSS ${peak.toFixed(0)} MiB`);
    assertServed(stats, 'slow readers');
    t.diagnostic(
      `4 non-reading sockets asking for 17 kB replies: ${closed} closed; peak RSS ${peak.toFixed(0)} MiB; ${describeStats(stats)}`,
    );
  });

  it('8. per-address budgets hold across reconnects; enqueueMany floods stay within --ip-budget; data gets a TTL', async (t) => {
    const legit = await legitClient(stack.bridge, { address: clientAt(1) });
    const attacker = clientAt(60);
    const minter = createMinter({ namespace: 'JOB', node: 78 });
    let ok = 0;
    let items = 0;
    const started = Date.now();
    while (Date.now() - started < 3000) {
      const client = await open(stack.bridge.ws, { origin: stack.bridge.origin, localAddress: attacker });
      const replies = await client.burst(Array.from({ length: 100 }, (_, i) => ({ op: 'hello', id: i })));
      ok += replies.filter((r) => r.ok).length;
      const batch = await client.request('enqueueMany', {
        queue: 'demo.flood',
        items: Array.from({ length: 1000 }, () => ({ job: minter.next() })),
      });
      if (batch.ok) items += batch.result.enqueued;
      client.ws.terminate();
    }
    const seconds = (Date.now() - started) / 1000;
    const stats = await legit.stop();
    const okPerSecond = ok / seconds;
    const itemsPerSecond = items / seconds;
    assert.ok(
      okPerSecond <= 200 * 1.5 + 200 / seconds,
      `${okPerSecond.toFixed(0)} ok/s over reconnects (--ip-rate 200)`,
    );
    assert.ok(itemsPerSecond <= 2000 * 1.2 + 2000 / seconds, `${itemsPerSecond.toFixed(0)} items/s (--ip-budget 2000)`);
    assert.equal((await stack.direct.dbsize()) > 0, true);
    // Any job the bridge wrote (on a fast box every flood batch may be refused; the legitimate client's are not).
    const sample =
      (await stack.direct.keys('emq:{demo.flood}:job:*'))[0] ?? (await stack.direct.keys('emq:*:job:*'))[0];
    const ttl = await stack.direct.ttl(sample);
    assert.ok(ttl > 0 && ttl <= 3600, `a job's TTL is ${ttl} (${sample})`);
    const pending = sample.replace(/:job:[^:]*$/, ':pending');
    assert.ok((await stack.direct.ttl(pending)) > 0, 'the pending set expires too');
    assertServed(stats, 'reconnect flood');
    t.diagnostic(
      `reconnecting attacker: ${okPerSecond.toFixed(0)} ok/s, ${itemsPerSecond.toFixed(0)} Valkey writes/s; TTL ${ttl} s; ${describeStats(stats)}`,
    );
  });

  it("8. a bridge-wide command budget: many addresses together get `busy`, not Valkey's whole capacity", async (t) => {
    const legit = await legitClient(stack.bridge, { address: clientAt(1) });
    const attackerAt = (i) => open(stack.bridge.ws, { origin: stack.bridge.origin, localAddress: clientAt(70 + i) });
    const attackers = await Promise.all(Array.from({ length: 20 }, (_, i) => attackerAt(i)));
    const minter = createMinter({ namespace: 'JOB', node: 79 });
    const codes = {};
    let items = 0;
    const started = Date.now();
    while (Date.now() - started < 3000) {
      // On a fast machine an attacker outruns its byte rate and is closed (1008): it comes back, as one would.
      for (const [i, a] of attackers.entries()) if (a.ws.readyState !== a.ws.OPEN) attackers[i] = await attackerAt(i);
      const replies = await Promise.all(
        attackers.map((a) =>
          a.request('enqueueMany', {
            queue: 'demo.wide2',
            items: Array.from({ length: 1000 }, () => ({ job: minter.next() })),
          }),
        ),
      );
      for (const r of replies) {
        codes[r.ok ? 'ok' : r.error.code] = (codes[r.ok ? 'ok' : r.error.code] ?? 0) + 1;
        if (r.ok) items += r.result.enqueued;
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const stats = await legit.stop();
    await Promise.all(attackers.map((a) => a.close()));
    assert.ok(
      items / seconds <= 10000 * 1.2 + 10000 / seconds,
      `${(items / seconds).toFixed(0)} writes/s (--budget 10000)`,
    );
    assert.ok((codes.busy ?? 0) > 0, `the bridge said busy: ${JSON.stringify(codes)}`);
    assertServed(stats, 'budget flood');
    t.diagnostic(
      `20 addresses x enqueueMany(1000): ${(items / seconds).toFixed(0)} writes/s, ${JSON.stringify(codes)}; ${describeStats(stats)}`,
    );
  });
});

describe('8. demo data: a key quota per address and for the database', () => {
  it('an address adds at most --ip-keys keys per TTL; the database stops at --max-keys (`busy`, quota), heavy writers first', async (t) => {
    const valkey = await startServer({ module: true });
    const direct = new Valkey({ host: valkey.host, port: valkey.port });
    // 1,000 jobs and their queue's pending set: a batch adds 1,001 keys, so two fit and a third does not.
    const bridge = await startBridge(['--valkey', valkey.url, '--ip-keys', '2002', '--max-keys', '6000']);
    try {
      const minter = createMinter({ namespace: 'JOB', node: 83 });
      const batch = () => ({
        queue: 'demo.quota',
        items: Array.from({ length: 1000 }, () => ({ job: minter.next() })),
      });
      const one = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(10) });
      const first = [];
      for (let i = 0; i < 3; i += 1) {
        first.push(await one.request('enqueueMany', batch()));
        await sleep(600);
      }
      assert.deepEqual(
        first.map((r) => r.ok || r.error.code),
        [true, true, 'rate'],
        "the third batch is over this address's 2,000 keys",
      );
      const many = await Promise.all(
        Array.from({ length: 6 }, (_, i) => open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(20 + i) })),
      );
      const codes = {};
      for (let round = 0; round < 2; round += 1) {
        for (const client of many) {
          const reply = await client.request('enqueueMany', batch());
          codes[reply.ok ? 'ok' : `${reply.error.code}/${reply.error.reason ?? ''}`] =
            (codes[reply.ok ? 'ok' : `${reply.error.code}/${reply.error.reason ?? ''}`] ?? 0) + 1;
          await sleep(1100); // the bridge reads DBSIZE every second
        }
      }
      const keys = await direct.dbsize();
      assert.ok(codes['busy/quota'] >= 1, JSON.stringify(codes));
      assert.ok(keys <= 6000 * 0.9 + 1000 + 10, `DBSIZE ${keys}`);
      // Past half the quota each address adds only its share: the heavy writers are refused before a newcomer.
      const heavy = await many[0].request('enqueue', { queue: 'demo.quota', job: minter.next() });
      assert.deepEqual([heavy.error?.code, heavy.error?.reason], ['busy', 'quota'], JSON.stringify(heavy));
      const newcomer = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(40) });
      const single = await newcomer.request('enqueue', { queue: 'demo.quota', job: minter.next() });
      assert.equal(single.ok, true, `a newcomer's single enqueue still passes: ${JSON.stringify(single)}`);
      t.diagnostic(
        `--ip-keys 2002: the third batch refused; --max-keys 6000: ${JSON.stringify(codes)}, DBSIZE ${keys}; a heavy writer's single refused (its share), a newcomer's enqueued`,
      );
      await Promise.all([one, ...many, newcomer].map((c) => c.close()));
    } finally {
      direct.disconnect();
      await bridge.stop();
      await valkey.stop();
    }
  });
});

describe('2. a static file that cannot be opened (EMFILE under a connection flood, or deleted)', () => {
  let site;
  before(() => {
    site = mkdtempSync(join(tmpdir(), 'bridge-attack-static-'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(site, 'big.js'), 'x'.repeat(256 << 10));
  });
  after(() => rmSync(site, { recursive: true, force: true }));
  const stack = useBridgeStack({
    server: { module: true },
    args: () => ['--static', site, '--max-sockets-per-ip', '1000'],
    options: { wrap: ['prlimit', '--nofile=160:160', '--'] },
  });

  it('answers 503 (or drops the socket) and keeps serving; a file removed mid-download ends only that response', async (t) => {
    const legit = await legitClient(stack.bridge, { address: clientAt(1) });
    const get = (path) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;
    const statuses = {};
    const replies = [];
    for (let round = 0; round < 4; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          rawRequest(stack.bridge.port, get(i % 2 ? '/big.js' : '/'), {
            localAddress: clientAt(100 + (i % 50)),
            timeoutMs: 20000,
          }),
        ),
      );
      replies.push(...answers);
      await sleep(200);
    }
    for (const r of replies) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    assert.ok(alive(stack.bridge), 'the bridge is alive');
    // Under the flood a request is served (200), refused for want of a descriptor (503), or dropped or left
    // unanswered (no status): which, and how many of each, depends on timing. The requests after it must be served.
    assert.ok(
      replies.every((r) => r.status === 200 || r.status === 503 || !Number.isInteger(r.status)),
      JSON.stringify(statuses),
    );
    assert.ok(
      replies.some((r) => r.status === 200 || r.status === 503),
      JSON.stringify(statuses),
    );
    const download = rawRequest(stack.bridge.port, get('/big.js'), { localAddress: clientAt(2) });
    unlinkSync(join(site, 'big.js'));
    await download;
    assert.equal((await rawRequest(stack.bridge.port, get('/big.js'), { localAddress: clientAt(2) })).status, 404);
    assert.equal((await rawRequest(stack.bridge.port, get('/'), { localAddress: clientAt(2) })).status, 200);
    const stats = await legit.stop();
    assert.ok(alive(stack.bridge));
    assertServed(stats, 'EMFILE flood');
    t.diagnostic(`4 x 300 requests against a 160-fd bridge: ${JSON.stringify(statuses)}; ${describeStats(stats)}`);
  });
});

describe('5. below the WebSocket layer: slowloris, sockets per address, refusals that never see a FIN', () => {
  const stack = useBridgeStack({ server: { module: true }, args: ['--headers-timeout', '2000'] });

  it('an address holds at most --max-sockets-per-ip (32) sockets, each closed at --headers-timeout', async (t) => {
    const legit = await legitClient(stack.bridge, { address: clientAt(1) });
    const { createConnection } = await import('node:net');
    const sockets = Array.from({ length: 300 }, (_, i) => {
      const socket = createConnection({
        host: '127.0.0.1',
        port: stack.bridge.port,
        localAddress: clientAt(10 + (i % 3)),
      });
      socket.on('error', () => {});
      socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
      socket.closedAt = null;
      socket.on('close', () => {
        socket.closedAt = Date.now();
      });
      return socket;
    });
    const started = Date.now();
    const drip = setInterval(() => {
      for (const s of sockets) if (s.closedAt === null && s.writable) s.write('a');
    }, 500);
    await sleep(800);
    const heldEarly = sockets.filter((s) => s.closedAt === null).length;
    while (sockets.some((s) => s.closedAt === null) && Date.now() - started < 8000) await sleep(100);
    clearInterval(drip);
    const heldLate = sockets.filter((s) => s.closedAt === null).length;
    const lastClose = Math.max(...sockets.map((s) => s.closedAt ?? Infinity)) - started;
    for (const s of sockets) s.destroy();
    // A refused upgrade from a client that never closes its side: the bridge closes the socket itself.
    const refused = await rawRequest(
      stack.bridge.port,
      'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: https://evil.example\r\n\r\n',
      { localAddress: clientAt(15), timeoutMs: 3000 },
    );
    const stats = await legit.stop();
    assert.ok(alive(stack.bridge));
    assert.ok(heldEarly <= 3 * 32, `${heldEarly} slow sockets held after 0.8 s`);
    assert.equal(heldLate, 0, 'every slow socket closed by the headers timeout');
    assert.deepEqual([refused.status, refused.closedBy], [403, 'server']);
    assertServed(stats, 'slowloris');
    t.diagnostic(
      `300 slowloris sockets from 3 addresses: ${heldEarly} held at 0.8 s, 0 at ${lastClose} ms; refused upgrade closed by the bridge; ${describeStats(stats)}`,
    );
  });
});

describe('7. Valkey stalls (SIGSTOP) under a flood', () => {
  it('the queue toward Valkey is bounded; `written: no` is never executed later; RSS stays flat', async (t) => {
    const valkey = await startServer({ module: true });
    const direct = new Valkey({ host: valkey.host, port: valkey.port });
    // Rate limits lifted: this attack is the stall; a flood refused for rate never reaches the queue.
    const bridge = await startBridge([
      '--valkey',
      valkey.url,
      '--valkey-timeout',
      '1000',
      '--rate',
      '1000000',
      '--ip-rate',
      '1000000',
    ]);
    const attackers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(10 + i) })),
    );
    const minter = createMinter({ namespace: 'JOB', node: 80 });
    const answered = { no: [], maybe: [], ok: [] };
    let stalledStats;
    try {
      process.kill(valkey.pid, 'SIGSTOP');
      const rssBefore = rssMiB(bridge.child.pid);
      const flood = async (ms) => {
        const started = Date.now();
        while (Date.now() - started < ms) {
          const frames = attackers.flatMap((a) =>
            Array.from({ length: 20 }, () => {
              const job = minter.next();
              return a.request('enqueue', { queue: 'demo.stall', job }).then((r) => {
                if (r.ok) answered.ok.push(job);
                else if (r.error.code === 'unavailable') answered[r.error.written].push(job);
              });
            }),
          );
          await Promise.race([Promise.all(frames), sleep(200)]);
        }
      };
      const { peak } = await peakRss(bridge, async () => {
        await flood(1500); // past --valkey-timeout: the bridge has seen the stall
        const legit = await legitClient(bridge, { address: clientAt(1) });
        await flood(2500);
        stalledStats = await legit.stop();
      });
      process.kill(valkey.pid, 'SIGCONT');
      await sleep(1500);
      assert.ok(alive(bridge));
      const resumed = await legitClient(bridge, { address: clientAt(1) });
      await sleep(1000);
      const resumedStats = await resumed.stop();
      await sleep(1500); // every frame of the flood is answered
      const exists = async (job) => direct.exists(`emq:{demo.stall}:job:${job}`);
      const ranLater = [];
      for (const job of answered.no) if (await exists(job)) ranLater.push(job);
      assert.deepEqual(ranLater, [], '`written: no` never ran');
      assert.ok(
        answered.no.length > 0 && answered.maybe.length > 0,
        `no ${answered.no.length}, maybe ${answered.maybe.length}`,
      );
      assert.ok(answered.maybe.length <= 2000, `${answered.maybe.length} sent while stalled (--max-queue 2000)`);
      assert.ok(peak - rssBefore <= 64, `RSS ${rssBefore.toFixed(0)} → ${peak.toFixed(0)} MiB`);
      assert.deepEqual(
        Object.keys(stalledStats.codes),
        ['unavailable'],
        'while stalled, the legitimate client is told at once',
      );
      assert.ok(stalledStats.p99 <= LEGIT_BOUND_MS, `while stalled: ${describeStats(stalledStats)}`);
      assertServed(resumedStats, 'after SIGCONT');
      t.diagnostic(
        `4 s stall: ${answered.maybe.length} sent (written: maybe), ${answered.no.length} refused unsent (written: no, none ran later); ` +
          `RSS ${rssBefore.toFixed(0)} → peak ${peak.toFixed(0)} MiB; while stalled ${describeStats(stalledStats)}; after SIGCONT ${describeStats(resumedStats)}`,
      );
    } finally {
      process.kill(valkey.pid, 'SIGCONT');
      direct.disconnect();
      for (const a of attackers) a.ws.terminate();
      await bridge.stop();
      await valkey.stop();
    }
  });
});

describe('9. the static server and the HTTP side', () => {
  let site;
  let tokened;

  before(() => {
    site = mkdtempSync(join(tmpdir(), 'bridge-attack-site-'));
    mkdirSync(join(site, 'www/.git'), { recursive: true });
    mkdirSync(join(site, 'www/assets'), { recursive: true });
    writeFileSync(join(site, 'www/index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(site, 'www/.env'), 'SECRET=1');
    writeFileSync(join(site, 'www/.git/config'), '[core]');
    writeFileSync(join(site, 'www/assets/.hidden'), 'hidden');
    writeFileSync(join(site, 'outside.txt'), 'outside the root');
    mkdirSync(join(site, 'elsewhere'));
    writeFileSync(join(site, 'elsewhere/index.html'), 'outside the root');
    symlinkSync(join(site, 'outside.txt'), join(site, 'www/link.txt'));
    symlinkSync(join(site, 'elsewhere'), join(site, 'www/linkdir'));
  });
  after(() => rmSync(site, { recursive: true, force: true }));
  const stack = useBridgeStack({
    server: { module: true },
    args: () => ['--static', join(site, 'www'), '--trust-proxy', '127.0.0.1'],
  });
  before(async () => {
    tokened = await startBridge(['--valkey', stack.valkey.url], { env: { BRANDED_BRIDGE_TOKEN: TOKEN } });
  });
  after(() => tokened?.stop());

  const get = (port, path, headers = {}) =>
    rawRequest(
      port,
      `GET ${path} HTTP/1.1\r\n${Object.entries({ Host: '127.0.0.1', Connection: 'close', ...headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}\r\n`,
    );

  it('dotfiles and paths whose real path leaves the folder are 404', async () => {
    for (const path of [
      '/.env',
      '/.git/config',
      '/%2eenv',
      '/%2Egit/config',
      '/assets/.hidden',
      '/link.txt',
      '/linkdir/',
      '/linkdir/index.html',
    ]) {
      const reply = await get(stack.bridge.port, path);
      assert.equal(reply.status, 404, path);
      assert.doesNotMatch(reply.head, /SECRET|\[core\]|hidden|outside the root/, path);
    }
    assert.equal((await get(stack.bridge.port, '/')).status, 200);
  });

  it('every answer carries CSP with frame-ancestors, X-Frame-Options, Referrer-Policy and nosniff', async () => {
    const cases = [
      get(stack.bridge.port, '/'),
      get(stack.bridge.port, '/healthz'),
      get(stack.bridge.port, '/metrics'),
      get(stack.bridge.port, '/nope'),
      get(stack.bridge.port, '//['),
      rawRequest(
        stack.bridge.port,
        'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
      ),
      get(stack.bridge.port, '/ws', {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        Origin: 'https://evil.example',
      }),
    ];
    for (const reply of await Promise.all(cases)) {
      const head = reply.head.split('\r\n\r\n')[0];
      assert.match(head, /content-security-policy: [^\r]*frame-ancestors 'none'/i, head);
      assert.match(head, /x-frame-options: DENY/i, head);
      assert.match(head, /referrer-policy: no-referrer/i, head);
      assert.match(head, /x-content-type-options: nosniff/i, head);
    }
  });

  it('a Host outside --allowed-hosts (DNS rebinding) is 421 for pages, /healthz, /metrics and the upgrade', async () => {
    for (const path of ['/', '/healthz', '/metrics'])
      assert.equal((await get(stack.bridge.port, path, { Host: 'evil.example:8787' })).status, 421, path);
    assert.equal((await get(stack.bridge.port, '/healthz', { Host: 'localhost:1' })).status, 200);
    const upgrade = await get(stack.bridge.port, '/ws', {
      Host: 'evil.example',
      Connection: 'Upgrade',
      Upgrade: 'websocket',
      'Sec-WebSocket-Version': '13',
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      Origin: stack.bridge.origin,
    });
    assert.equal(upgrade.status, 421);
  });

  it('/metrics: the token under --token; loopback callers only without one; /healthz without the token shows no version', async () => {
    assert.equal((await get(stack.bridge.port, '/metrics')).status, 200);
    assert.equal(
      (await get(stack.bridge.port, '/metrics', { 'X-Forwarded-For': '203.0.113.7' })).status,
      403,
      'a client behind the trusted proxy',
    );
    assert.equal((await get(tokened.port, '/metrics')).status, 401);
    const bare = await getJson(`${tokened.http}/healthz`);
    assert.equal(bare.status, 200);
    assert.deepEqual(bare.body, { ok: true, valkey: { reachable: true }, fence: { state: 'ok' } });
    const full = await getJson(`${tokened.http}/healthz`, { Authorization: `Bearer ${TOKEN}` });
    assert.match(full.body.valkey.version, /^\d+\.\d+/);
  });

  it('X-Forwarded-For counts only behind --trust-proxy: spoofed by a direct client, it is ignored', async () => {
    const viaProxy = [];
    for (let i = 0; i < 10; i += 1) {
      viaProxy.push(
        await upgradeStatus(stack.bridge.ws, {
          origin: stack.bridge.origin,
          headers: { 'X-Forwarded-For': `198.51.100.${i}` },
        }),
      );
    }
    assert.deepEqual([...new Set(viaProxy)], [101], 'distinct clients behind the proxy');
    const held = [];
    for (let i = 0; i < 9; i += 1) {
      const c = connect(stack.bridge.ws, {
        origin: stack.bridge.origin,
        headers: { 'X-Forwarded-For': '10.9.9.9, 198.51.100.77' },
      });
      held.push(
        await c.opened.then(
          () => c,
          (e) => e.status,
        ),
      );
    }
    assert.equal(
      held.filter((c) => c === 503).length,
      1,
      'the right-most untrusted hop is the client: 8 sockets, the 9th refused',
    );
    for (const c of held) if (c !== 503) c.ws.terminate();
    const untrusted = await startBridge(['--valkey', stack.valkey.url]);
    const spoofers = [];
    for (let i = 0; i < 9; i += 1) {
      const c = connect(untrusted.ws, { origin: untrusted.origin, headers: { 'X-Forwarded-For': `198.51.100.${i}` } });
      spoofers.push(
        await c.opened.then(
          () => c,
          (e) => e.status,
        ),
      );
    }
    for (const c of spoofers) if (c !== 503) c.ws.terminate();
    await untrusted.stop();
    assert.equal(
      spoofers.filter((c) => c === 503).length,
      1,
      'without --trust-proxy the peer is the client, whatever the header says',
    );
  });
});

describe('10. leaks and logs', () => {
  it('OOM is `oom` with no server text; a seed under OOM leaves the stream as it was; refusals are logged rate-limited', async (t) => {
    const valkey = await startServer({
      module: true,
      args: ['--maxmemory', '3mb', '--maxmemory-policy', 'noeviction'],
    });
    const direct = new Valkey({ host: valkey.host, port: valkey.port });
    const bridge = await startBridge(['--valkey', valkey.url, '--seed-interval', '0']);
    try {
      const client = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(1) });
      const small = await client.request('streamSeed', { queue: 'demo', stream: 'kept', entries: 1000 });
      assert.equal(small.ok, true);
      await direct.set('filler', 'x'.repeat(3 << 20)).catch(() => {});
      let reply;
      const minter = createMinter({ namespace: 'JOB', node: 81 });
      for (let i = 0; i < 200 && reply?.error?.code !== 'oom'; i += 1) {
        reply = await client.request('enqueue', { queue: 'demo.oom', job: minter.next(), payload: 'p'.repeat(4000) });
        await sleep(5);
      }
      assert.deepEqual([reply.error?.code, reply.error?.written], ['oom', 'no'], JSON.stringify(reply));
      assert.doesNotMatch(JSON.stringify(reply), /script|[0-9a-f]{40}|OOM command/);
      const seed = await client.request('streamSeed', { queue: 'demo', stream: 'kept', entries: 200000 });
      assert.equal(seed.error?.code, 'oom', JSON.stringify(seed));
      assert.equal(await direct.xlen('emq:{demo}:stream.kept'), 1000, 'the stream is as it was');
      assert.equal(await direct.exists('emq:{demo}:seed.kept'), 0, 'no scratch left');
      await client.close();

      const logBefore = bridge.logs.length;
      const longOrigin = `https://evil.example/${'x'.repeat(8000)}`;
      for (let round = 0; round < 10; round += 1) {
        await Promise.all(
          Array.from({ length: 50 }, () =>
            upgradeStatus(bridge.ws, { origin: longOrigin, localAddress: clientAt(2 + (round % 5)) }).catch(() => 0),
          ),
        );
      }
      const lines = bridge.logs.slice(logBefore).filter((l) => l.event === 'upgrade_refused');
      const bytes = lines.reduce((n, l) => n + JSON.stringify(l).length, 0);
      assert.ok(lines.length <= 20, `${lines.length} upgrade_refused lines for 500 refusals`);
      assert.ok(
        lines.every((l) => l.origin.length <= 201),
        'the Origin is cut short',
      );
      assert.ok(alive(bridge));
      t.diagnostic(
        `oom reply: ${JSON.stringify(reply.error)}; 500 refused upgrades with an 8 kB Origin: ${lines.length} log lines, ${bytes} bytes`,
      );
    } finally {
      direct.disconnect();
      await bridge.stop();
      await valkey.stop();
    }
  });

  it('a Valkey busy with a script is `busy`, distinct from `unavailable`', async () => {
    const valkey = await startServer({ module: true, args: ['--busy-reply-threshold', '100'] });
    const blocker = new Valkey({ host: valkey.host, port: valkey.port });
    const bridge = await startBridge(['--valkey', valkey.url]);
    try {
      const client = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(1) });
      const spin = blocker.eval(
        "local t = redis.call('TIME') while true do local n = redis.call('TIME') if n[1] - t[1] >= 2 then return 1 end end",
        0,
      );
      await sleep(400);
      const reply = await client.request('enqueue', {
        queue: 'demo.busy',
        job: createMinter({ namespace: 'JOB', node: 82 }).next(),
      });
      assert.deepEqual([reply.error?.code, reply.error?.written], ['busy', 'no'], JSON.stringify(reply));
      await spin;
      await client.close();
    } finally {
      blocker.disconnect();
      await bridge.stop();
      await valkey.stop();
    }
  });
});
