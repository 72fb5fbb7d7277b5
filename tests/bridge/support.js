// Shared by the bridge suites: a real bridge process (the CLI), a real valkey-server (scripts/valkey.js),
// and real `ws` clients speaking the protocol.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

import { freePort } from '../../scripts/valkey.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BRIDGE_CLI = join(ROOT, 'bridge/bin/branded-bridge.js');
export const TOKEN = 'test-token-0123456789abcdef';

// For suites that drive load from one loopback address as if it were many clients: the per-address caps,
// the bridge-wide budgets and the seed interval lifted (the attack suites run the defaults instead).
export const ONE_ADDRESS_LOAD = [
  '--max-connections-per-ip',
  '100000',
  '--max-sockets-per-ip',
  '100000',
  '--ip-rate',
  '1000000',
  '--ip-budget',
  '10000000',
  '--budget',
  '100000000',
  '--max-queue',
  '10000000',
  '--ip-window-entries',
  '100000000',
  '--window-entries',
  '100000000',
  '--seed-interval',
  '0',
  '--ip-keys',
  '100000000',
  '--max-keys',
  '0',
];

/**
 * Spawns `branded-bridge` on a free port of `host` (loopback); resolves once it logs `listening`. Unless `args`
 * set --origin, the allowed origin is the bridge's own (as `npm start` serves the explorer). With waitReady,
 * it also waits until the bridge has reached Valkey and checked the fence (`valkey_ready`).
 */
export async function startBridge(args = [], { env = {}, waitReady = true, wrap = [], host = '127.0.0.1' } = {}) {
  const port = await freePort();
  const where = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  const origin = `http://${where}`;
  const originArgs = args.includes('--origin') || env.BRANDED_BRIDGE_ORIGIN ? [] : ['--origin', origin];
  // wrap: a command that execs the bridge in its own place (prlimit), so the child's pid is the bridge's.
  const command = [...wrap, process.execPath, BRIDGE_CLI, '--listen', where, ...originArgs, ...args];
  const child = spawn(command[0], command.slice(1), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs = [];
  const lines = []; // the same, as written (to see how a line escapes what a client sent)
  let buffered = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    buffered += chunk;
    const complete = buffered.split('\n');
    buffered = complete.pop();
    for (const line of complete) {
      lines.push(line);
      logs.push(line.startsWith('{') ? JSON.parse(line) : { event: 'not_json', line });
    }
  });
  const exited = once(child, 'exit');
  const deadline = Date.now() + 15000;
  while (!logs.some((l) => l.event === 'listening')) {
    if (child.exitCode !== null) {
      const said = [...logs.map((l) => l.line ?? JSON.stringify(l)), buffered].join('\n').slice(-2000);
      throw new Error(`the bridge exited with ${child.exitCode}:\n${said}`);
    }
    if (Date.now() > deadline) throw new Error('the bridge did not start listening');
    await new Promise((r) => setTimeout(r, 20));
  }
  while (waitReady && !logs.some((l) => l.event === 'valkey_ready')) {
    if (Date.now() > deadline) throw new Error('the bridge did not reach Valkey');
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    port,
    host,
    origin,
    http: `http://${where}`,
    ws: `ws://${where}/ws`,
    child,
    logs,
    lines,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const [code] = await exited;
      return code;
    },
  };
}

/**
 * A protocol client: request(op, fields) resolves the reply with the same id. With writesPerTurn, the
 * requests made in the same turn leave in one socket write (each still its own frame), as the bridge
 * writes its replies.
 */
export function connect(
  url,
  { origin, token, protocols = ['branded.v1'], headers = {}, writesPerTurn = false, localAddress } = {},
) {
  const ws = new WebSocket(url, protocols, {
    origin,
    localAddress,
    headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
  });
  const pending = new Map();
  let nextId = 1;
  // `_socket` is ws's net.Socket: ws has no public cork.
  let corked = false;
  const uncork = () => {
    corked = false;
    ws._socket.uncork();
  };
  const corkThisTurn = () => {
    if (corked) return;
    corked = true;
    ws._socket.cork();
    process.nextTick(uncork);
  };
  ws.on('message', (data) => {
    const reply = JSON.parse(data.toString());
    const waiter = pending.get(reply.id);
    if (waiter) {
      pending.delete(reply.id);
      waiter(reply);
    }
  });
  const closed = new Promise((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  // A request the socket closed under is answered here, so nobody waits for a reply that cannot come.
  ws.on('close', (code) => {
    for (const [id, waiter] of pending) waiter({ id, ok: false, error: { code: 'closed', closeCode: code } });
    pending.clear();
  });
  const opened = new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('unexpected-response', (req, res) =>
      reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode })),
    );
    ws.once('error', reject);
  });
  return {
    ws,
    opened,
    closed,
    request(op, fields = {}, id = nextId++) {
      // A socket already closed sends nothing and will not close again: answer here, not never (in a later
      // turn, so a loop of requests on a closed socket still lets timers and sockets run).
      if (ws.readyState !== ws.OPEN)
        return new Promise((resolve) => setImmediate(resolve, { id, ok: false, error: { code: 'closed' } }));
      return new Promise((resolve) => {
        pending.set(id, resolve);
        if (writesPerTurn) corkThisTurn();
        ws.send(JSON.stringify({ id, op, ...fields }));
      });
    },
    // Several requests in one socket write (each its own frame), so the bridge reads them in one turn.
    // Resolves their replies in request order.
    burst(requests) {
      corkThisTurn();
      return Promise.all(requests.map(({ op, id, ...fields }) => this.request(op, fields, id)));
    },
    sendRaw(data, options) {
      ws.send(data, options);
    },
    nextReply() {
      return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(data.toString()))));
    },
    close() {
      ws.close();
      return closed;
    },
  };
}

/** The resident set of a process, in MiB (Linux). */
export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)[1]) / 1024;
}

/** Connects and waits for the socket to open; rejects with {status} on an HTTP refusal. */
export async function open(url, options) {
  const client = connect(url, options);
  await client.opened;
  return client;
}

/** The HTTP status with which an upgrade is refused (or 101 when it is accepted). */
export async function upgradeStatus(url, options) {
  try {
    const client = await open(url, options);
    await client.close();
    return 101;
  } catch (error) {
    if (error.status === undefined) throw error;
    return error.status;
  }
}

export async function getJson(url, headers = {}) {
  const res = await fetch(url, { headers });
  return {
    status: res.status,
    body: res.headers.get('content-type')?.startsWith('application/json') ? await res.json() : await res.text(),
  };
}

/**
 * The bridge in this process, on a clock the test drives: `now()` is what every bucket (rates, budgets) reads,
 * so a budget refills only when the test moves the clock (a frozen clock: never). Resolves once the bridge has
 * reached Valkey; stop() closes it. For the tests whose assertions would otherwise race the refill.
 */
export async function startBridgeInProcess(args = [], { now = () => 0 } = {}) {
  const { loadConfig } = await import('../../bridge/src/config.js');
  const { createBridge } = await import('../../bridge/src/server.js');
  const { createBackend } = await import('../../bridge/src/valkey.js');
  const { createLogger } = await import('../../bridge/src/log.js');
  const { createMetrics } = await import('../../bridge/src/metrics.js');
  const { ready } = await import('@echomq/branded/explain');
  await ready;
  // Local limits: the test's clock drives every bucket (fleet limits refill on Valkey's clock).
  const config = loadConfig(['--listen', '127.0.0.1:0', '--limits', 'local', ...args]);
  const logger = createLogger({ stream: { write() {} } });
  const metrics = createMetrics();
  const backend = createBackend(config, { logger, metrics, now });
  const bridge = createBridge({ config, backend, logger, metrics, now });
  const { port } = await bridge.listen();
  const deadline = Date.now() + 15000;
  while (!bridge.status().valkey.reachable || bridge.status().fence.state !== 'ok') {
    if (Date.now() > deadline) throw new Error('the in-process bridge did not reach Valkey');
    await new Promise((r) => setTimeout(r, 20));
  }
  const where = `127.0.0.1:${port}`;
  return {
    port,
    origin: `http://${where}`,
    http: `http://${where}`,
    ws: `ws://${where}/ws`,
    stop: () => bridge.close(),
  };
}
