// SCRIPT FLUSH mid-stream: while a second client empties the script cache every 2 ms, 19,980 jobs go
// through the connector's script executor (singles and 500-item pipelines) and 5,000 through the bridge
// (enqueueMany of 250). Every job must be enqueued exactly once; the NOSCRIPT fallbacks (EVAL) are counted.
import { createMinter } from '@echomq/branded';
import { connect } from '@echomq/branded/valkey';

import { audit, direct, Ledger, open, sleep, startBridge, startServer, ONE_ADDRESS_LOAD } from './support.js';

async function evalCalls(client) {
  const stats = await client.info('commandstats');
  return Number(/^cmdstat_eval:calls=(\d+)/m.exec(stats)?.[1] ?? 0);
}

async function viaConnector(conn, ledger) {
  const minter = createMinter({ namespace: 'JOB', node: 1 });
  for (let batch = 0; batch < 30; batch++) {
    const items = Array.from({ length: 500 }, () => minter.next()).map((job) => [job, job]);
    for (const { id, verdict, error } of await conn.enqueueMany('faults.flush', items))
      ledger.record(id, error?.code ?? verdict);
    for (let i = 0; i < 166; i++) {
      const job = minter.next();
      ledger.record(job, await conn.enqueue('faults.flush', job, job).catch((e) => e?.code ?? e?.message));
    }
  }
}

async function viaBridge(client, ledger) {
  const minter = createMinter({ namespace: 'JOB', node: 2 });
  for (let batch = 0; batch < 20; batch++) {
    const items = Array.from({ length: 250 }, () => minter.next()).map((job) => ({ job, payload: job }));
    const reply = await client.request('enqueueMany', { queue: 'demo.flush', items });
    if (!reply.ok) for (const { job } of items) ledger.record(job, reply.error.code);
    else reply.result.items.forEach((item, i) => ledger.record(items[i].job, item.ok ? item.verdict : item.error.code));
  }
}

export async function run() {
  const server = await startServer({ module: true });
  const conn = await connect({ host: server.host, port: server.port });
  const bridge = await startBridge([...ONE_ADDRESS_LOAD, '--valkey', server.url, '--rate', '100000']);
  const client = await open(bridge.ws, { origin: bridge.origin });
  const flusher = direct(server);
  let flushing = true;
  let flushes = 0;
  const flush = (async () => {
    while (flushing) {
      await flusher.script('FLUSH');
      flushes++;
      await sleep(2);
    }
  })();
  const connectorLedger = new Ledger();
  const bridgeLedger = new Ledger();
  const started = Date.now();
  await Promise.all([viaConnector(conn, connectorLedger), viaBridge(client, bridgeLedger)]);
  flushing = false;
  await flush;
  const result = {
    name: 'SCRIPT FLUSH every 2 ms mid-stream (script executor)',
    seconds: (Date.now() - started) / 1000,
    flushes,
    evalFallbacks: await evalCalls(flusher),
    connector: {
      ...(await audit(flusher, 'faults.flush', connectorLedger)),
      outcomes: Object.fromEntries(connectorLedger.codes),
    },
    bridge: { ...(await audit(flusher, 'demo.flush', bridgeLedger)), outcomes: Object.fromEntries(bridgeLedger.codes) },
  };
  const allEnqueued = (ledger, n) => ledger.codes.get('enqueued') === n && ledger.codes.size === 1;
  result.ok =
    result.connector.ok && result.bridge.ok && allEnqueued(connectorLedger, 19980) && allEnqueued(bridgeLedger, 5000);
  flusher.disconnect();
  await client.close();
  await bridge.stop();
  await conn.close();
  await server.stop();
  return result;
}
