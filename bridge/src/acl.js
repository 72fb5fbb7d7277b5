// The least-privilege Valkey user the bridge needs: the commands it (and the package's connector) sends,
// on the keys of the queues it serves, its gateCompare scratch queues, and the version fence.
export const ACL_USER = 'branded-bridge';

// Connection set-up (iovalkey) and the bridge's own reads; the connector's writes and reads (with what the
// enqueue script calls: EXISTS, HSET, ZADD); the demo's
// DEL, RENAME (a seed replaces its stream) and EXPIRE (the data TTL).
export const ACL_COMMANDS = [
  'hello',
  'auth',
  'select',
  'ping',
  'quit',
  'client|setname',
  'client|setinfo',
  'info',
  'command|info',
  'dbsize',
  'get',
  'set',
  'evalsha',
  'eval',
  'emq.enqueue',
  'hgetall',
  'zrange',
  'type',
  'xadd',
  'xrange',
  'exists',
  'hset',
  'zadd',
  'del',
  'rename',
  'expire',
];

/** The key patterns the bridge user may touch: the version fence, the served queues' keys, the scratch queues' keys. */
export function aclKeyPatterns({ queues, scratch }) {
  return ['{emq}:version', ...queues.map((glob) => `emq:{${glob}}:*`), `emq:{${scratch}.*}:*`];
}

/** The ACL SETUSER arguments (after the user name) for a bridge configuration and password. */
export function aclRules(config, password) {
  return [
    'reset',
    'on',
    `>${password}`,
    'resetchannels',
    ...aclKeyPatterns(config).map((p) => `~${p}`),
    '-@all',
    ...ACL_COMMANDS.map((c) => `+${c}`),
  ];
}

/** The command an operator runs (valkey-cli), with a placeholder for the password. */
export function aclCommand(config, password = '<password>') {
  return ['ACL', 'SETUSER', ACL_USER, ...aclRules(config, password)].join(' ');
}
