// The connector's server-side code as one Valkey Functions library, for a user that may run no script of its
// own choosing (an ACL without +eval, +script or +function): an administrator loads it once (FUNCTION LOAD
// REPLACE; Valkey keeps it in the RDB/AOF and sends it to replicas) and the connector calls it with FCALL.
// Its functions are the connector's scripts, not copies: core's @enqueue (so replies are byte for byte those
// of EVALSHA), the stream window count, the data TTL, and the minters' node leases (lease.js).
import { ENQUEUE_SCRIPT, ENQUEUE_SCRIPT_SHA1 } from '@echomq/branded';
import { LIBRARY_FUNCTIONS } from './calls.js';
import { EXPIRE_SCRIPT } from './expire.js';
import { LEASE_LIBRARY } from './lease.js';
import { WINDOW_SCRIPT } from './streams.js';

export { LIBRARY_FUNCTIONS };
export const LIBRARY_NAME = 'branded';

// A script body (it reads KEYS and ARGV) as a library function: the parameters take those names.
const asFunction = (body) => `function(KEYS, ARGV)\n${body}\nend`;

function libraryCode(version) {
  const registered = [
    [LIBRARY_FUNCTIONS.enqueue, ENQUEUE_SCRIPT, []],
    [LIBRARY_FUNCTIONS.window, WINDOW_SCRIPT, ['no-writes']],
    [LIBRARY_FUNCTIONS.expire, EXPIRE_SCRIPT, []],
    [LIBRARY_FUNCTIONS.version, `return '${version}'`, ['no-writes']],
    ...LEASE_LIBRARY,
  ];
  return [
    `#!lua name=${LIBRARY_NAME}`,
    ...registered.map(
      ([name, body, flags]) =>
        `redis.register_function{function_name='${name}', flags={${flags.map((f) => `'${f}'`).join(', ')}}, callback=${asFunction(body)}}`,
    ),
    '',
  ].join('\n');
}

// The version a loaded library answers: the @enqueue script's SHA1 and the library's own layout, so a server
// holding an older library is told apart from one holding this one.
const LAYOUT = 2;
/** The library's version, as `emq_library` answers it. */
export const LIBRARY_VERSION = `${LAYOUT}.${ENQUEUE_SCRIPT_SHA1.slice(0, 12)}`;
/** The library's source, for FUNCTION LOAD REPLACE. */
export const LIBRARY_CODE = libraryCode(LIBRARY_VERSION);

/**
 * Loads (or replaces) the library on a node: FUNCTION LOAD REPLACE, which needs a user allowed +function
 * (an administrator, not the connector's own user). On a cluster, call it on every primary.
 */
export async function loadLibrary(client) {
  const name = await client.call('FUNCTION', 'LOAD', 'REPLACE', LIBRARY_CODE);
  if (name !== LIBRARY_NAME) throw new Error(`FUNCTION LOAD answered ${JSON.stringify(name)}`);
  return name;
}
