// @echomq/branded/valkey: the EchoMQ contract on a real Valkey (node or cluster) through iovalkey, an
// optional peer dependency. Every id decision is the package's (core's); this file only talks to servers.
import { Connection } from './valkey/connection.js';
import { ConnectError, FenceError } from './valkey/errors.js';

export {
  ConnectError,
  FenceError,
  KindError,
  NonMonotonicError,
  ExecutorError,
  LeaseError,
  LibraryError,
  OutcomeUnknownError,
  DurabilityError,
} from './valkey/errors.js';
export { EXECUTORS, SCRIPT_CALLS } from './valkey/enqueue.js';
export { LEASE_FUNCTIONS, LEASE_TAG } from './valkey/lease.js';
export { LIBRARY_CODE, LIBRARY_FUNCTIONS, LIBRARY_NAME, LIBRARY_VERSION, loadLibrary } from './valkey/library.js';

async function loadIovalkey() {
  try {
    return await import('iovalkey');
  } catch (cause) {
    throw new Error('@echomq/branded/valkey needs the iovalkey package: npm install iovalkey@^0.4', { cause });
  }
}

function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function createClient({ Valkey, Cluster }, target) {
  if (typeof target === 'string') return { client: new Valkey(target, { lazyConnect: true }), cluster: false };
  if (!isPlainObject(target)) throw new TypeError('connect() takes a URL, iovalkey options, or { cluster: [nodes] }');
  if ('cluster' in target) {
    const { cluster: nodes, ...clusterOptions } = target;
    if (!Array.isArray(nodes) || nodes.length === 0)
      throw new TypeError('cluster must be a non-empty array of startup nodes');
    return { client: new Cluster(nodes, { ...clusterOptions, lazyConnect: true }), cluster: true };
  }
  return { client: new Valkey({ ...target, lazyConnect: true }), cluster: false };
}

// Where connect() went, for a message (a URL's password is not repeated).
function describeTarget(target) {
  if (typeof target !== 'string') return 'the server';
  try {
    const url = new URL(target);
    return `${url.hostname}:${url.port || 6379}`;
  } catch {
    return 'the server';
  }
}

/**
 * Connects, then claims or verifies the version fence (on a cluster also every primary's node fence); rejects
 * with a FenceError (and closes) when the server holds a foreign fence. options.scripts: 'eval' (default) or
 * 'functions' (the library, FCALL); options.durability: { replicas, aof, timeoutMs } asked of every enqueue
 * (off by default); options.retryBudgetMs: how long a cluster call keeps retrying (30 s by default).
 */
export async function connect(target, { scripts = 'eval', durability, retryBudgetMs } = {}) {
  const { client, cluster } = createClient(await loadIovalkey(), target);
  const connection = new Connection(client, { cluster, scripts, durability, retryBudgetMs });
  try {
    await client.connect();
    const fence = await connection.verifyFence();
    if (fence.state !== 'ok') throw new FenceError(fence.found);
  } catch (error) {
    client.disconnect();
    throw error?.message === 'Connection is closed.'
      ? new ConnectError(describeTarget(target), { cause: error })
      : error;
  }
  return connection;
}
