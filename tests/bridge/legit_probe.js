#!/usr/bin/env node
// A legitimate visitor in its own process (so an attack driven from the test process cannot slow its
// clock): `node legit_probe.js WS_URL ORIGIN ADDRESS QUEUE EVERY_MS NODE`. One enqueue at a time, one every
// EVERY_MS; prints `ready` once connected, and on "stop" (stdin) one JSON line {latencies, acked, codes}.
import { createMinter } from '@echomq/branded';

import { open } from './support.js';

const [url, origin, localAddress, queue, everyMs, node] = process.argv.slice(2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const client = await open(url, { origin, localAddress });
const minter = createMinter({ namespace: 'JOB', node: Number(node) });
const latencies = [];
const acked = [];
const codes = {};
let running = true;
process.stdin.on('data', () => { running = false; });
process.stdout.write('ready\n');
while (running) {
  const job = minter.next();
  const started = performance.now();
  const reply = await Promise.race([client.request('enqueue', { queue, job, payload: 'legit' }), sleep(10000).then(() => null)]);
  const code = reply === null ? 'no_reply' : reply.ok ? 'ok' : reply.error.code;
  codes[code] = (codes[code] ?? 0) + 1;
  if (reply === null) break;
  latencies.push(performance.now() - started);
  if (reply.ok) acked.push(job);
  await sleep(Number(everyMs));
}
process.stdout.write(`${JSON.stringify({ latencies, acked, codes })}\n`);
client.ws.terminate();
process.exit(0);
