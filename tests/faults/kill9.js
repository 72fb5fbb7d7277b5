// kill -9 under load, AOF appendfsync always: writers enqueue through the connector (both executors) and
// through the bridge while the server is killed and restarted five times; a write without an answer is
// re-sent with the same id until it is acknowledged. Afterwards every acknowledged job is present, rows and
// pending entries match one to one, and no job was reported `enqueued` twice.
import { createMinter } from '@echomq/branded';
import { connect } from '@echomq/branded/valkey';

import { audit, direct, Ledger, open, sleep, startBridge, startServer, until, ONE_ADDRESS_LOAD } from './support.js';

const KILLS = 5;
const WRITERS = 4;

async function connectorWriter(conn, ledger, node, executor, running) {
  const minter = createMinter({ namespace: 'JOB', node });
  while (running()) {
    const job = minter.next();
    for (;;) {
      try {
        ledger.record(job, await conn.enqueue('faults.kill', job, job, { executor }));
        break;
      } catch (error) {
        ledger.record(job, error?.code ?? error?.name ?? 'error');
        await sleep(20);
      }
    }
  }
}

async function bridgeWriter(client, ledger, node, executor, running) {
  const minter = createMinter({ namespace: 'JOB', node });
  while (running()) {
    const job = minter.next();
    for (;;) {
      const reply = await client.request('enqueue', { queue: 'demo.kill', job, payload: job, executor });
      const outcome = reply.ok ? reply.result.verdict : reply.error.code;
      ledger.record(job, outcome);
      if (outcome === 'enqueued' || outcome === 'duplicate') break;
      await sleep(20);
    }
  }
}

// Kills only after both paths made progress since the last restart, so every kill lands mid-stream.
async function killAndRestart(server, ledgers) {
  const progressed = async (what) => {
    const before = ledgers.map((l) => l.acked.size);
    await until(() => ledgers.every((l, i) => l.acked.size >= before[i] + 100), what, 60_000);
  };
  for (let k = 0; k < KILLS; k++) {
    await progressed(`progress before kill ${k + 1}`);
    await server.kill();
    await sleep(300);
    await server.launch();
  }
  await progressed('progress after the last restart');
}

export async function run() {
  const server = await startServer({ module: true, appendfsync: 'always' });
  const conn = await connect({ host: server.host, port: server.port });
  const bridge = await startBridge([...ONE_ADDRESS_LOAD, '--valkey', server.url, '--rate', '100000']);
  const clients = await Promise.all(Array.from({ length: WRITERS }, () => open(bridge.ws, { origin: bridge.origin })));
  const viaConnector = new Ledger();
  const viaBridge = new Ledger();
  let running = true;
  const executor = (i) => (i % 2 ? 'native' : 'script');
  const writers = [
    ...Array.from({ length: WRITERS }, (_, i) =>
      connectorWriter(conn, viaConnector, 10 + i, executor(i), () => running),
    ),
    ...clients.map((client, i) => bridgeWriter(client, viaBridge, 20 + i, executor(i), () => running)),
  ];
  const started = Date.now();
  await killAndRestart(server, [viaConnector, viaBridge]);
  running = false;
  await Promise.all(writers);
  const check = direct(server);
  const result = {
    name: 'kill -9 under load (AOF always), 5 kills',
    seconds: (Date.now() - started) / 1000,
    connector: {
      ...(await audit(check, 'faults.kill', viaConnector)),
      outcomes: Object.fromEntries(viaConnector.codes),
    },
    bridge: { ...(await audit(check, 'demo.kill', viaBridge)), outcomes: Object.fromEntries(viaBridge.codes) },
  };
  result.ok = result.connector.ok && result.bridge.ok;
  check.disconnect();
  await Promise.all(clients.map((c) => c.close()));
  await bridge.stop();
  await conn.close();
  await server.stop();
  return result;
}
