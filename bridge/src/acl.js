// The least-privilege Valkey user the bridge needs: the commands it (and the package's connector) sends, on
// the keys of the queues it serves, its gateCompare scratch queues, and the version fence, and no script of
// its own choosing (the connector calls its Functions library, which an administrator loads: see
// functionsCommand).
import { FENCE_VALUE } from '@echomq/branded';
import { LEASE_TAG, LIBRARY_CODE } from '@echomq/branded/valkey';

import { LIMITS_LIBRARY_CODE, LIMIT_KEY_PREFIX, SEED_LEDGER_KEY } from './fleet/library.js';
import { STAR_BYTES } from './queues.js';

export const ACL_USER = 'branded-bridge';

// Connection set-up (iovalkey: AUTH, CLIENT SETINFO, PING, QUIT) and the bridge's own reads (the server's
// version, the module's command, the key quota); the connector's calls (FCALL of its library, whose functions
// call EXISTS, HSET, ZADD, XRANGE and EXPIRE; EMQ.ENQUEUE; the reads; XADD, RENAME, DEL of a seed); GET and
// TYPE of the fence; TIME, which the limits library (fleet/library.js) reads beside HGETALL, HSET, EXPIRE and
// DEL of the limit keys. No SET at all: the fence is claimed once by an administrator (fenceClaimCommand), so a
// compromised bridge cannot write a foreign fence and stop every writer on that Valkey.
export const ACL_COMMANDS = [
  'auth',
  'ping',
  'quit',
  'client|setinfo',
  'info|server',
  'command|info',
  'dbsize',
  'get',
  'type',
  'fcall',
  'exists',
  'hset',
  'zadd',
  'hgetall',
  'zrange',
  'xadd',
  'xrange',
  'del',
  'rename',
  'expire',
  'wait',
  'waitaof',
  'time',
];
// A cluster client also learns the slot map, follows -ASK, and reads from replicas when asked. The module's
// commands exist only where the module is loaded (ACL SETUSER refuses an unknown command), so on a cluster they
// go in a second command, run on the nodes that load it: EMQ.ENQUEUE and the node fence's claim.
export const ACL_CLUSTER_COMMANDS = ['cluster|slots', 'cluster|shards', 'cluster|info', 'readonly', 'asking'];
export const ACL_MODULE_COMMANDS = ['emq.enqueue', 'emq.fence|get', 'emq.fence|claim'];
export const FENCE_PATTERN = '{emq}:version';
/**
 * With --max-leases above 0 (the mintLease op), a selector of its own: FCALL of the connector's node lease
 * functions on the `{emq:lease}:*` keys, and the commands they run there (GET, SET, PEXPIRE, DEL). A selector
 * keeps SET off every other key: the queues' and the fence's.
 */
export const LEASE_SELECTOR = `(~${LEASE_TAG}:* +fcall +get +set +pexpire +del)`;
// The bytes of a queue name (docs/contract.md §4): a pattern's class for `?`, and repeated for `*`.
const NAME_BYTE = '[-.0-9A-Z_a-z]';

/**
 * The key patterns of one queue glob, none of which can match a key whose hash tag is not a served queue's
 * name: `?` is one name byte and `*` each run of 0..STAR_BYTES name bytes, written out, since a glob `*` would
 * also match `:` or `}` (`emq:{demo*}:*` matches `emq:{demo:other}:x`).
 */
export function queuePatterns(glob) {
  const [head, tail = null] = glob.replaceAll('?', '\u0000').split('*');
  const spell = (part) => part.replaceAll('\u0000', NAME_BYTE);
  if (tail === null) return [`emq:{${spell(head)}}:*`];
  return Array.from({ length: STAR_BYTES + 1 }, (_, n) => `emq:{${spell(head)}${NAME_BYTE.repeat(n)}${spell(tail)}}:*`);
}

// gateCompare's scratch queues: `<prefix>.<16 hex digits>`, and that with `.native` (ops/gate-compare.js).
const SCRATCH_ID = '[0-9a-f]'.repeat(16);

/** The limit keys of --limits valkey (fleet/library.js): `emq:limit:{<client or bridge>}:limits`. */
export const LIMIT_PATTERN = `${LIMIT_KEY_PREFIX}{*}:limits`;

/**
 * The key patterns the bridge user may touch: the served queues' keys, the scratch queues' keys and, with
 * --limits valkey, the limit keys and the fleet's ledger of seeded streams.
 */
export function aclKeyPatterns({ queues, scratch, limits = 'valkey' }) {
  return [
    ...queues.flatMap(queuePatterns),
    `emq:{${scratch}.${SCRATCH_ID}}:*`,
    `emq:{${scratch}.${SCRATCH_ID}.native}:*`,
    ...(limits === 'valkey' ? [LIMIT_PATTERN, SEED_LEDGER_KEY] : []),
  ];
}

// The database a --valkey URL names (0 without one; a cluster has only 0).
const databaseOf = (config) =>
  /^\/(\d+)$/.exec(config.cluster === null ? new URL(config.valkey).pathname : '')?.[1] ?? '0';
// SELECT of that database when it is not 0, and of no other.
const databaseRules = (config) => (databaseOf(config) === '0' ? [] : [`+select|${databaseOf(config)}`]);

/**
 * The ACL SETUSER arguments (after the user name) for a bridge configuration and password. `databases`
 * (Valkey 9 and later) also confines the user to its database (resetdbs db=N).
 */
export function aclRules(config, password, { databases = false } = {}) {
  const db = databaseOf(config);
  return [
    'reset',
    'on',
    `>${password}`,
    'resetchannels',
    ...(databases ? ['resetdbs', `db=${db}`] : []),
    ...aclKeyPatterns(config).map((p) => `~${p}`),
    `%R~${FENCE_PATTERN}`,
    '-@all',
    ...ACL_COMMANDS.map((c) => `+${c}`),
    ...(config.cluster === null ? ['emq.enqueue'] : ACL_CLUSTER_COMMANDS).map((c) => `+${c}`),
    ...databaseRules(config),
    ...(config.maxLeases > 0 ? [LEASE_SELECTOR] : []),
  ];
}

// Quoted for valkey-cli's prompt and for a shell alike (patterns hold [ ] { } * and the selector a space).
const quoted = (arg) => (/^[A-Za-z0-9._|:+-]+$/.test(arg) ? arg : `'${arg}'`);

/** On a cluster, the module's rights, added where the module is loaded (after aclRules). */
export const aclModuleRules = () => ACL_MODULE_COMMANDS.map((c) => `+${c}`);

/**
 * The command an operator runs (valkey-cli), with a placeholder for the password. On a cluster, on every node,
 * and a second line: the module's rights, on the nodes that load the module.
 */
export function aclCommand(config, password = '<password>') {
  const user = ['ACL', 'SETUSER', ACL_USER, ...aclRules(config, password)].map(quoted).join(' ');
  if (config.cluster === null) return user;
  return `${user}\n${['ACL', 'SETUSER', ACL_USER, ...aclModuleRules()].map(quoted).join(' ')}`;
}

/**
 * The fence's claim, which the bridge's user may not make (it may only read the fence): an administrator runs
 * it once, before the bridge first connects (NX: a fence already there is left as it is).
 */
export const fenceClaimCommand = () => ['SET', FENCE_PATTERN, FENCE_VALUE, 'NX'].map(quoted).join(' ');

/** The Functions library an administrator loads once: `... | valkey-cli -x FUNCTION LOAD REPLACE`. */
export const functionsCommand = () => LIBRARY_CODE;

/** The bridge's limits library (--limits valkey), loaded the same way beside the connector's. */
export const limitFunctionsCommand = () => LIMITS_LIBRARY_CODE;
