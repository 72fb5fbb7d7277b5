// The third attack round (issue 41), each finding run as the attack was (many loopback addresses, not one)
// beside a timed legitimate visitor on an address of its own: its success rate and a generous p99 asserted
// (attack-support.js), the tight figures left to bench/bridge/. Every wait is for an event or a state, with
// a generous timeout; a wait of a fixed time only lets a timer pass (a slower machine waits longer, never less).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { createMinter, jobKey } from '@echomq/branded';
import { Valkey } from 'iovalkey';

import { LIMITS } from '../../bridge/src/limits.js';
import { startServer } from '../../scripts/valkey.js';
import {
  assertServed,
  clientAt,
  describeStats,
  held,
  httpVisitor,
  legitClient,
  peakRss,
  rawRequest,
  sleep,
} from './attack-support.js';
import { getJson, open, rssMiB, startBridge } from './support.js';

async function until(check, what, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

// A stack of its own: a Valkey (module and library loaded), a direct admin client, and a bridge with `args`.
function useStack(args) {
  const stack = { valkey: null, bridge: null, direct: null };
  before(async () => {
    stack.valkey = await startServer({ module: true });
    stack.direct = new Valkey({ host: stack.valkey.host, port: stack.valkey.port });
    stack.bridge = await startBridge(['--valkey', stack.valkey.url, ...args]);
  });
  after(async () => {
    stack.direct?.disconnect();
    await stack.bridge?.stop();
    await stack.valkey?.stop();
  });
  return stack;
}

const get = (bridge, path, headers = {}, localAddress = clientAt(3)) =>
  rawRequest(
    bridge.port,
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}Connection: close\r\n\r\n`,
    { localAddress },
  );

describe('1. a crowd of addresses holding one WebSocket each (the defaults: 64 places)', () => {
  const stack = useStack([]);

  it('a newcomer closes the place idle longest by real work (1013); hellos are not work; visitors are served', async (t) => {
    const { bridge } = stack;
    const PLACES = 64;
    const closes = [];
    let reconnects = 0;
    // Each crowd address holds one WebSocket and says hello; evicted, it comes back once at once.
    const join = async (n, again) => {
      const member = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(100 + n) });
      await member.request('hello');
      member.closed.then(({ code }) => {
        closes.push(code);
        if (again && code === 1013) {
          reconnects += 1;
          join(n, false).catch(() => {});
        }
      });
      return member;
    };
    const crowd = await Promise.all(Array.from({ length: PLACES }, (_, n) => join(n, true)));
    assert.equal((await held(bridge)).websockets, PLACES, 'the crowd holds every place');
    await sleep(LIMITS.evictIdleMs + 100); // the crowd's places are now idle long enough to be given away
    const hellos = setInterval(() => crowd.forEach((m) => m.request('hello').catch(() => {})), 200);
    const legit = await legitClient(bridge, { address: clientAt(1), count: 40 });
    try {
      const fresh = [];
      for (let i = 0; i < 11; i += 1) {
        const visitor = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(10 + i) });
        const job = createMinter({ namespace: 'JOB', node: 300 + i }).next();
        const reply = await visitor.request('enqueue', { queue: 'demo.visit', job });
        fresh.push(reply.ok ? 'ok' : reply.error.code);
        await visitor.close();
      }
      await legit.finished;
      const stats = await legit.stop();
      assert.deepEqual(fresh, Array(11).fill('ok'), 'every fresh visitor got a place and was served');
      assertServed(stats, 'crowd of one-socket addresses');
      await until(() => closes.includes(1013), 'a crowd member closed with 1013');
      const { evicted } = (await getJson(`${bridge.http}/metrics`)).body;
      assert.ok(evicted.websockets >= 1, JSON.stringify(evicted));
      t.diagnostic(
        `64 one-socket addresses: fresh visitors 11/11 served; ${evicted.websockets} evicted, ${reconnects} came back; ${describeStats(stats)}`,
      );
    } finally {
      clearInterval(hellos);
      for (const member of crowd) member.ws.terminate();
    }
  });
});

describe('2. a crowd of addresses holding one slowloris socket each (--max-sockets 256, 300 addresses)', () => {
  const stack = useStack(['--max-sockets', '256', '--headers-timeout', '120000']);

  it('a newcomer takes the place of the oldest socket that never finished its headers; visitors are served', async (t) => {
    const { bridge } = stack;
    const slow = new Set();
    let open_ = true;
    // One unfinished request per address; closed by the bridge, the address opens another.
    const hold = (n) => {
      if (!open_) return;
      const socket = netConnect({ host: bridge.host, port: bridge.port, localAddress: clientAt(400 + n) });
      socket.on('error', () => {});
      socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
      socket.on('close', () => {
        slow.delete(socket);
        setTimeout(() => hold(n), 100);
      });
      slow.add(socket);
    };
    for (let n = 0; n < 300; n += 1) hold(n);
    await until(async () => (await held(bridge)).sockets >= 250, 'the crowd fills the table');
    const legit = await legitClient(bridge, { address: clientAt(1) });
    const pages = httpVisitor(bridge, { localAddress: clientAt(2), everyMs: 100 });
    try {
      await sleep(3000);
      const stats = await legit.stop();
      const http = await pages.stop();
      assertServed(stats, 'slowloris crowd');
      assert.deepEqual(Object.keys(http.statuses), ['200'], `/healthz answers ${JSON.stringify(http.statuses)}`);
      const now = await held(bridge);
      assert.ok(now.sockets <= 256, JSON.stringify(now));
      const { evicted } = (await getJson(`${bridge.http}/metrics`)).body;
      assert.ok(evicted.sockets >= 1, JSON.stringify(evicted));
      t.diagnostic(
        `300 slowloris addresses: ${evicted.sockets} unfinished sockets closed for newcomers; /healthz ${JSON.stringify(http.statuses)} (max ${http.max.toFixed(0)} ms); ${describeStats(stats)}`,
      );
    } finally {
      open_ = false;
      for (const socket of slow) socket.destroy();
    }
  });
});

describe('3. one address sending large frames over 8 sockets (the defaults: 2 MiB/s per client)', () => {
  const stack = useStack([]);

  it('bytes are charged as well as frames: over-rate frames are refused unread; the bridge parses at most the budget', async (t) => {
    const { bridge } = stack;
    const FRAME = 250_000; // under --max-frame (262,144)
    const pad = 'x'.repeat(FRAME - 64);
    const legit = await legitClient(bridge, { address: clientAt(1), count: 20 });
    const sockets = await Promise.all(
      Array.from({ length: 8 }, () => open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(80) })),
    );
    const codes = {};
    let sent = 0;
    const started = Date.now();
    for (const s of sockets) {
      s.ws.on('message', (data) => {
        const reply = JSON.parse(data.toString());
        const code = reply.ok ? 'ok' : reply.error.code;
        codes[code] = (codes[code] ?? 0) + 1;
      });
    }
    // Each socket keeps ~1 MiB in its send buffer until the 3 s are over or the bridge closes it.
    const flood = sockets.map(async (s, k) => {
      for (let i = 0; Date.now() - started < 3000 && s.ws.readyState === s.ws.OPEN; i += 1) {
        if (s.ws.bufferedAmount > 4 * FRAME) {
          await sleep(5);
          continue;
        }
        s.ws.send(`{"id":${k * 1_000_000 + i},"op":"hello","pad":"${pad}"}`);
        sent += 1;
      }
    });
    await Promise.all(flood);
    const seconds = (Date.now() - started) / 1000;
    await sleep(500); // the replies to what is in flight
    await legit.finished;
    const stats = await legit.stop();
    for (const s of sockets) s.ws.terminate();
    // A parsed frame is answered bad_request (hello takes no "pad"); one refused unread is answered `rate`.
    const parsed = codes.bad_request ?? 0;
    const budget = ((2 << 20) * (seconds + 1.5)) / FRAME + sockets.length; // the client's bytes, and a burst
    assert.ok(
      parsed <= budget,
      `${parsed} frames of ${FRAME} bytes parsed in ${seconds.toFixed(1)} s (${JSON.stringify(codes)})`,
    );
    assert.ok((codes.rate ?? 0) + parsed > 0, JSON.stringify(codes));
    assertServed(stats, 'large frames');
    t.diagnostic(
      `8 sockets of ${FRAME}-byte frames from one address: ${sent} sent, ${parsed} parsed, ${codes.rate ?? 0} refused unread in ${seconds.toFixed(1)} s; ${describeStats(stats)}`,
    );
  });
});

describe('8. fragments: 32 addresses each holding a message of 16,000 one-byte frames', () => {
  const stack = useStack([]);

  it(`a message in over ${LIMITS.maxFragments} frames closes its connection (1009); one in exactly that many is read`, async (t) => {
    const { bridge } = stack;
    const legit = await legitClient(bridge, { address: clientAt(1), count: 20 });
    // The bound itself: a request in exactly maxFragments frames is answered.
    const whole = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(2) });
    const text = JSON.stringify({ id: 7, op: 'hello' });
    const pieces = Array.from({ length: LIMITS.maxFragments }, (_, i) =>
      text.slice((i * text.length) / LIMITS.maxFragments, ((i + 1) * text.length) / LIMITS.maxFragments),
    );
    const answered = whole.nextReply();
    pieces.forEach((piece, i) => whole.ws.send(piece, { fin: i === pieces.length - 1 }));
    assert.equal((await answered).ok, true, 'a message in exactly maxFragments frames is read');
    await whole.close();
    const base = rssMiB(bridge.child.pid);
    const { peak, result: closes } = await peakRss(bridge, async () => {
      const crowd = await Promise.all(
        Array.from({ length: 32 }, (_, i) =>
          open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(700 + i) }),
        ),
      );
      for (const c of crowd)
        for (let i = 0; i < 16000 && c.ws.readyState === c.ws.OPEN; i += 1) c.ws.send('x', { fin: false });
      return Promise.all(crowd.map((c) => c.closed));
    });
    const stats = await legit.stop();
    const metrics = (await getJson(`${bridge.http}/metrics`)).body;
    assert.deepEqual(
      [...new Set(closes.map((c) => c.code))],
      [1009],
      `close codes ${JSON.stringify(closes.map((c) => c.code))}`,
    );
    assert.equal(metrics.closed.fragments, 32);
    assert.ok(peak - base <= 48, `RSS ${base.toFixed(0)} → ${peak.toFixed(0)} MiB`);
    assertServed(stats, 'fragment crowd');
    t.diagnostic(
      `32 addresses x 16,000 one-byte fragments: every one closed 1009; RSS ${base.toFixed(0)} → ${peak.toFixed(0)} MiB; ${describeStats(stats)}`,
    );
  });
});

describe('5, 6, 7, 8: /healthz, payloads, logs, /metrics behind a proxy, static files', () => {
  let site;
  const stack = useStack(['--valkey-timeout', '500']);
  before(async () => {
    site = mkdtempSync(join(tmpdir(), 'bridge-round3-'));
  });
  after(() => rmSync(site, { recursive: true, force: true }));

  it('5. /healthz is 503 with a reason while Valkey stalls (public: no version), 200 once it answers again', async () => {
    const { bridge, valkey } = stack;
    const legit = await legitClient(bridge, { address: clientAt(1) });
    await legit.stop(); // served before the stall
    const client = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(5) });
    process.kill(valkey.pid, 'SIGSTOP');
    try {
      const reply = await client.request('enqueue', {
        queue: 'demo',
        job: createMinter({ namespace: 'JOB', node: 310 }).next(),
      });
      assert.equal(reply.error?.code, 'unavailable');
      const viaProxy = { 'X-Forwarded-For': '203.0.113.9' }; // not the operator: the public answer
      await until(async () => (await get(bridge, '/healthz', viaProxy)).status === 503, 'healthz 503');
      const pub = await get(bridge, '/healthz', viaProxy);
      const body = JSON.parse(pub.head.slice(pub.head.indexOf('\r\n\r\n') + 4));
      assert.deepEqual(body, {
        ok: false,
        reason: 'valkey_stalled',
        valkey: { reachable: true },
        fence: { state: 'ok' },
      });
      const full = await getJson(`${bridge.http}/healthz`);
      assert.equal(full.body.reason, 'valkey_stalled');
    } finally {
      process.kill(valkey.pid, 'SIGCONT');
    }
    await until(async () => (await getJson(`${bridge.http}/healthz`)).status === 200, 'healthz 200 again');
    await client.close();
  });

  it('6. a payload with a lone surrogate is `malformed` (reason payload), never stored as U+FFFD', async () => {
    const { bridge, direct } = stack;
    const client = await open(bridge.ws, { origin: bridge.origin, localAddress: clientAt(6) });
    const minter = createMinter({ namespace: 'JOB', node: 311 });
    const [lone, pair] = [minter.next(), minter.next()];
    const reply = (frame) =>
      new Promise((resolve) => {
        client.ws.once('message', (data) => resolve(JSON.parse(data.toString())));
        client.sendRaw(frame);
      });
    const single = await reply(`{"id":1,"op":"enqueue","queue":"demo","job":"${lone}","payload":"a\\ud800b"}`);
    assert.deepEqual([single.id, single.error?.code, single.error?.reason], [1, 'malformed', 'payload']);
    const batch = await reply(
      `{"id":2,"op":"enqueueMany","queue":"demo","items":[{"job":"${pair}"},{"job":"${lone}","payload":"\\udfff"}]}`,
    );
    assert.deepEqual([batch.id, batch.error?.code, batch.error?.reason], [2, 'malformed', 'payload']);
    assert.equal(await direct.exists(jobKey('demo', lone), jobKey('demo', pair)), 0, 'nothing written');
    const paired = await reply(`{"id":3,"op":"enqueue","queue":"demo","job":"${pair}","payload":"\\ud83d\\ude00"}`);
    assert.equal(paired.ok, true, JSON.stringify(paired));
    assert.equal(await direct.hget(jobKey('demo', pair), 'payload'), '\u{1f600}', 'a pair is stored as given');
    await client.close();
  });

  it('7. C1 controls a client sends (an Origin with 8-bit CSI) are escaped in the log', async () => {
    const { bridge } = stack;
    // Node's parser refuses C0 in a header (400); C1 and other bytes past 0x7f arrive as Latin-1 characters.
    const origin = `https://evil.example/\u009b31m\u2028`;
    const refused = await rawRequest(
      bridge.port,
      `GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n` +
        `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: ${origin}\r\n\r\n`,
      { localAddress: clientAt(7) },
    );
    assert.equal(refused.status, 403);
    await until(async () => bridge.logs.some((l) => l.event === 'upgrade_refused' && /evil/.test(l.origin)), 'logged');
    const line = bridge.lines.find((l) => l.includes('upgrade_refused') && l.includes('evil.example'));
    assert.doesNotMatch(line, /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u, 'no raw control in the line');
    assert.match(line, /\\u009b31m/);
  });

  it('8. /metrics is refused to a request that came through a proxy (loopback, no --trust-proxy); public /healthz has no version', async () => {
    const { bridge } = stack;
    assert.equal((await get(bridge, '/metrics')).status, 200, 'loopback, direct: the operator');
    for (const header of [
      { 'X-Forwarded-For': '203.0.113.7' },
      { Forwarded: 'for=203.0.113.7' },
      { Via: '1.1 proxy' },
      { 'X-Real-IP': '203.0.113.7' },
    ]) {
      assert.equal((await get(bridge, '/metrics', header)).status, 403, JSON.stringify(header));
    }
    const pub = await get(bridge, '/healthz', { 'X-Forwarded-For': '203.0.113.7' });
    assert.equal(pub.status, 200);
    assert.doesNotMatch(pub.head, /version|uptime|found|expected/);
  });
});

describe('8. static files: ETag with 304, one Range, and a visitor beside many revalidations', () => {
  let site;
  const stack = { valkey: null, bridge: null };
  const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
  before(async () => {
    site = mkdtempSync(join(tmpdir(), 'bridge-static-'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(site, 'big.wasm'), bytes);
    stack.valkey = await startServer({ module: true });
    stack.bridge = await startBridge(['--valkey', stack.valkey.url, '--static', site]);
  });
  after(async () => {
    await stack.bridge?.stop();
    await stack.valkey?.stop();
    rmSync(site, { recursive: true, force: true });
  });

  it('a revalidation with the ETag is a 304 without a body; a Range is a 206 of exactly those bytes; past the end 416', async () => {
    const { bridge } = stack;
    const first = await fetch(`${bridge.http}/big.wasm`);
    const etag = first.headers.get('etag');
    assert.match(etag, /^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    assert.equal(first.headers.get('accept-ranges'), 'bytes');
    assert.ok(first.headers.get('last-modified'));
    assert.equal(Buffer.from(await first.arrayBuffer()).equals(bytes), true);
    const again = await fetch(`${bridge.http}/big.wasm`, { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    assert.equal((await again.arrayBuffer()).byteLength, 0);
    const part = await fetch(`${bridge.http}/big.wasm`, { headers: { Range: 'bytes=1000-1999' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 1000-1999/${bytes.length}`);
    assert.equal(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000)), true);
    const tail = await fetch(`${bridge.http}/big.wasm`, { headers: { Range: 'bytes=-10' } });
    assert.equal(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(-10)), true);
    const past = await fetch(`${bridge.http}/big.wasm`, { headers: { Range: `bytes=${bytes.length}-` } });
    assert.equal(past.status, 416);
    assert.equal(past.headers.get('content-range'), `bytes */${bytes.length}`);
    const stale = await fetch(`${bridge.http}/big.wasm`, { headers: { Range: 'bytes=0-9', 'If-Range': 'W/"0-0"' } });
    assert.equal(stale.status, 200, 'an If-Range of another version gets the whole file');
    await stale.arrayBuffer();
  });

  it('20 addresses revalidating the wasm in a loop get 304s; a visitor is served beside them', async () => {
    const { bridge } = stack;
    // The revalidations go on until the visitor has made its 20 requests (and 20 rounds at least).
    const legit = await legitClient(bridge, { address: clientAt(1), count: 20 });
    let visited = false;
    legit.finished.then(() => {
      visited = true;
    });
    const etag = (await fetch(`${bridge.http}/big.wasm`)).headers.get('etag');
    const statuses = {};
    await Promise.all(
      Array.from({ length: 20 }, async (_, a) => {
        for (let i = 0; i < 20 || !visited; i += 1) {
          const { status } = await get(bridge, '/big.wasm', { 'If-None-Match': etag }, clientAt(200 + a));
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    const stats = await legit.stop();
    assert.deepEqual(Object.keys(statuses), ['304'], JSON.stringify(statuses));
    assert.ok(statuses[304] >= 400, JSON.stringify(statuses));
    assertServed(stats, 'revalidations');
  });
});
