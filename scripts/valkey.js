#!/usr/bin/env node
// Starts and stops the Valkey servers this project needs: a standalone node (optionally with the
// EMQ.ENQUEUE module; bridge/local/valkey-launcher.js) or a cluster (3 primaries, 1 replica each from the CLI),
// on free loopback ports, data in fresh temp dirs, AOF on. Every server is stopped by its own pid; a server
// this helper did not start is
// never touched.
//
// Library:  import { startServer, startCluster } from './scripts/valkey.js'
// CLI:      node scripts/valkey.js start [--module] [--port N] [--dir D] [--appendfsync always|everysec|no]
//           node scripts/valkey.js stop
//           node scripts/valkey.js cluster [start] [--module] [--replicas N]   (3 primaries, N replicas each: 1)
//           node scripts/valkey.js cluster stop
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import {
  HOST,
  TERMINATE_RETRY_MS,
  TERMINATE_TIMEOUT_MS,
  cli,
  freePort,
  sleep,
  startServer,
  valkeyProgram,
} from '../bridge/local/valkey-launcher.js';

export {
  HOST,
  MODULE_PATH,
  ValkeyServer,
  cli,
  freePort,
  startServer,
  valkeyProgram,
} from '../bridge/local/valkey-launcher.js';

const run = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Where the CLI remembers the servers it started (for `stop`); tests point it elsewhere.
const STATE_DIR = process.env.BRANDED_VALKEY_STATE_DIR ?? join(ROOT, '.run');
const STANDALONE_STATE = join(STATE_DIR, 'valkey.json');
const CLUSTER_STATE = join(STATE_DIR, 'valkey-cluster.json');

/** A Valkey Cluster on loopback: `primaries` primaries, each with `replicas` replicas, all 16384 slots assigned. */
export class ValkeyCluster {
  constructor(nodes, options) {
    this.nodes = nodes;
    this.options = options;
  }

  /** The seed list iovalkey's Cluster takes. */
  get startupNodes() {
    return this.nodes.map(({ host, port }) => ({ host, port }));
  }

  /** The node started on `port`. */
  node(port) {
    return this.nodes.find((node) => node.port === port);
  }

  /** Each node's role as the cluster sees it now: [{ node, id, primary, primaryId, slots }], from CLUSTER NODES. */
  async topology() {
    const lines = (await askAnyNode(this.nodes, 'CLUSTER', 'NODES')).split('\n').filter(Boolean);
    return lines.map((line) => {
      const [id, address, flags, primaryId, , , , link, ...slots] = line.split(' ');
      const port = Number(/:(\d+)@/.exec(address)?.[1]);
      const failed = /\bfail\b/.test(flags) || link !== 'connected';
      return { node: this.node(port), id, port, primary: /\bmaster\b/.test(flags), primaryId, failed, slots };
    });
  }

  /** The nodes that serve slots now (not failed). */
  async primaries() {
    return (await this.topology()).filter((n) => n.primary && !n.failed && n.slots.length > 0).map((n) => n.node);
  }

  /** The healthy replicas now. */
  async replicas() {
    return (await this.topology()).filter((n) => !n.primary && !n.failed).map((n) => n.node);
  }

  /**
   * Starts a node, lets it meet the cluster, and waits until every node knows it and it sees the cluster ok (it
   * serves no slot yet); with `replicaOf` (a node), it becomes that node's replica.
   */
  async addNode({ replicaOf } = {}) {
    const node = await startClusterNode(this.options);
    await node.loadLibrary();
    this.nodes.push(node);
    const [seed] = this.nodes;
    const busPort = seed.args[seed.args.indexOf('--cluster-port') + 1];
    const met = await cli(node.port, 'CLUSTER', 'MEET', HOST, String(seed.port), busPort);
    if (met !== 'OK') throw new Error(`CLUSTER MEET answered ${met}`);
    await waitFor(async () => {
      const known = await Promise.all(this.nodes.map((n) => knownNodes(n.port)));
      return known.every((count) => count === this.nodes.length);
    }, 'every node to know the new one');
    await waitForClusterOk(this.nodes);
    if (replicaOf) {
      const id = (await this.topology()).find((n) => n.port === replicaOf.port).id;
      await cli(node.port, 'CLUSTER', 'REPLICATE', id);
      await waitForReplicasInSync([node]);
    }
    return node;
  }

  /** Waits until every slot is served, every node says cluster_state:ok, and every replica is in sync. */
  async settled() {
    await waitForClusterOk(this.nodes);
    await waitForReplicasInSync(await this.replicas());
  }

  async stop() {
    await Promise.all(this.nodes.map((node) => node.stop()));
  }
}

async function askAnyNode(nodes, ...args) {
  for (const node of nodes) {
    const answer = await cli(node.port, ...args).catch(() => '');
    if (answer && !answer.startsWith('ERR') && !/Connection refused/.test(answer)) return answer;
  }
  throw new Error(`no node of the cluster answered ${args.join(' ')}`);
}

async function knownNodes(port) {
  const info = await cli(port, 'CLUSTER', 'INFO').catch(() => '');
  return Number(/cluster_known_nodes:(\d+)/.exec(info)?.[1] ?? 0);
}

async function clusterState(port) {
  const info = await cli(port, 'CLUSTER', 'INFO').catch(() => '');
  return /cluster_state:(\w+)/.exec(info)?.[1];
}

// Cluster changes (a meet, a failover, a sync) take seconds on an idle box and much longer on a busy one.
const SETTLE_TIMEOUT_MS = 120_000;

/** Polls `check` until it resolves true; throws naming `what` after SETTLE_TIMEOUT_MS. */
export async function waitFor(check, what, timeoutMs = SETTLE_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function waitForClusterOk(nodes) {
  await waitFor(async () => {
    const states = await Promise.all(nodes.map((node) => clusterState(node.port)));
    return states.every((state) => state === 'ok');
  }, 'cluster_state:ok on every node');
}

async function replicaInSync(port) {
  const info = await cli(port, 'INFO', 'replication');
  return /^role:slave/m.test(info) && /^master_link_status:up/m.test(info) && /^master_sync_in_progress:0/m.test(info);
}

async function waitForReplicasInSync(replicas) {
  await waitFor(
    async () => (await Promise.all(replicas.map((node) => replicaInSync(node.port)))).every(Boolean),
    'every replica to be in sync with its primary',
  );
}

// A node with its cluster bus on a second free port; a bus port taken meanwhile means a new try.
async function startClusterNode({ module, appendfsync, detached, nodeTimeoutMs, args: extraArgs = [] }) {
  for (let attempt = 0; ; attempt++) {
    const busPort = await freePort();
    const args = [
      '--cluster-enabled',
      'yes',
      '--cluster-config-file',
      'nodes.conf',
      '--cluster-port',
      String(busPort),
      '--cluster-node-timeout',
      String(nodeTimeoutMs),
      ...extraArgs,
    ];
    try {
      // The library is loaded on the primaries once the cluster is made (a replica refuses FUNCTION LOAD, and a
      // node that restarts as a replica gets it from its RDB/AOF and its primary).
      return await startServer({ module, appendfsync, detached, args, library: false });
    } catch (error) {
      if (attempt === 4 || !/exited at start/.test(error.message)) throw error;
    }
  }
}

/**
 * Starts a cluster: `primaries` primaries and `replicas` replicas of each (valkey-cli --cluster create), the
 * EMQ.ENQUEUE module on every node when `module` (true or a path), `args` more valkey-server arguments for
 * every node; waits until it is settled.
 */
export async function startCluster({
  primaries = 3,
  replicas = 0,
  module = false,
  appendfsync = 'everysec',
  detached = false,
  nodeTimeoutMs = 5000,
  args = [],
} = {}) {
  const options = { module, appendfsync, detached, nodeTimeoutMs, args };
  const nodes = [];
  try {
    const count = primaries * (1 + replicas);
    for (let i = 0; i < count; i++) nodes.push(await startClusterNode(options));
    await run(
      valkeyProgram('valkey-cli'),
      [
        '--cluster',
        'create',
        ...nodes.map((n) => `${HOST}:${n.port}`),
        '--cluster-replicas',
        String(replicas),
        '--cluster-yes',
      ],
      { timeout: 60_000 },
    );
    const cluster = new ValkeyCluster(nodes, options);
    await waitForClusterOk(nodes);
    await Promise.all((await cluster.primaries()).map((node) => node.loadLibrary()));
    await cluster.settled();
    return cluster;
  } catch (error) {
    await Promise.all(nodes.map((node) => node.stop()));
    throw error;
  }
}

// --- CLI: servers started here outlive the command; their pids are kept in .run/ for `stop`.

function option(argv, name) {
  const at = argv.indexOf(name);
  return at === -1 ? undefined : argv[at + 1];
}

function remember(file, servers) {
  mkdirSync(STATE_DIR, { recursive: true });
  const state = servers.map(({ pid, port, dir, ownsDir }) => ({ pid, port, dir, ownsDir }));
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`);
}

// Only a pid whose process title is valkey-server on the remembered port ("valkey-server 127.0.0.1:<port>",
// the program's path before it when it is not the PATH's) is signalled.
function isOurs({ pid, port }) {
  try {
    const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return /^(?:\S*\/)?valkey-server\s+\S*:(\d+)/.exec(title)?.[1] === String(port);
  } catch {
    return false;
  }
}

async function forget(file) {
  if (!existsSync(file)) return console.log('nothing to stop');
  for (const server of JSON.parse(readFileSync(file, 'utf8'))) {
    if (isOurs(server)) {
      const deadline = Date.now() + TERMINATE_TIMEOUT_MS;
      while (isOurs(server) && Date.now() < deadline) {
        process.kill(server.pid, 'SIGTERM'); // repeated: see ValkeyServer#terminate
        await sleep(TERMINATE_RETRY_MS);
      }
      if (isOurs(server)) process.kill(server.pid, 'SIGKILL');
      console.log(`stopped valkey-server pid ${server.pid} on port ${server.port}`);
    }
    if (server.ownsDir) rmSync(server.dir, { recursive: true, force: true });
  }
  rmSync(file);
}

async function main(argv) {
  const [verb, sub] = argv;
  if (verb === 'start') {
    if (existsSync(STANDALONE_STATE))
      throw new Error(`a server is already recorded in ${STANDALONE_STATE}; stop it first`);
    const port = option(argv, '--port');
    const server = await startServer({
      module: argv.includes('--module'),
      port: port === undefined ? undefined : Number(port),
      dir: option(argv, '--dir'),
      appendfsync: option(argv, '--appendfsync') ?? 'everysec',
      detached: true,
    });
    remember(STANDALONE_STATE, [server]);
    console.log(`valkey-server pid ${server.pid} at ${server.url} (data ${server.dir})`);
  } else if (verb === 'stop') {
    await forget(STANDALONE_STATE);
  } else if (verb === 'cluster' && sub !== 'stop') {
    if (existsSync(CLUSTER_STATE)) throw new Error(`a cluster is already recorded in ${CLUSTER_STATE}; stop it first`);
    const replicas = Number(option(argv, '--replicas') ?? 1);
    if (!Number.isSafeInteger(replicas) || replicas < 0) throw new TypeError('--replicas must be 0 or more');
    const cluster = await startCluster({ module: argv.includes('--module'), replicas, detached: true });
    remember(CLUSTER_STATE, cluster.nodes);
    const primaries = new Set((await cluster.primaries()).map((n) => n.port));
    for (const node of cluster.nodes)
      console.log(
        `${primaries.has(node.port) ? 'primary' : 'replica'} pid ${node.pid} at ${node.url} (data ${node.dir})`,
      );
    console.log(`cluster up: ${cluster.nodes.map((n) => `${HOST}:${n.port}`).join(' ')}`);
  } else if (verb === 'cluster' && sub === 'stop') {
    await forget(CLUSTER_STATE);
  } else {
    console.error(
      'usage: node scripts/valkey.js start [--module] [--port N] [--dir D] [--appendfsync P] | stop\n' +
        '       node scripts/valkey.js cluster [start] [--module] [--replicas N] | cluster stop',
    );
    process.exitCode = 2;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
