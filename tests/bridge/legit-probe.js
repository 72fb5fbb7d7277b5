#!/usr/bin/env node
// Legitimate visitors in their own process (so an attack driven from the test process cannot slow their
// clock): `node legit-probe.js WS_URL ORIGIN ADDRESS[,ADDRESS...] QUEUE EVERY_MS NODE [COUNT]`. Each address is
// one visitor: one enqueue at a time, one every EVERY_MS, COUNT of them when given (0: until stopped). Prints
// `ready` once all are connected, and on "stop" (stdin) or once every visitor has made its COUNT one JSON line
// {latencies, acked, codes} over all of them.
import { createMinter } from '@echomq/branded';

import { open } from './support.js';

const [url, origin, addresses, queue, everyMs, node, count = '0'] = process.argv.slice(2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const latencies = [];
const acked = [];
const codes = {};
let running = true;

async function visitor(client, minter) {
  for (let made = 0; running && (Number(count) === 0 || made < Number(count)); made += 1) {
    const job = minter.next();
    const started = performance.now();
    const reply = await Promise.race([
      client.request('enqueue', { queue, job, payload: 'legit' }),
      sleep(10000).then(() => null),
    ]);
    // A refusal is counted by its code and reason (`busy:budget`), so a failing soak says which limit it was.
    const code =
      reply === null ? 'no_reply' : reply.ok ? 'ok' : [reply.error.code, reply.error.reason].filter(Boolean).join(':');
    codes[code] = (codes[code] ?? 0) + 1;
    if (reply === null) return;
    latencies.push(performance.now() - started);
    if (reply.ok) acked.push(job);
    await sleep(Number(everyMs));
  }
}

const list = addresses.split(',');
const clients = await Promise.all(list.map((localAddress) => open(url, { origin, localAddress })));
// One unmeasured enqueue each first: the timings are of a visitor already connected and served once.
const warm = createMinter({ namespace: 'JOB', node: (Number(node) + 512) % 1024 });
await Promise.all(clients.map((client) => client.request('enqueue', { queue, job: warm.next(), payload: 'warm-up' })));
process.stdin.on('data', () => {
  running = false;
});
process.stdout.write('ready\n');
await Promise.all(
  clients.map((client, i) => visitor(client, createMinter({ namespace: 'JOB', node: (Number(node) + i) % 1024 }))),
);
for (const client of clients) client.ws.terminate();
// stdout into a pipe is written asynchronously: exit only once the whole line is out.
process.stdout.write(`${JSON.stringify({ latencies, acked, codes })}\n`, () => process.exit(0));
