// Shared by the Valkey suites: real servers from scripts/valkey.js, raw iovalkey clients, and counters
// read from the server itself (INFO commandstats) to prove what did or did not reach the wire.
import { Valkey } from 'iovalkey';
import { FENCE_KEY, FENCE_VALUE } from '@echomq/branded';
import { startCluster, startServer } from '../../scripts/valkey.js';

/** A standalone server for one test file, stopped (and its temp dir removed) after it. */
export async function serverFor(t, options = {}) {
  const server = await startServer(options);
  t.after(() => server.stop());
  return server;
}

/** A cluster for the suites: 3 primaries, 1 replica each unless `replicas` says otherwise (scripts/valkey.js). */
export const clusterOf = (options = {}) => startCluster({ primaries: 3, replicas: 1, ...options });

/** A plain iovalkey client (no fence logic): what a test uses to look at the server directly. */
export async function rawClient(t, server) {
  const client = new Valkey({ host: server.host, port: server.port, lazyConnect: true, maxRetriesPerRequest: 0 });
  await client.connect();
  t.after(() => client.disconnect());
  return client;
}

export const claimFence = (client) => client.set(FENCE_KEY, FENCE_VALUE);

/** How many times the server ran a command (0 when never), from INFO commandstats. */
export async function commandCalls(client, command) {
  const stats = await client.info('commandstats');
  const escaped = command.replace(/[.]/g, '\\.');
  const match = new RegExp(`^cmdstat_${escaped}:calls=(\\d+)`, 'mi').exec(stats);
  return match ? Number(match[1]) : 0;
}

/** The server's reply to a command, or its error text when it refuses. */
export async function replyOf(promise) {
  try {
    return await promise;
  } catch (error) {
    return { error: error.message };
  }
}

/** Every key with its type and value bytes (DUMP), to prove a refused call changed nothing. */
export async function snapshot(client) {
  const keys = (await client.keys('*')).sort();
  const entries = await Promise.all(keys.map(async (key) => [key, (await client.dumpBuffer(key)).toString('hex')]));
  return Object.fromEntries(entries);
}

/** MODULE LIST without Valkey's own Lua engine (Valkey 9 lists it as the module `lua`): the modules loaded. */
export async function loadedModules(client) {
  const modules = await client.call('MODULE', 'LIST');
  return modules.filter((fields) => fields[fields.indexOf('name') + 1] !== 'lua');
}
