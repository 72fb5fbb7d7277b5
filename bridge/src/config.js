// The bridge's options: one table drives the command line, the environment (BRANDED_BRIDGE_*) and --help;
// their defaults are limits.js DEFAULTS. A command-line option wins over its environment variable.
import { isIP } from 'node:net';

import { DEFAULTS, FIXED_LIMITS } from './limits.js';
import { parseGlobs } from './queues.js';

const TOKEN = /^[A-Za-z0-9._~-]{16,256}$/;

/** A bad option value or combination; its message names the flag or variable and what it wants. */
export class ConfigError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ConfigError';
  }
}

function integer(min, max) {
  return (text, flag) => {
    if (!/^\d+$/.test(text)) throw new ConfigError(`${flag} wants an integer, got ${JSON.stringify(text)}`);
    const n = Number(text);
    if (n < min || n > max) throw new ConfigError(`${flag} must lie in ${min}..${max}, got ${n}`);
    return n;
  };
}

function valkeyUrl(text, flag) {
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${flag} wants a URL such as redis://127.0.0.1:6379`);
  }
  if (!['redis:', 'rediss:', 'valkey:', 'valkeys:'].includes(url.protocol)) {
    throw new ConfigError(`${flag} wants a redis:// or valkey:// URL, got ${JSON.stringify(text)}`);
  }
  return text;
}

function urlList(text, flag) {
  const urls = text
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  if (urls.length === 0) throw new ConfigError(`${flag} wants at least one URL`);
  return urls.map((u) => valkeyUrl(u, flag));
}

function listen(text, flag) {
  const match = /^(.+):(\d{1,5})$/.exec(text);
  const port = match ? Number(match[2]) : -1;
  if (!match || port > 65535) throw new ConfigError(`${flag} wants HOST:PORT, got ${JSON.stringify(text)}`);
  return { host: match[1].replace(/^\[(.*)\]$/, '$1'), port };
}

function origins(text, flag) {
  const list = text
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (list.length === 0) throw new ConfigError(`${flag} wants at least one origin (or *)`);
  for (const origin of list) {
    if (origin === '*') continue;
    let parsed;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = null;
    }
    if (!parsed || parsed.origin !== origin) {
      throw new ConfigError(`${flag}: ${JSON.stringify(origin)} is not an origin (scheme://host[:port], no path)`);
    }
  }
  return list;
}

function token(text, flag) {
  if (!TOKEN.test(text)) throw new ConfigError(`${flag} wants 16-256 bytes of A-Z a-z 0-9 . _ ~ -`);
  return text;
}

function namePrefix(text, flag) {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(text)) throw new ConfigError(`${flag} wants 1-64 bytes of A-Z a-z 0-9 . _ -`);
  return text;
}

function addresses(text, flag) {
  const list = text
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (const address of list) {
    if (isIP(address) === 0) throw new ConfigError(`${flag}: ${JSON.stringify(address)} is not an IP address`);
  }
  return new Set(list);
}

// Host names (no port) the Host header may carry; * = any.
function hosts(text, flag) {
  const list = text
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (list.length === 0) throw new ConfigError(`${flag} wants at least one host name (or *)`);
  for (const host of list) {
    if (host !== '*' && !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]{1,253})$/.test(host)) {
      throw new ConfigError(`${flag}: ${JSON.stringify(host)} is not a host name (no scheme, no port; IPv6 in [ ])`);
    }
  }
  return list;
}

function limitsMode(text, flag) {
  if (text !== 'valkey' && text !== 'local')
    throw new ConfigError(`${flag} wants valkey or local, got ${JSON.stringify(text)}`);
  return text;
}

function globs(text, flag) {
  try {
    return parseGlobs(text);
  } catch (e) {
    throw new ConfigError(`${flag}: ${e.message}`);
  }
}

const text = (value) => value;

// An option's default as the command line would spell it (limits.js DEFAULTS), or null for none.
const defaultOf = (key) => (DEFAULTS[key] === null ? null : String(DEFAULTS[key]));

export const OPTIONS = [
  {
    flag: '--valkey',
    key: 'valkey',
    arg: 'URL',
    parse: valkeyUrl,
    fallback: defaultOf('valkey'),
    help: 'the Valkey server (standalone)',
  },
  {
    flag: '--cluster',
    key: 'cluster',
    arg: 'URL,...',
    parse: urlList,
    fallback: defaultOf('cluster'),
    help: 'Valkey Cluster seed nodes instead of --valkey (native too when every primary loads the module)',
  },
  {
    flag: '--listen',
    key: 'listen',
    arg: 'HOST:PORT',
    parse: listen,
    fallback: defaultOf('listen'),
    help: 'where to listen (loopback by default)',
  },
  {
    flag: '--origin',
    key: 'origins',
    arg: 'LIST',
    parse: origins,
    fallback: defaultOf('origins'),
    help: "allowed browser origins, comma-separated (* = any; default: this bridge's own, http://127.0.0.1:PORT and http://localhost:PORT)",
  },
  {
    flag: '--dev-origin',
    key: 'devOrigins',
    arg: 'LIST',
    parse: origins,
    fallback: defaultOf('devOrigins'),
    help: "also admit these origins, e.g. Vite's dev server http://localhost:5173 (opt-in; added to --origin)",
  },
  {
    flag: '--token',
    key: 'token',
    arg: 'SECRET',
    parse: token,
    fallback: defaultOf('token'),
    help: 'require this bearer token (header or bearer.<token> subprotocol)',
  },
  {
    flag: '--queues',
    key: 'queues',
    arg: 'GLOBS',
    parse: globs,
    fallback: defaultOf('queues'),
    help: 'queues the bridge serves, comma-separated globs',
  },
  {
    flag: '--max-payload',
    key: 'maxPayload',
    arg: 'BYTES',
    parse: integer(0, 1 << 20),
    fallback: defaultOf('maxPayload'),
    help: 'largest job payload (UTF-8 bytes)',
  },
  {
    flag: '--max-frame',
    key: 'maxFrame',
    arg: 'BYTES',
    parse: integer(1024, 16 << 20),
    fallback: defaultOf('maxFrame'),
    help: 'largest WebSocket frame; larger closes with 1009',
  },
  {
    flag: '--max-batch',
    key: 'maxBatch',
    arg: 'N',
    parse: integer(1, 10000),
    fallback: defaultOf('maxBatch'),
    help: 'most items in one enqueueMany',
  },
  {
    flag: '--rate',
    key: 'rate',
    arg: 'N',
    parse: integer(1, 1000000),
    fallback: defaultOf('rate'),
    help: 'requests per second per connection (burst N)',
  },
  {
    flag: '--byte-rate',
    key: 'byteRate',
    arg: 'BYTES',
    parse: integer(1024, 1 << 30),
    fallback: defaultOf('byteRate'),
    help: 'bytes of frames per second per connection; past it a frame is refused before it is read',
  },
  {
    flag: '--max-inflight',
    key: 'maxInflight',
    arg: 'N',
    parse: integer(1, 100000),
    fallback: defaultOf('maxInflight'),
    help: 'requests in flight per connection',
  },
  {
    flag: '--max-connections',
    key: 'maxConnections',
    arg: 'N',
    parse: integer(1, 100000),
    fallback: defaultOf('maxConnections'),
    help: "open WebSocket connections; past it a newcomer closes the heaviest client's oldest (1013)",
  },
  {
    flag: '--idle-timeout',
    key: 'idleTimeoutMs',
    arg: 'MS',
    parse: integer(100, 86400000),
    fallback: defaultOf('idleTimeoutMs'),
    help: 'close a connection silent this long (4001)',
  },
  {
    flag: '--valkey-timeout',
    key: 'valkeyTimeoutMs',
    arg: 'MS',
    parse: integer(100, 600000),
    fallback: defaultOf('valkeyTimeoutMs'),
    help: 'a Valkey command unanswered this long is `unavailable`',
  },
  {
    flag: '--max-connections-per-ip',
    key: 'maxConnectionsPerIp',
    arg: 'N',
    parse: integer(1, 100000),
    fallback: defaultOf('maxConnectionsPerIp'),
    help: 'open WebSocket connections per client (an address, or its --ipv6-prefix / --ipv4-prefix group)',
  },
  {
    flag: '--max-sockets',
    key: 'maxSockets',
    arg: 'N',
    parse: integer(1, 1000000),
    fallback: defaultOf('maxSockets'),
    help: "open TCP connections of any kind (HTTP and WebSocket); past it a newcomer closes the heaviest client's oldest",
  },
  {
    flag: '--max-sockets-per-ip',
    key: 'maxSocketsPerIp',
    arg: 'N',
    parse: integer(1, 100000),
    fallback: defaultOf('maxSocketsPerIp'),
    help: 'open TCP connections per peer (its address group; a trusted proxy is exempt)',
  },
  {
    flag: '--ip-rate',
    key: 'ipRate',
    arg: 'N',
    parse: integer(1, 1000000),
    fallback: defaultOf('ipRate'),
    help: 'requests per second per client, over all its connections',
  },
  {
    flag: '--ip-byte-rate',
    key: 'ipByteRate',
    arg: 'BYTES',
    parse: integer(1024, 1 << 30),
    fallback: defaultOf('ipByteRate'),
    help: 'bytes of frames per second per client, over all its connections',
  },
  {
    flag: '--ip-budget',
    key: 'ipBudget',
    arg: 'N',
    parse: integer(1, 10000000),
    fallback: defaultOf('ipBudget'),
    help: 'Valkey commands per second per client (an enqueueMany item is one)',
  },
  {
    flag: '--budget',
    key: 'budget',
    arg: 'N',
    parse: integer(1, 100000000),
    fallback: defaultOf('budget'),
    help: 'Valkey commands per second for the whole bridge; past it, `busy`',
  },
  {
    flag: '--ip-window-entries',
    key: 'ipWindowEntries',
    arg: 'N',
    parse: integer(1, 100000000),
    fallback: defaultOf('ipWindowEntries'),
    help: 'stream entries streamWindow may read per second per client (one full window)',
  },
  {
    flag: '--window-entries',
    key: 'windowEntries',
    arg: 'N',
    parse: integer(1, 100000000),
    fallback: defaultOf('windowEntries'),
    help: 'stream entries streamWindow may read per second, whole bridge (a light client may overdraw it)',
  },
  {
    flag: '--seed-interval',
    key: 'seedIntervalMs',
    arg: 'MS',
    parse: integer(0, 86400000),
    fallback: defaultOf('seedIntervalMs'),
    help: 'least time between two streamSeed starts, whole bridge (later ones wait in line)',
  },
  {
    flag: '--ip-seed-bytes',
    key: 'ipSeedBytes',
    arg: 'BYTES',
    parse: integer(1024, 1 << 30),
    fallback: defaultOf('ipSeedBytes'),
    help: 'bytes of streams one client may seed per --data-ttl (32 per entry)',
  },
  {
    flag: '--seed-bytes',
    key: 'seedBytes',
    arg: 'BYTES',
    parse: integer(1024, 2 ** 36),
    fallback: defaultOf('seedBytes'),
    help: "bytes of seeded streams the bridge keeps at once; past it a newcomer replaces the heaviest seeder's oldest",
  },
  {
    flag: '--max-leases',
    key: 'maxLeases',
    arg: 'N',
    parse: integer(0, 256),
    fallback: defaultOf('maxLeases'),
    help: 'minting node leases (of 1,024) the bridge holds at once for pages (mintLease); 0 offers none',
  },
  {
    flag: '--ip-leases',
    key: 'ipLeases',
    arg: 'N',
    parse: integer(1, 256),
    fallback: defaultOf('ipLeases'),
    help: 'minting node leases one client holds at once (one per WebSocket that asks)',
  },
  {
    flag: '--max-queue',
    key: 'maxQueue',
    arg: 'N',
    parse: integer(1, 10000000),
    fallback: defaultOf('maxQueue'),
    help: 'Valkey commands outstanding at once; past it, `busy`',
  },
  {
    flag: '--max-buffered',
    key: 'maxBuffered',
    arg: 'BYTES',
    parse: integer(65536, 1 << 30),
    fallback: defaultOf('maxBuffered'),
    help: 'replies a client has not read; past it the socket is closed',
  },
  {
    flag: '--data-ttl',
    key: 'dataTtlS',
    arg: 'SECONDS',
    parse: integer(0, 315360000),
    fallback: defaultOf('dataTtlS'),
    help: 'TTL on every key the bridge writes (0: none)',
  },
  {
    flag: '--ip-keys',
    key: 'ipKeys',
    arg: 'N',
    parse: integer(1, 100000000),
    fallback: defaultOf('ipKeys'),
    help: 'keys one client may add per --data-ttl (an hour without one), charged for what it wrote',
  },
  {
    flag: '--max-keys',
    key: 'maxKeys',
    arg: 'N',
    parse: integer(0, 1000000000),
    fallback: defaultOf('maxKeys'),
    help: 'writes are `busy` while the database holds this many keys (DBSIZE, summed on a cluster; 0: no quota)',
  },
  {
    flag: '--durability',
    key: 'durabilityReplicas',
    arg: 'N',
    parse: integer(0, 16),
    fallback: defaultOf('durabilityReplicas'),
    help: 'acknowledge an enqueue only once N replicas have it (WAIT, within half of --valkey-timeout); else `durability`',
  },
  {
    flag: '--max-clients',
    key: 'maxClients',
    arg: 'N',
    parse: integer(16, 10000000),
    fallback: defaultOf('maxClients'),
    help: 'clients the bridge keeps budgets for; past it the least recently seen idle one is forgotten',
  },
  {
    flag: '--ipv6-prefix',
    key: 'ipv6Prefix',
    arg: 'BITS',
    parse: integer(16, 128),
    fallback: defaultOf('ipv6Prefix'),
    help: 'IPv6 clients are counted per prefix of this length (48: per site)',
  },
  {
    flag: '--ipv4-prefix',
    key: 'ipv4Prefix',
    arg: 'BITS',
    parse: integer(8, 32),
    fallback: defaultOf('ipv4Prefix'),
    help: 'IPv4 clients are counted per prefix of this length (24: per /24)',
  },
  {
    flag: '--max-open-files',
    key: 'maxOpenFiles',
    arg: 'N',
    parse: integer(1, 100000),
    fallback: defaultOf('maxOpenFiles'),
    help: "static files open at once; past it a newcomer takes the heaviest client's oldest",
  },
  {
    flag: '--send-timeout',
    key: 'sendTimeoutMs',
    arg: 'MS',
    parse: integer(100, 600000),
    fallback: defaultOf('sendTimeoutMs'),
    help: 'an HTTP answer the client reads nothing of for this long is closed',
  },
  {
    flag: '--headers-timeout',
    key: 'headersTimeoutMs',
    arg: 'MS',
    parse: integer(100, 600000),
    fallback: defaultOf('headersTimeoutMs'),
    help: 'an HTTP request (or upgrade) must send its headers within this',
  },
  {
    flag: '--trust-proxy',
    key: 'trustProxy',
    arg: 'IPS',
    parse: addresses,
    fallback: defaultOf('trustProxy'),
    help: 'proxies whose X-Forwarded-For names the client (comma-separated IPs)',
  },
  {
    flag: '--allowed-hosts',
    key: 'allowedHosts',
    arg: 'LIST',
    parse: hosts,
    fallback: defaultOf('allowedHosts'),
    help: 'Host header names served (default: loopback names on a loopback --listen, else *)',
  },
  {
    flag: '--limits',
    key: 'limits',
    arg: 'valkey|local',
    parse: limitsMode,
    fallback: defaultOf('limits'),
    help: 'where per-client and bridge-wide budgets live: in Valkey, shared by every bridge on it, or in this process',
  },
  {
    flag: '--scratch',
    key: 'scratch',
    arg: 'PREFIX',
    parse: namePrefix,
    fallback: defaultOf('scratch'),
    help: 'queue-name prefix of gateCompare scratch queues',
  },
  {
    flag: '--static',
    key: 'staticDir',
    arg: 'DIR',
    parse: text,
    fallback: defaultOf('staticDir'),
    help: 'also serve this folder over HTTP (the explorer)',
  },
];

/** Bounds of the read and demo ops (limits.js), re-exported for the modules that read them with the options. */
export { FIXED_LIMITS };

/** An option's environment variable: BRANDED_BRIDGE_ and the flag without its `--`, in capitals, `-` as `_`. */
export const envName = (option) => `BRANDED_BRIDGE_${option.flag.slice(2).toUpperCase().replace(/-/g, '_')}`;

/**
 * The full configuration from the command line and the environment (an empty variable counts as unset), or
 * { help: true } for --help. Throws ConfigError on any bad input.
 */
export function loadConfig(argv = [], env = {}) {
  const given = new Map();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { help: true };
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const option = OPTIONS.find((o) => o.flag === flag);
    if (!option) throw new ConfigError(`unknown option ${JSON.stringify(arg)} (see --help)`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new ConfigError(`${flag} wants a value (${option.arg})`);
    given.set(option, value);
  }
  const config = { ...FIXED_LIMITS };
  for (const option of OPTIONS) {
    const fromEnv = env[envName(option)];
    const raw = given.get(option) ?? (fromEnv !== undefined && fromEnv !== '' ? fromEnv : option.fallback);
    const source = given.has(option) ? option.flag : fromEnv ? envName(option) : `${option.flag} (default)`;
    config[option.key] = raw === null ? null : option.parse(raw, source);
  }
  if (config.allowedHosts === null) config.allowedHosts = defaultHosts(config.listen.host);
  config.originsGiven = config.origins !== null;
  config.origins = admittedOrigins(config, config.listen.port);
  checkBudgets(config);
  return config;
}

/**
 * The origins a configuration admits once the bridge listens on `port`: --origin, or else the bridge's own
 * (the explorer it serves: http://127.0.0.1:PORT and http://localhost:PORT, and the listen address itself
 * when it names one), then the opt-in --dev-origin list. null while the port is not known yet (port 0).
 */
export function admittedOrigins(config, port) {
  if (config.originsGiven) return [...new Set([...config.origins, ...(config.devOrigins ?? [])])];
  if (port === 0) return null;
  const own = ['127.0.0.1', 'localhost', hostName(config.listen.host)]
    .filter((host) => !['0.0.0.0', '[::]'].includes(host))
    .map((host) => `http://${host}:${port}`);
  return [...new Set([...own, ...(config.devOrigins ?? [])])];
}

// A budget smaller than one request's cost would refuse that request forever.
function checkBudgets(config) {
  const windowCharge = config.maxWindowEntries + 1;
  if (config.ipWindowEntries < windowCharge || config.windowEntries < windowCharge) {
    throw new ConfigError(
      `--ip-window-entries and --window-entries must be at least ${windowCharge} (one streamWindow's most)`,
    );
  }
  if (config.ipKeys < config.maxBatch)
    throw new ConfigError(`--ip-keys must be at least --max-batch (${config.maxBatch})`);
  if (config.seedBytes < config.ipSeedBytes)
    throw new ConfigError(`--seed-bytes must be at least --ip-seed-bytes (${config.ipSeedBytes})`);
  if (config.ipBudget < config.maxBatch || config.budget < config.maxBatch) {
    throw new ConfigError(`--ip-budget and --budget must be at least --max-batch (${config.maxBatch})`);
  }
  if (config.maxQueue < config.maxBatch)
    throw new ConfigError(`--max-queue must be at least --max-batch (${config.maxBatch})`);
}

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];
const hostName = (host) => (host.includes(':') ? `[${host}]` : host).toLowerCase();

// A loopback bridge answers only to loopback names (DNS rebinding brings a foreign name); a bridge on a
// public address cannot guess its public names, so it takes any unless --allowed-hosts is given.
function defaultHosts(listenHost) {
  if (LOOPBACK_HOSTS.includes(hostName(listenHost))) return LOOPBACK_HOSTS;
  return ['*'];
}

/** The --help text: every option with its default and its environment variable. */
export function helpText() {
  const rows = OPTIONS.map((o) => {
    const left = `  ${o.flag} ${o.arg}`.padEnd(30);
    const def = o.fallback === null ? '' : ` [${o.fallback}]`;
    return `${left}${o.help}${def}\n${''.padEnd(30)}env ${envName(o)}`;
  });
  return [
    'usage: branded-bridge [options]',
    '',
    'A WebSocket bridge (JSON protocol, bridge/PROTOCOL.md) between web pages and Valkey for the',
    'EchoMQ branded-id contract. Every id decision is @echomq/branded; every Valkey call its connector.',
    '',
    'options (a command-line option wins over its environment variable):',
    ...rows,
    '  --print-acl                 print the Valkey ACL SETUSER for these options (least privilege) and the',
    "                              fence's claim (SET ... NX, which that user may not make), and exit; with",
    "                              --cluster, run it on every node; a line grants the module's commands, on",
    '                              the nodes that load the module',
    "  --print-functions           print the Functions library the bridge calls, for an administrator's",
    '                              `valkey-cli -x FUNCTION LOAD REPLACE` (once; Valkey keeps it), and exit',
    "  --print-limit-functions     print the bridge's own limits library (branded_limits, for --limits valkey),",
    '                              for the same `valkey-cli -x FUNCTION LOAD REPLACE`, and exit',
    '  --help                      this text',
    '',
  ].join('\n');
}
