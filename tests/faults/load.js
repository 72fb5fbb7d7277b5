// Load: 500 concurrent WebSocket clients send 100,000 enqueues (200 each, 4 in flight per client) through
// one bridge into one Valkey. Every ack must be `enqueued` for the job it answers, every job present once;
// reported: wall time, throughput, p50/p99/max latency, and the bridge's peak RSS (VmHWM).
import { createMinter } from '@echomq/branded';

import {
  audit,
  direct,
  Ledger,
  open,
  peakRssMiB,
  percentile,
  startBridge,
  startServer,
  ONE_ADDRESS_LOAD,
} from './support.js';

const CLIENTS = 500;
const PER_CLIENT = 200;
const IN_FLIGHT = 4;

async function clientRun(client, index, ledger, latencies, wrong) {
  const minter = createMinter({ namespace: 'JOB', node: index });
  const jobs = Array.from({ length: PER_CLIENT }, () => minter.next());
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const sent = performance.now();
      const reply = await client.request('enqueue', {
        queue: 'demo.load',
        job,
        payload: job,
        executor: index % 2 ? 'native' : 'script',
      });
      latencies.push(performance.now() - sent);
      const outcome = reply.ok ? reply.result.verdict : reply.error.code;
      ledger.record(job, outcome);
      if (!reply.ok || reply.result.job !== job) wrong.push({ job, reply });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}

export async function run() {
  const server = await startServer({ module: true });
  const bridge = await startBridge([
    ...ONE_ADDRESS_LOAD,
    '--valkey',
    server.url,
    '--rate',
    '100000',
    '--max-connections',
    String(CLIENTS + 10),
  ]);
  const clients = [];
  for (let i = 0; i < CLIENTS; i++) clients.push(await open(bridge.ws, { origin: bridge.origin }));
  const rssBefore = peakRssMiB(bridge.child.pid);
  const ledger = new Ledger();
  const latencies = [];
  const wrong = [];
  const started = performance.now();
  await Promise.all(clients.map((client, i) => clientRun(client, i, ledger, latencies, wrong)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const check = direct(server);
  const round = (ms) => Math.round(ms * 100) / 100;
  const result = {
    name: `${CLIENTS} WebSocket clients x ${PER_CLIENT} enqueues through one bridge (${IN_FLIGHT} in flight each)`,
    enqueues: CLIENTS * PER_CLIENT,
    seconds: Math.round(seconds * 100) / 100,
    perSecond: Math.round((CLIENTS * PER_CLIENT) / seconds),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1)),
    },
    bridgePeakRssMiB: { connected: rssBefore, afterLoad: peakRssMiB(bridge.child.pid) },
    wrongAcks: wrong.length,
    outcomes: Object.fromEntries(ledger.codes),
    audit: await audit(check, 'demo.load', ledger),
  };
  result.ok = result.audit.ok && result.wrongAcks === 0 && result.audit.rows === CLIENTS * PER_CLIENT;
  check.disconnect();
  await Promise.all(clients.map((c) => c.close()));
  await bridge.stop();
  await server.stop();
  return result;
}
