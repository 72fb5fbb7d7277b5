#!/usr/bin/env node
// Starts and stops the Valkey servers this project needs: a standalone node (optionally with the
// EMQ.ENQUEUE module; bridge/local/valkey-launcher.js) or a 3-primary cluster, on free loopback ports, data in
// fresh temp dirs, AOF on. Every server is stopped by its own pid; a server this helper did not start is
// never touched.
//
// Library:  import { startServer, startCluster } from './scripts/valkey.js'
// CLI:      node scripts/valkey.js start [--module] [--port N] [--dir D] [--appendfsync always|everysec|no]
//           node scripts/valkey.js stop
//           node scripts/valkey.js cluster start|stop
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import {
  HOST,
  READY_TIMEOUT_MS,
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

/** A Valkey Cluster of `primaries` nodes (no replicas) on loopback, all 16384 slots assigned. */
export class ValkeyCluster {
  constructor(nodes) {
    this.nodes = nodes;
  }

  /** The seed list iovalkey's Cluster takes. */
  get startupNodes() {
    return this.nodes.map(({ host, port }) => ({ host, port }));
  }

  async stop() {
    await Promise.all(this.nodes.map((node) => node.stop()));
  }
}

async function clusterState(port) {
  const info = await cli(port, 'CLUSTER', 'INFO').catch(() => '');
  return /cluster_state:(\w+)/.exec(info)?.[1];
}

async function waitForClusterOk(nodes) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const states = await Promise.all(nodes.map((node) => clusterState(node.port)));
    if (states.every((state) => state === 'ok')) return;
    await sleep(100);
  }
  throw new Error('the cluster did not reach cluster_state:ok');
}

// A node with its cluster bus on a second free port; a bus port taken meanwhile means a new try.
async function startClusterNode({ appendfsync, detached }) {
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
      '5000',
    ];
    try {
      return await startServer({ appendfsync, detached, args });
    } catch (error) {
      if (attempt === 4 || !/exited at start/.test(error.message)) throw error;
    }
  }
}

export async function startCluster({ primaries = 3, appendfsync = 'everysec', detached = false } = {}) {
  const nodes = [];
  try {
    for (let i = 0; i < primaries; i++) nodes.push(await startClusterNode({ appendfsync, detached }));
    await run(
      valkeyProgram('valkey-cli'),
      ['--cluster', 'create', ...nodes.map((n) => `${HOST}:${n.port}`), '--cluster-replicas', '0', '--cluster-yes'],
      { timeout: 60_000 },
    );
    await waitForClusterOk(nodes);
    return new ValkeyCluster(nodes);
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
  } else if (verb === 'cluster' && sub === 'start') {
    if (existsSync(CLUSTER_STATE)) throw new Error(`a cluster is already recorded in ${CLUSTER_STATE}; stop it first`);
    const cluster = await startCluster({ detached: true });
    remember(CLUSTER_STATE, cluster.nodes);
    console.log(`cluster up: ${cluster.nodes.map((n) => `${HOST}:${n.port}`).join(' ')}`);
  } else if (verb === 'cluster' && sub === 'stop') {
    await forget(CLUSTER_STATE);
  } else {
    console.error(
      'usage: node scripts/valkey.js start [--module] [--port N] [--dir D] [--appendfsync P] | stop | cluster start|stop',
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
