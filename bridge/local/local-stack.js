// `npm start` after the build: a local valkey-server with the module (data in .run/valkey, kept between
// runs, or --data DIR) unless --valkey/--cluster points elsewhere, the bridge, and the explorer and the docs
// served on the same origin. Only that origin is admitted (--dev-origin adds another, e.g. Vite's).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { FENCE_KEY, FENCE_VALUE } from '@echomq/branded';
import { Valkey } from 'iovalkey';

import { startServer } from './valkey-launcher.js';
import { advisories } from '../src/valkey/advisories.js';
import { ACL_USER, aclRules } from '../src/acl.js';
import { ConfigError, helpText, loadConfig } from '../src/config.js';
import { createLogger } from '../src/log.js';
import { startBridge } from '../src/main.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const EXPLORER_DIR = join(ROOT, 'web/dist');
const VALKEY_DIR = join(ROOT, '.run/valkey');
const LOCAL_BUDGET = 100000;
const READY_WAIT_MS = 20000;
// One person on their own machine: a line per WebSocket opened and closed (each page load) would only push
// the banner off the screen. Refusals, warnings and errors are still written (--verbose: everything).
const ROUTINE_EVENTS = ['connection_open', 'connection_closed', 'idle_close'];

/** The options `npm start` takes besides the bridge's, for its --help. */
export const LOCAL_OPTIONS_HELP = [
  '  --port N                    listen on 127.0.0.1:N (0: a free port; default 8787; or --listen HOST:PORT)',
  "  --data DIR                  the local Valkey's data folder [.run/valkey]; env BRANDED_LOCAL_DATA",
  '  --ready-json                print one JSON line on stdout once everything answers, instead of the banner:',
  '                              {"ready":true,"explorer","docs","ws","healthz","valkey","valkeyVersion","data","pid"}',
  '  --verbose                   also log each WebSocket opened and closed',
  '  --local-cluster             a local Valkey Cluster instead: 3 primaries with a replica each, the module on',
  '                              every node, temp data (gone at exit); the bridge logs in as the default user',
  '',
].join('\n');

const given = (argv, env, flag, envName) =>
  argv.some((a) => a === flag || a.startsWith(`${flag}=`)) || Boolean(env[envName]);

/**
 * Takes `npm start`'s own options out of argv: {port, data, readyJson, verbose, rest (the bridge's options)}.
 * Throws ConfigError on a bad value.
 */
export function localOptions(argv, env = {}) {
  const options = {
    port: null,
    data: env.BRANDED_LOCAL_DATA || null,
    readyJson: false,
    verbose: false,
    localCluster: false,
  };
  const rest = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new ConfigError(`${flag} wants a value`);
      return v;
    };
    if (flag === '--port') {
      const text = value();
      if (!/^\d{1,5}$/.test(text) || Number(text) > 65535)
        throw new ConfigError(`--port wants a port number 0-65535, got ${JSON.stringify(text)}`);
      options.port = Number(text);
    } else if (flag === '--data') options.data = value();
    else if (arg === '--ready-json') options.readyJson = true;
    else if (arg === '--verbose') options.verbose = true;
    else if (arg === '--local-cluster') options.localCluster = true;
    else rest.push(arg);
  }
  if (options.port !== null && rest.some((a) => a === '--listen' || a.startsWith('--listen=')))
    throw new ConfigError('give --port or --listen, not both');
  if (options.port !== null) rest.push('--listen', `127.0.0.1:${options.port}`);
  return { ...options, rest };
}

function explorerDir() {
  if (!existsSync(join(EXPLORER_DIR, 'index.html')))
    throw new Error(`${EXPLORER_DIR} is missing: build it first (npm run build)`);
  return EXPLORER_DIR;
}

// The local Valkey keeps its users in an ACL file beside its data, so the bridge's user outlives a restart of
// Valkey alone (the file must exist before the server starts).
function aclFile(dir) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'users.acl');
  if (!existsSync(file)) writeFileSync(file, '');
  return file;
}

// The local Valkey's bridge user (bridge/THREAT-MODEL.md): made afresh at every start with a new password and
// saved in the ACL file, so the bridge runs with only what it needs; the default user stays for the
// developer's valkey-cli and claims the fence, which the bridge's user may only read. Valkey 9 and later also
// confine it to its database.
async function bridgeUser(valkey, config) {
  const password = randomBytes(24).toString('hex');
  const databases = Number((await valkey.version())?.split('.')[0]) >= 9;
  const admin = new Valkey({ host: valkey.host, port: valkey.port, lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await admin.connect();
    await admin.set(FENCE_KEY, FENCE_VALUE, 'NX');
    await admin.call('ACL', 'SETUSER', ACL_USER, ...aclRules(config, password, { databases }));
    await admin.call('ACL', 'SAVE');
  } finally {
    admin.disconnect();
  }
  return `redis://${ACL_USER}:${password}@${valkey.host}:${valkey.port}`;
}

// --local-cluster: the repository's local cluster (scripts/valkey.js), killed with this process.
async function localCluster(config) {
  const { startCluster } = await import('../../scripts/valkey.js');
  const cluster = await startCluster({ replicas: 1, module: true, detached: true });
  process.on('exit', () => cluster.nodes.forEach((node) => node.killAtExit()));
  config.cluster = cluster.nodes.map((node) => node.url);
  return cluster;
}

// Resolves once the bridge has reached Valkey and found the fence in order, or after READY_WAIT_MS.
async function settled(bridge) {
  const deadline = Date.now() + READY_WAIT_MS;
  while (Date.now() < deadline) {
    const { valkey, fence } = bridge.status();
    if (valkey.reachable && fence.state === 'ok') return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

function addresses(bridge, config, valkey) {
  const { address, port } = bridge.address();
  const host = address.includes(':') ? `[${address}]` : address;
  const http = `http://${host}:${port}`;
  const docs = existsSync(join(config.staticDir, 'docs/index.html')) ? `${http}/docs/` : null;
  return {
    explorer: `${http}/`,
    docs,
    ws: `ws://${host}:${port}/ws`,
    healthz: `${http}/healthz`,
    valkey: valkey ? valkey.url : (config.cluster ?? [config.valkey]).join(','),
    valkeyVersion: valkey ? valkey.versionText : null,
    data: valkey ? valkey.dir : null,
  };
}

function banner(where, config, valkey, ready) {
  const lines = [
    '',
    `  branded explorer  ${where.explorer}`,
    ...(where.docs ? [`  docs              ${where.docs}`] : []),
    `  bridge            ${where.ws}`,
    `  valkey            ${valkey ? `${valkey.url} ${valkey.versionText} (data ${valkey.dir}; the bridge logs in as ${ACL_USER})` : where.valkey}`,
    ...(valkey && advisories(valkey.versionText).length > 0
      ? [
          `  !                 Valkey ${valkey.versionText} predates the fixes for ${advisories(valkey.versionText).join(', ')}: run bash scripts/setup-valkey.sh as root`,
        ]
      : []),
    `  serving           ${config.staticDir}`,
    ...(ready ? [] : ['  (Valkey is not answering yet: the bridge keeps trying)']),
    '',
    '  Ctrl-C stops everything.',
    '',
    '',
  ];
  return lines.join('\n');
}

/**
 * `npm start`: a local valkey-server with a fresh bridge user (unless --valkey or --cluster is given), then the
 * bridge, which also serves the built explorer and docs (one origin); prints where each one is (the banner,
 * or with --ready-json one JSON line).
 */
export async function runLocalStack(argv, env) {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(
      'usage: npm start -- [npm start options] [--valkey URL | --cluster URL,... | --local-cluster] [bridge options]\n\n',
    );
    process.stdout.write(`npm start options:\n${LOCAL_OPTIONS_HELP}\n`);
    process.stdout.write(helpText());
    return;
  }
  const local = localOptions(argv, env);
  const config = loadConfig(local.rest, env);
  config.staticDir ??= explorerDir();
  // One developer on loopback: the bridge-wide budget need not pace the explorer's seed for a crowd.
  if (!given(local.rest, env, '--budget', 'BRANDED_BRIDGE_BUDGET')) config.budget = LOCAL_BUDGET;

  const external =
    given(local.rest, env, '--valkey', 'BRANDED_BRIDGE_VALKEY') ||
    given(local.rest, env, '--cluster', 'BRANDED_BRIDGE_CLUSTER');
  if (local.localCluster && external)
    throw new ConfigError('--local-cluster starts its own Valkey: not with --valkey or --cluster');
  let valkey = null;
  let cluster = null;
  if (local.localCluster) cluster = await localCluster(config);
  else if (!external) {
    const dir = local.data ?? VALKEY_DIR;
    valkey = await startServer({ module: true, dir, detached: true, args: ['--aclfile', aclFile(dir)] });
    valkey.versionText = await valkey.version();
    process.on('exit', () => valkey.killAtExit());
    config.valkey = await bridgeUser(valkey, config);
  }
  const logger = createLogger({ quietEvents: local.verbose ? [] : ROUTINE_EVENTS });
  const bridge = await startBridge(config, {
    logger,
    afterClose: async () => Promise.all([valkey?.stop(), cluster?.stop()]),
  });
  const ready = await settled(bridge);
  const where = addresses(bridge, config, valkey);
  if (local.readyJson) process.stdout.write(`${JSON.stringify({ ready, ...where, pid: process.pid })}\n`);
  else process.stdout.write(banner(where, config, valkey, ready));
}
