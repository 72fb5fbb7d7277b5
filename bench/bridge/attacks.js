// The bridge's second attack round (issue 25), measured: each finding's figure against a bridge checkout, so
// the same script gives the "before" (an older tree: BRIDGE_ROOT=/path/to/checkout) and the "after" (this
// one). Real processes only: a valkey-server with the module, the bridge CLI with its defaults (unless a
// finding names options), attackers and a visitor on their own loopback addresses. Prints one JSON line per
// figure; never gates anything.
//   node bench/bridge/attacks.js [pipelining clients acl ceilings connections work seeds origins quota]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { join, resolve } from 'node:path';

import { Valkey } from 'iovalkey';
import WebSocket from 'ws';

import { createMinter } from '../../wasm/index.js';
import { freePort, startServer } from '../../scripts/valkey.js';

const ROOT = resolve(process.env.BRIDGE_ROOT ?? join(import.meta.dirname, '../..'));
const STATIC = resolve(join(import.meta.dirname, '../../web/dist'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const at = (n) => `127.${20 + Math.floor(n / 62500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 2}`;
const report = (finding, name, value, unit = '') =>
  process.stdout.write(`${JSON.stringify({ finding, name, value, unit, root: ROOT })}\n`);

const fds = (pid) => readdirSync(`/proc/${pid}/fd`).length;
const rss = (pid) => Math.round(Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);

async function startBridge(valkeyUrl, args = [], { ownOrigin = true } = {}) {
  const port = await freePort();
  const origin = ownOrigin ? ['--origin', `http://127.0.0.1:${port}`] : [];
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'bridge/bin/branded-bridge.js'),
      '--listen',
      `127.0.0.1:${port}`,
      '--valkey',
      valkeyUrl,
      ...origin,
      ...args,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const logs = [];
  child.stderr.setEncoding('utf8').on('data', (chunk) => logs.push(...chunk.split('\n').filter(Boolean)));
  const deadline = Date.now() + 15000;
  while (!logs.some((l) => l.includes('"valkey_ready"'))) {
    if (Date.now() > deadline) throw new Error(`no bridge:\n${logs.join('\n')}`);
    await sleep(20);
  }
  return {
    port,
    pid: child.pid,
    logs,
    origin: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}/ws`,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

function openWs(bridge, localAddress, origin = bridge.origin) {
  return new Promise((resolveOpen) => {
    const ws = new WebSocket(bridge.ws, ['branded.v1'], { origin, localAddress });
    ws.on('error', () => {});
    ws.once('open', () => resolveOpen({ ws, status: 101 }));
    ws.once('unexpected-response', (req, res) => resolveOpen({ ws: null, status: res.statusCode }));
    ws.once('close', () => resolveOpen({ ws: null, status: 0 }));
  });
}

function request(ws, op, fields = {}) {
  const id = Math.random().toString(36).slice(2);
  // A socket the bridge closed (a flood past its budget is closed with 1008) answers nothing more.
  if (ws.readyState !== WebSocket.OPEN) return Promise.resolve({ ok: false, error: { code: 'closed' } });
  return new Promise((done) => {
    const onMessage = (data) => {
      const reply = JSON.parse(data.toString());
      if (reply.id !== id) return;
      ws.off('message', onMessage);
      done(reply);
    };
    ws.on('message', onMessage);
    ws.setMaxListeners(0);
    ws.once('close', () => done({ ok: false, error: { code: 'closed' } }));
    ws.send(JSON.stringify({ id, op, ...fields }));
  });
}

function rawGet(port, localAddress, path = '/healthz') {
  return new Promise((done) => {
    const socket = netConnect({ host: '127.0.0.1', port, localAddress });
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      done('timeout');
    }, 5000);
    socket.on('data', (c) => (data += c));
    socket.on('error', (e) => {
      clearTimeout(timer);
      done(e.code);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      done(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1] ?? 'reset');
    });
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
  });
}

// 1. Pipelined requests on sockets whose client never reads.
async function pipelining(valkey) {
  const bridge = await startBridge(valkey.url, ['--static', STATIC]);
  const base = { fds: fds(bridge.pid), rss: rss(bridge.pid) };
  const hold = (count) =>
    Array.from({ length: count }, () => {
      const socket = netConnect({ host: '127.0.0.1', port: bridge.port, localAddress: at(1) });
      socket.on('error', () => {});
      socket.on('connect', () => {
        socket.pause();
        socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(Math.ceil(46000 / 35)));
      });
      return socket;
    });
  let sockets = hold(1);
  await sleep(3000);
  report(1, 'one socket, 46 KB pipelined, never read: bridge fds', fds(bridge.pid) - base.fds, 'fds');
  report(1, 'one socket: bridge RSS growth', rss(bridge.pid) - base.rss, 'MiB');
  sockets.forEach((s) => s.destroy());
  await sleep(1000);
  sockets = hold(32);
  let peakFds = 0;
  let peakRss = 0;
  for (let i = 0; i < 20; i += 1) {
    await sleep(500);
    peakFds = Math.max(peakFds, fds(bridge.pid) - base.fds);
    peakRss = Math.max(peakRss, rss(bridge.pid));
  }
  const visitor = await rawGet(bridge.port, at(2), '/');
  report(1, '32 sockets from one address: bridge fds (peak)', peakFds, 'fds');
  report(1, '32 sockets: bridge RSS', `${base.rss} -> ${peakRss}`, 'MiB');
  report(1, '32 sockets: a visitor GET / on another address', visitor, 'status');
  sockets.forEach((s) => s.destroy());
  await sleep(5000);
  report(1, 'attacker gone 5 s: fds still held', fds(bridge.pid) - base.fds, 'fds');
  report(1, 'attacker gone 5 s: RSS', rss(bridge.pid), 'MiB');
  await bridge.stop();
}

// 2. One enqueueMany frame (1,000 items on the invalid queue `!`) from each of many addresses.
async function clients(valkey) {
  const count = Number(process.env.ATTACK_CLIENTS ?? 100000);
  const bridge = await startBridge(valkey.url);
  const rssBefore = rss(bridge.pid);
  const frame = JSON.stringify({
    id: 1,
    op: 'enqueueMany',
    queue: '!',
    items: Array.from({ length: 1000 }, () => ({ job: 'JOB0KHTOWnGLuC' })),
  });
  const started = Date.now();
  let next = 0;
  let refused = 0;
  const lane = async () => {
    while (next < count) {
      const n = next++;
      const { ws, status } = await openWs(bridge, at(10 + n));
      if (ws === null) {
        refused += status !== 101 ? 1 : 0;
        continue;
      }
      await new Promise((done) => {
        ws.once('message', done);
        ws.once('close', done);
        ws.send(frame);
      });
      ws.terminate();
    }
  };
  await Promise.all(Array.from({ length: 64 }, lane));
  report(
    2,
    `${count} addresses, one 1,000-item frame on queue "!" each`,
    Math.round((Date.now() - started) / 1000),
    's',
  );
  report(2, 'addresses refused at the door meanwhile', refused, 'addresses');
  await sleep(1000);
  const statuses = [];
  for (let i = 0; i < 10; i += 1) statuses.push(await rawGet(bridge.port, at(10 + count + i)));
  report(2, 'then 10 new addresses GET /healthz', statuses.join(','), 'status');
  report(2, 'bridge RSS', `${rssBefore} -> ${rss(bridge.pid)}`, 'MiB');
  await bridge.stop();
}

// 3 and 7. What the bridge's Valkey user may do (as --print-acl grants it).
async function acl(valkey) {
  const admin = new Valkey({ host: valkey.host, port: valkey.port });
  const printed = await new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'bridge/bin/branded-bridge.js'), '--print-acl'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', () => done(out.trim()));
  });
  // The printed command as valkey-cli reads it: words, or quoted ones (a selector's rules hold spaces).
  const words = printed.replace('<password>', 'measure-password-0123456789').match(/'[^']*'|\S+/g);
  const rules = words.map((w) => w.replace(/^'(.*)'$/, '$1')).slice(3);
  await admin.call('ACL', 'SETUSER', 'branded-bridge', ...rules);
  const user = new Valkey({
    host: valkey.host,
    port: valkey.port,
    username: 'branded-bridge',
    password: 'measure-password-0123456789',
  });
  const attempt = async (what, work) => {
    try {
      const reply = await work();
      report(3, what, `allowed (${String(reply).slice(0, 40)})`);
    } catch (error) {
      report(3, what, `refused (${error.message.split(' ')[0]})`);
    }
  };
  report(3, 'server version', /valkey_version:(\S+)/.exec(await admin.info('server'))?.[1]);
  await attempt('EVAL any Lua', () => user.eval('return 1', 0));
  await attempt('SCRIPT LOAD', () => user.call('SCRIPT', 'LOAD', 'return 1'));
  await attempt('FUNCTION LOAD', () =>
    user.call('FUNCTION', 'LOAD', "#!lua name=x\nserver.register_function('x', function() return 1 end)"),
  );
  await attempt('SELECT 1', () => user.call('SELECT', '1'));
  await attempt('INFO everything (INFO all)', () => user.call('INFO', 'all').then((t) => `${t.length} bytes`));
  await attempt('SET a queue key (not the fence) to 1 MB', () => user.set('emq:{demo}:x', 'x'.repeat(1 << 20)));
  await attempt('SET the fence', () => user.set('{emq}:version', 'overwritten'));
  await admin.set('{emq}:version', 'echomq:4.0.0');
  await attempt('a key whose hash tag crosses braces (emq:{demo:other}:x)', () => user.get('emq:{demo:other}:x'));
  user.disconnect();
  admin.disconnect();
}

// 4. Bridge-wide ceilings taken by a few addresses; 5. seeds in bytes.
async function ceilings(valkey) {
  await connectionCeilings(valkey);
  await workCeilings(valkey);
}

async function connectionCeilings(valkey) {
  const bridge = await startBridge(valkey.url);
  // WebSockets: 8 addresses x 8.
  const held = [];
  for (let a = 0; a < 8; a += 1) for (let i = 0; i < 8; i += 1) held.push(await openWs(bridge, at(100 + a)));
  let served = 0;
  for (let i = 0; i < 11; i += 1) {
    const { ws, status } = await openWs(bridge, at(200));
    if (status === 101) served += 1;
    ws?.terminate();
    await sleep(200);
  }
  report(4, 'WebSockets: 8 addresses x 8 held; a visitor connects', `${served} of 11`);
  held.forEach(({ ws }) => ws?.terminate());
  await sleep(500);
  // TCP sockets: 64 addresses x 32 idle sockets.
  const sockets = [];
  for (let a = 0; a < 64; a += 1)
    for (let i = 0; i < 32; i += 1) {
      const socket = netConnect({ host: '127.0.0.1', port: bridge.port, localAddress: at(300 + a) });
      socket.on('error', () => {});
      socket.on('connect', () => socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
      sockets.push(socket);
    }
  await sleep(1500);
  const statuses = [];
  for (let i = 0; i < 20; i += 1) statuses.push(await rawGet(bridge.port, at(400)));
  report(
    4,
    'TCP: 64 addresses x 32 sockets; a visitor GET /healthz',
    `${statuses.filter((s) => s === '200').length} of 20`,
  );
  sockets.forEach((s) => s.destroy());
  await bridge.stop();
}

async function workCeilings(valkey) {
  const bridge = await startBridge(valkey.url);
  // Seeds and windows: one address asking all the time, opening a new socket whenever the bridge closes one.
  let reopened = 0;
  const live = async (ws) => {
    if (ws?.readyState === WebSocket.OPEN) return ws;
    if (ws !== undefined) reopened += 1;
    for (;;) {
      const socket = (await openWs(bridge, at(500))).ws;
      if (socket !== null) return socket;
      await sleep(200);
    }
  };
  const attackers = { seeder: await live(), readers: await Promise.all([0, 1].map(() => live())) };
  const visitor = (await openWs(bridge, at(501))).ws;
  let attacking = true;
  let seeded = 0;
  const attackSeeds = (async () => {
    for (let i = 0; attacking; i += 1) {
      attackers.seeder = await live(attackers.seeder);
      const reply = await request(attackers.seeder, 'streamSeed', { queue: 'demo', stream: `a${i}`, entries: 200000 });
      if (reply.ok) seeded += 1;
      await sleep(20);
    }
  })();
  const window = { queue: 'demo', stream: 'a0', t0: 1781000000000, t1: 1781000000049 };
  const attackWindows = [0, 1].map(async (r) => {
    while (attacking) {
      attackers.readers[r] = await live(attackers.readers[r]);
      await Promise.all(Array.from({ length: 8 }, () => request(attackers.readers[r], 'streamWindow', window)));
      await sleep(20);
    }
  });
  let seeds = 0;
  let windows = 0;
  for (let i = 0; i < 30; i += 1) {
    if (i % 5 === 0 && (await request(visitor, 'streamSeed', { queue: 'demo', stream: `v${i}`, entries: 1000 })).ok)
      seeds += 1;
    if (
      (await request(visitor, 'streamWindow', { queue: 'demo', stream: 'a0', t0: 1781000000000, t1: 1781000000001 })).ok
    )
      windows += 1;
    await sleep(1000);
  }
  attacking = false;
  await Promise.all([attackSeeds, ...attackWindows]);
  report(4, 'one address seeding and reading windows for 30 s: visitor seeds', `${seeds} of 6`);
  report(4, 'visitor windows', `${windows} of 30`);
  report(4, "the attacker's sockets the bridge closed (and it reopened)", reopened);
  // 5: bytes of one full seed, and how many one connection may run per hour.
  const direct = new Valkey({ host: valkey.host, port: valkey.port });
  const bytes = await direct.call('MEMORY', 'USAGE', 'emq:{demo}:stream.a0', 'SAMPLES', '0');
  report(5, 'one 200,000-entry seed in Valkey', Math.round(bytes / 1e5) / 10, 'MB');
  report(5, 'full seeds one address ran in 30 s', seeded, 'seeds');
  const alive = Math.round(((seeded * 3600) / 30) * (bytes / 1e6));
  report(5, 'at that pace, seeded bytes alive at once (TTL 3600 s)', alive, 'MB');
  direct.disconnect();
  [attackers.seeder, ...attackers.readers, visitor].forEach((ws) => ws?.terminate());
  await bridge.stop();
}

// 5. What one address may keep seeded: full 200,000-entry seeds, one after another, until the bridge refuses
// one (`rate`: its seeded bytes per data TTL) or 150 s pass; then the bytes its streams hold in Valkey.
async function seeds(valkey) {
  const bridge = await startBridge(valkey.url);
  const direct = new Valkey({ host: valkey.host, port: valkey.port });
  const { ws } = await openWs(bridge, at(700));
  const started = Date.now();
  const codes = [];
  for (let i = 0; Date.now() - started < 150000; i += 1) {
    const reply = await request(ws, 'streamSeed', { queue: 'demo', stream: `s${i}`, entries: 200000 });
    codes.push(reply.ok ? 'ok' : reply.error.code);
    if (!reply.ok && reply.error.code === 'rate') break;
  }
  let bytes = 0;
  for (const key of await direct.keys('emq:{demo}:stream.s*'))
    bytes += Number(await direct.call('MEMORY', 'USAGE', key, 'SAMPLES', '0'));
  report(5, 'one address, full seeds back to back (150 s at most)', codes.join(', '));
  report(5, "that address's seeded streams in Valkey", Math.round(bytes / 1e5) / 10, 'MB');
  ws?.terminate();
  direct.disconnect();
  await bridge.stop();
}

// 6. The default origins.
async function origins(valkey) {
  const bridge = await startBridge(valkey.url, [], { ownOrigin: false });
  for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173']) {
    const { ws, status } = await openWs(bridge, at(1), origin);
    report(6, `default --origin, a page from ${origin}`, status);
    ws?.terminate();
  }
  await bridge.stop();
}

// 8. Quota accounting.
async function quota(valkey) {
  const bridge = await startBridge(valkey.url);
  const direct = new Valkey({ host: valkey.host, port: valkey.port });
  const { ws, status } = await openWs(bridge, at(600));
  if (ws === null) throw new Error(`the quota client was refused: ${status}`);
  const minter = createMinter({ namespace: 'JOB', node: 600 });
  const before = await direct.dbsize();
  for (let i = 0; i < 10; i += 1) await request(ws, 'enqueue', { queue: `demo.q${i}`, job: minter.next() });
  report(8, 'a new queue per enqueue: keys written per enqueue', ((await direct.dbsize()) - before) / 10, 'keys');
  const dup = minter.next();
  await request(ws, 'enqueue', { queue: 'demo.dup', job: dup });
  const codes = [];
  for (let i = 0; i < 6; i += 1) {
    const reply = await request(ws, 'enqueueMany', {
      queue: 'demo.dup',
      items: Array.from({ length: 1000 }, () => ({ job: dup })),
    });
    codes.push(reply.ok ? `ok(${reply.result.duplicates} dup)` : reply.error.code);
    await sleep(600);
  }
  report(8, 'frames of 1,000 duplicates (nothing written)', codes.join(', '));
  const fresh = await request(ws, 'enqueueMany', {
    queue: 'demo.dup',
    items: Array.from({ length: 1000 }, () => ({ job: minter.next() })),
  });
  report(8, 'then 1,000 new jobs from that address', fresh.ok ? `ok(${fresh.result.enqueued})` : fresh.error.code);
  ws.terminate();
  direct.disconnect();
  await bridge.stop();
}

const FINDINGS = {
  pipelining,
  clients,
  acl,
  ceilings,
  connections: connectionCeilings,
  work: workCeilings,
  seeds,
  origins,
  quota,
};
const ALL = ['pipelining', 'clients', 'acl', 'ceilings', 'seeds', 'origins', 'quota'];
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : ALL;
for (const name of chosen) {
  const valkey = await startServer({ module: true });
  try {
    await FINDINGS[name](valkey);
  } finally {
    await valkey.stop();
  }
}
