// A tiny maxmemory with noeviction: jobs with 2 KiB payloads go through the connector (both executors) and
// the bridge until the server refuses them. Every refusal must be a typed error, and the keyspace must never
// hold a job row without its pending entry or a pending entry without its row.
import { createMinter } from '@echomq/branded';
import { connect } from '@echomq/branded/valkey';

import { audit, direct, Ledger, open, startBridge, startServer, ONE_ADDRESS_LOAD } from './support.js';

const PAYLOAD = 'p'.repeat(2048);
const ATTEMPTS = 3000;

// The first word of a server refusal (OOM, EMQKIND, ...) or the connector's code.
const classOf = (error) => error?.code ?? /^[A-Z]+/.exec(error?.message ?? '')?.[0] ?? error?.name ?? 'error';

async function fillViaConnector(conn, ledger, firstRefusal) {
  const minter = createMinter({ namespace: 'JOB', node: 1 });
  for (let i = 0; i < ATTEMPTS; i++) {
    const job = minter.next();
    const executor = i % 2 ? 'native' : 'script';
    try {
      ledger.record(job, await conn.enqueue('faults.oom', job, PAYLOAD, { executor }));
    } catch (error) {
      ledger.record(job, `${executor}:${classOf(error)}`);
      firstRefusal[executor] ??= error.message;
    }
  }
}

async function fillViaBridge(client, ledger, firstRefusal) {
  const minter = createMinter({ namespace: 'JOB', node: 2 });
  for (let i = 0; i < ATTEMPTS / 3; i++) {
    const job = minter.next();
    const executor = i % 2 ? 'native' : 'script';
    const reply = await client.request('enqueue', { queue: 'demo.oom', job, payload: PAYLOAD, executor });
    ledger.record(job, reply.ok ? reply.result.verdict : `${executor}:${reply.error.code}`);
    if (!reply.ok) firstRefusal[executor] ??= reply.error;
  }
}

export async function run() {
  const server = await startServer({ module: true, args: ['--maxmemory', '4mb', '--maxmemory-policy', 'noeviction'] });
  const conn = await connect({ host: server.host, port: server.port });
  const bridge = await startBridge([...ONE_ADDRESS_LOAD, '--valkey', server.url, '--rate', '100000']);
  const client = await open(bridge.ws, { origin: bridge.origin });
  const check = direct(server);
  const connectorLedger = new Ledger();
  const bridgeLedger = new Ledger();
  const connectorRefusal = {};
  const bridgeRefusal = {};
  await fillViaConnector(conn, connectorLedger, connectorRefusal);
  await fillViaBridge(client, bridgeLedger, bridgeRefusal);
  const info = await check.info('memory');
  const result = {
    name: 'maxmemory 4mb, noeviction, 2 KiB payloads until refused',
    usedMemory: /used_memory_human:(\S+)/.exec(info)?.[1],
    connector: {
      ...(await audit(check, 'faults.oom', connectorLedger)),
      outcomes: Object.fromEntries(connectorLedger.codes),
      firstRefusal: connectorRefusal,
    },
    bridge: {
      ...(await audit(check, 'demo.oom', bridgeLedger)),
      outcomes: Object.fromEntries(bridgeLedger.codes),
      firstRefusal: bridgeRefusal,
    },
  };
  const refused = (ledger) => [...ledger.codes.keys()].some((code) => code.includes(':'));
  result.ok = result.connector.ok && result.bridge.ok && refused(connectorLedger) && refused(bridgeLedger);
  check.disconnect();
  await client.close();
  await bridge.stop();
  await conn.close();
  await server.stop();
  return result;
}
