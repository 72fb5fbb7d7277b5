// Shared by the availability suites (attacks.test.js, soak.test.js): clients on their own loopback
// addresses (127.0.0.0/8 is all loopback on Linux, so each address is a distinct client to the bridge),
// a legitimate client timing its enqueues while an attack runs, and a view of Valkey to compare.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { rssMiB } from './support.js';

// Generous bounds, so that a busy machine does not fail them while a starved visitor (503s, stalls of
// seconds) still does; the tight figures are bench/bridge/attacks.js's and soak.js's.
export const LEGIT_BOUND_MS = 2000;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The n-th client address (1..254 in 127.0.0.x, 255+ in 127.0.1.x ...). */
export const clientAt = (n) => `127.0.${Math.floor(n / 250)}.${(n % 250) + 2}`;

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const alive = (bridge) => bridge.child.exitCode === null && bridge.child.signalCode === null;

let nextNode = 500;
const PROBE = join(dirname(fileURLToPath(import.meta.url)), 'legit-probe.js');

/**
 * Legitimate visitors, each on its own address, all in one process of their own: one enqueue at a time
 * each, one every `everyMs`, each timed, `count` each when given (else until stopped). `finished` settles once
 * every visitor has made its count; stop() resolves {latencies, acked, codes, p50, p99, max}.
 */
export async function legitClient(
  bridge,
  { address, addresses = [address], queue = 'demo.legit', everyMs = 50, count = 0 } = {},
) {
  const node = nextNode;
  nextNode = (nextNode + addresses.length) % 1024;
  const child = spawn(
    process.execPath,
    [PROBE, bridge.ws, bridge.origin, addresses.join(','), queue, String(everyMs), String(node), String(count)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  child.stdin.on('error', () => {}); // a probe that finished its count has closed its end
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    out += chunk;
  });
  const exited = once(child, 'exit');
  while (!out.startsWith('ready\n')) {
    if (child.exitCode !== null) throw new Error(`the legitimate client exited ${child.exitCode}`);
    await sleep(10);
  }
  return {
    queue,
    finished: exited,
    async stop() {
      if (child.exitCode === null) child.stdin.end('stop\n');
      await exited;
      const { latencies, acked, codes } = JSON.parse(out.split('\n')[1]);
      return {
        latencies,
        acked,
        codes,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: Math.max(...latencies),
      };
    },
  };
}

/** The legitimate client was answered `ok` every time, p99 within the bound. */
export function assertServed(stats, what) {
  assert.ok(stats.latencies.length >= 10, `${what}: only ${stats.latencies.length} legitimate requests answered`);
  assert.deepEqual(Object.keys(stats.codes), ['ok'], `${what}: legitimate replies ${JSON.stringify(stats.codes)}`);
  assert.ok(stats.p99 <= LEGIT_BOUND_MS, `${what}: legitimate p99 over ${LEGIT_BOUND_MS} ms: ${describeStats(stats)}`);
}

export const describeStats = (stats) =>
  `legit n=${stats.latencies.length} p50 ${stats.p50.toFixed(1)} ms p99 ${stats.p99.toFixed(1)} ms max ${stats.max.toFixed(1)} ms`;

/** Every acknowledged job is stored. */
export async function assertPresent(direct, queue, jobs) {
  const pipeline = direct.pipeline();
  for (const job of jobs) pipeline.exists(`emq:{${queue}}:job:${job}`);
  const present = (await pipeline.exec()).map(([, n]) => n);
  assert.deepEqual(
    jobs.filter((_, i) => present[i] !== 1),
    [],
    `acked jobs missing from ${queue}`,
  );
}

/**
 * What Valkey holds outside the legitimate client's queue and the fleet's limits (the budgets an attack
 * spends): each key with its type and content (DUMP, or length and last id for a stream). Equal snapshots
 * before and after an attack mean it wrote nothing.
 */
export async function keyspace(direct, exceptQueue = 'demo.legit') {
  const keys = (await direct.keys('*'))
    .filter((k) => !k.startsWith(`emq:{${exceptQueue}}:`) && !k.startsWith('emq:limit:'))
    .sort();
  const out = [];
  for (const key of keys) {
    const type = await direct.type(key);
    const value =
      type === 'stream'
        ? `${await direct.xlen(key)} ${(await direct.xrevrange(key, '+', '-', 'COUNT', 1))[0]?.[0]}`
        : (await direct.dumpBuffer(key))?.toString('hex');
    out.push([key, type, value]);
  }
  return out;
}

/** Peak RSS of the bridge while `work` runs, sampled every 200 ms. */
export async function peakRss(bridge, work) {
  let peak = rssMiB(bridge.child.pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMiB(bridge.child.pid));
    } catch {
      /* exited: the caller's alive check says so */
    }
  }, 200);
  try {
    const result = await work();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

/**
 * A raw TCP client: sends `text` to `host` (from `localAddress`), resolves {status, head, closedBy} once the
 * server closes.
 */
export function rawRequest(port, text, { localAddress, timeoutMs = 5000, host = '127.0.0.1' } = {}) {
  return new Promise((resolve) => {
    const socket = netConnect({ host, port, localAddress });
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ status: null, head: data, closedBy: 'client' });
    }, timeoutMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? NaN), head: data, closedBy: 'server' });
    });
    socket.on('connect', () => socket.write(text));
  });
}

/** Legitimate visitors' bound in the second round's attacks: every reply `ok`, and each within 5 s. */
export const VISITOR_BOUND_MS = 5000;

/** The legitimate client was answered `ok` every time, each reply within VISITOR_BOUND_MS. */
export function assertServedWithin(stats, what, boundMs = VISITOR_BOUND_MS) {
  assert.ok(stats.latencies.length >= 5, `${what}: only ${stats.latencies.length} legitimate requests answered`);
  assert.deepEqual(Object.keys(stats.codes), ['ok'], `${what}: legitimate replies ${JSON.stringify(stats.codes)}`);
  assert.ok(stats.max <= boundMs, `${what}: a legitimate reply took over ${boundMs} ms: ${describeStats(stats)}`);
}

/** What the bridge holds now (/metrics `held`: sockets, websockets, files, clients). */
export async function held(bridge) {
  return (await (await fetch(`${bridge.http}/metrics`)).json()).held;
}

/** The descriptors a process holds open. */
export const fdsOf = (pid) => readdirSync(`/proc/${pid}/fd`).length;

/** Times plain HTTP GETs of `path` from `localAddress` every `everyMs` until stop(): {statuses, max}. */
export function httpVisitor(bridge, { localAddress, path = '/healthz', everyMs = 100 }) {
  let running = true;
  const statuses = {};
  let max = 0;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const { status } = await rawRequest(
        bridge.port,
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
        { localAddress, host: bridge.host, timeoutMs: 5000 },
      );
      max = Math.max(max, performance.now() - started);
      statuses[status] = (statuses[status] ?? 0) + 1;
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { statuses, max };
    },
  };
}

// A prefix the tests make local (AnyIP), so a client may bind any source address in it: a site's /48, one
// per test process, so that two runs on one machine never take each other's route away.
const SITE = (process.pid % 0xffff).toString(16);
export const SITE_PREFIX = `fd00:b:${SITE}::/48`;
/** The n-th address of the site, in its own /64 (`fd00:b:<site>:<n>::<host>`). */
export const siteAt = (n, host = 2) => `fd00:b:${SITE}:${n.toString(16)}::${host.toString(16)}`;

/**
 * Makes SITE_PREFIX local for the test (a `local` route on lo, and ip_nonlocal_bind so a socket may bind an
 * address of it); resolves the undo. Needs root: resolves null otherwise (the caller skips, saying why).
 */
export function anyIpSite() {
  if (process.getuid?.() !== 0) return null;
  const sysctl = '/proc/sys/net/ipv6/ip_nonlocal_bind';
  const previous = readFileSync(sysctl, 'utf8').trim();
  execFileSync('ip', ['-6', 'route', 'replace', 'local', SITE_PREFIX, 'dev', 'lo']);
  writeFileSync(sysctl, '1');
  // Another run on the machine may have taken the route away already (its own undo): gone is what is wanted.
  return () => {
    try {
      execFileSync('ip', ['-6', 'route', 'del', 'local', SITE_PREFIX, 'dev', 'lo'], { stdio: 'ignore' });
    } catch {
      /* already gone */
    }
    writeFileSync(sysctl, previous);
  };
}
