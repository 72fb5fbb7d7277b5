// A foreign fence under a running bridge: writers enqueue through the bridge (both executors) when
// {emq}:version is rewritten to a foreign value behind its back (no reconnect). The bridge must stop
// writing and say so: counted are the writes it still acknowledged after the rewrite, per executor, the
// time to its first `fence` refusal, and what /healthz and its log said. Then the fence is restored.
import { createMinter } from '@echomq/branded';

import { direct, getJson, open, sleep, startBridge, startServer, until, ONE_ADDRESS_LOAD } from './support.js';

const FOREIGN = 'echomq:9.9.9';
const OBSERVE_MS = 3000;
const ROWS = 'emq:{demo.fence}:job:*';

async function writer(client, node, executor, log, running) {
  const minter = createMinter({ namespace: 'JOB', node });
  while (running()) {
    const job = minter.next();
    const reply = await client.request('enqueue', { queue: 'demo.fence', job, payload: job, executor });
    log.push({
      at: Date.now(),
      executor,
      job,
      outcome: reply.ok ? reply.result.verdict : reply.error.code,
      error: reply.error,
    });
    if (!reply.ok) await sleep(10);
  }
}

// `since` is when the rewrite's reply came back; an ack received later may still be for a write the server
// ran before the rewrite (it was in flight), so the server's own key count is the verdict, this a symptom.
function summary(log, sentAt, since, executor) {
  const after = log.filter((e) => e.at > since && e.executor === executor);
  const refusal = log.find((e) => e.at > sentAt && e.executor === executor && e.outcome === 'fence');
  return {
    acksReceivedAfterRewrite: after.filter((e) => e.outcome === 'enqueued').length,
    refusedWithFence: after.filter((e) => e.outcome === 'fence').length,
    msToFirstFenceRefusal: refusal ? refusal.at - sentAt : null,
    refusal: refusal
      ? { found: refusal.error.found, expected: refusal.error.expected, message: refusal.error.message }
      : null,
  };
}

export async function run() {
  const server = await startServer({ module: true });
  const bridge = await startBridge([...ONE_ADDRESS_LOAD, '--valkey', server.url, '--rate', '100000']);
  const clients = await Promise.all([0, 1].map(() => open(bridge.ws, { origin: bridge.origin })));
  const check = direct(server);
  const log = [];
  let running = true;
  const writers = [
    writer(clients[0], 1, 'script', log, () => running),
    writer(clients[1], 2, 'native', log, () => running),
  ];
  await until(() => log.filter((e) => e.outcome === 'enqueued').length > 200, 'writes before the rewrite');

  // SET and KEYS in one transaction: the job rows at the exact moment of the rewrite.
  const sentAt = Date.now();
  const [, [, rowsAtRewrite]] = await check.multi().set('{emq}:version', FOREIGN).keys(ROWS).exec();
  const rewrittenAt = Date.now();
  await sleep(OBSERVE_MS);
  const health = await getJson(`${bridge.http}/healthz`);
  const before = new Set(rowsAtRewrite);
  const executorOf = new Map(log.map((e) => [e.job, e.executor]));
  const lateWrites = { script: 0, native: 0 };
  for (const key of await check.keys(ROWS))
    if (!before.has(key)) lateWrites[executorOf.get(key.slice(ROWS.length - 1))]++;

  await check.set('{emq}:version', 'echomq:4.0.0');
  const restoredAt = Date.now();
  const recovered = await until(
    async () => log.some((e) => e.at > restoredAt && e.outcome === 'enqueued'),
    'writes after the restore',
    15_000,
  )
    .then(() => log.find((e) => e.at > restoredAt && e.outcome === 'enqueued').at - restoredAt)
    .catch(() => null);
  running = false;
  await Promise.all(writers);

  const result = {
    name: `fence rewritten to ${FOREIGN} under a running bridge (no reconnect), observed ${OBSERVE_MS} ms`,
    script: summary(log, sentAt, rewrittenAt, 'script'),
    native: summary(log, sentAt, rewrittenAt, 'native'),
    // Jobs the server stored after the rewrite: the script executor has no fence of its own (contract.md §5: the
    // client checks at connect), so it can write until the bridge learns of the rewrite; the native one cannot.
    jobsWrittenAfterRewrite: lateWrites,
    healthz: { status: health.status, fence: health.body.fence },
    bridgeLogged: [...new Set(bridge.logs.filter((l) => Date.parse(l.ts) >= sentAt).map((l) => l.event))],
    msToFirstWriteAfterRestore: recovered,
  };
  result.ok =
    lateWrites.native === 0 &&
    result.script.refusedWithFence > 0 &&
    result.native.refusedWithFence > 0 &&
    result.healthz.status === 503;
  check.disconnect();
  await Promise.all(clients.map((c) => c.close()));
  await bridge.stop();
  await server.stop();
  return result;
}
