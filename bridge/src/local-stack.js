// `npm start` after the build: a local valkey-server with the module (data in .run/valkey, kept between
// runs) unless --valkey/--cluster points elsewhere, the bridge, and the explorer served on the same origin.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { Valkey } from 'iovalkey';

import { freePort, startServer } from './valkey-launcher.js';
import { ACL_USER, aclRules } from './acl.js';
import { helpText, loadConfig } from './config.js';
import { startBridge } from './main.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const EXPLORER_DIR = join(ROOT, 'web/dist');
const VALKEY_DIR = join(ROOT, '.run/valkey');
const LOCAL_BUDGET = 100000;

const given = (argv, env, flag, envName) =>
  argv.some((a) => a === flag || a.startsWith(`${flag}=`)) || Boolean(env[envName]);

function explorerDir() {
  if (!existsSync(join(EXPLORER_DIR, 'index.html')))
    throw new Error(`${EXPLORER_DIR} is missing: build it first (npm run build)`);
  return EXPLORER_DIR;
}

// The local Valkey's bridge user (SECURITY.md): made afresh at every start with a new password, so the
// bridge runs with only what it needs; the default user stays for the developer's valkey-cli.
async function bridgeUser(valkey, config) {
  const password = randomBytes(24).toString('hex');
  const admin = new Valkey({ host: valkey.host, port: valkey.port, lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await admin.connect();
    await admin.call('ACL', 'SETUSER', ACL_USER, ...aclRules(config, password));
  } finally {
    admin.disconnect();
  }
  return `redis://${ACL_USER}:${password}@${valkey.host}:${valkey.port}`;
}

const localOrigins = (port) => [
  `http://127.0.0.1:${port}`,
  `http://localhost:${port}`,
  'http://127.0.0.1:5173',
  'http://localhost:5173',
];

/**
 * `npm start`: a local valkey-server with a fresh bridge user (unless --valkey or --cluster is given), then the
 * bridge, which also serves the built explorer (one origin); prints where each one is.
 */
export async function runLocalStack(argv, env) {
  const config = loadConfig(argv, env);
  if (config.help) {
    process.stdout.write('usage: npm start -- [--valkey URL | --cluster URL,...] [bridge options]\n\n');
    process.stdout.write(helpText());
    return;
  }
  if (config.listen.port === 0) config.listen.port = await freePort();
  if (!given(argv, env, '--origin', 'BRANDED_BRIDGE_ORIGIN')) config.origins = localOrigins(config.listen.port);
  config.staticDir ??= explorerDir();
  // One developer on loopback: the bridge-wide budget need not pace the explorer's seed for a crowd.
  if (!given(argv, env, '--budget', 'BRANDED_BRIDGE_BUDGET')) config.budget = LOCAL_BUDGET;

  const external =
    given(argv, env, '--valkey', 'BRANDED_BRIDGE_VALKEY') || given(argv, env, '--cluster', 'BRANDED_BRIDGE_CLUSTER');
  let valkey = null;
  if (!external) {
    valkey = await startServer({ module: true, dir: VALKEY_DIR, detached: true });
    process.on('exit', () => valkey.killAtExit());
    config.valkey = await bridgeUser(valkey, config);
  }
  await startBridge(config, { afterClose: async () => valkey?.stop() });
  const host = config.listen.host.includes(':') ? `[${config.listen.host}]` : config.listen.host;
  process.stdout.write(
    `\n  branded explorer  http://${host}:${config.listen.port}/\n` +
      `  bridge            ws://${host}:${config.listen.port}/ws\n` +
      `  valkey            ${valkey ? `${valkey.url} (data ${valkey.dir}; the bridge logs in as ${ACL_USER})` : (config.cluster ?? [config.valkey]).join(', ')}\n` +
      `  serving           ${config.staticDir}\n\n  Ctrl-C stops everything.\n\n`,
  );
}
