// What the bridge hands the connector's connect(): iovalkey options that make a lost server visible at
// once (no offline queue, no silent re-send of a write that may have run) and reconnect with backoff.
import { LIMITS } from './limits.js';

/** The wait before reconnect attempt `attempt`: LIMITS.retryBaseMs doubled per attempt, at most LIMITS.retryCapMs. */
export const backoff = (attempt) => Math.min(LIMITS.retryBaseMs * 2 ** Math.min(attempt, 16), LIMITS.retryCapMs);

const NODE_OPTIONS = {
  enableOfflineQueue: false, // a request while Valkey is away fails now (`unavailable`), not later
  autoResendUnfulfilledCommands: false, // a write in flight at a disconnect is answered, never re-sent
  maxRetriesPerRequest: 0,
  connectTimeout: 5000,
  enableAutoPipelining: true, // commands issued in one tick share one write (seeds, busy sockets)
  enableReadyCheck: false, // its bare INFO is more than the bridge's user may read (INFO server only)
  retryStrategy: (times) => backoff(times),
};

/** redis[s]://[user[:password]@]host[:port][/db] (valkey[s]:// alike) as iovalkey options. */
export function nodeOptions(url) {
  const parsed = new URL(url);
  const options = { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port || 6379) };
  if (parsed.username) options.username = decodeURIComponent(parsed.username);
  if (parsed.password) options.password = decodeURIComponent(parsed.password);
  if (parsed.pathname.length > 1) options.db = Number(parsed.pathname.slice(1));
  if (parsed.protocol === 'rediss:' || parsed.protocol === 'valkeys:') options.tls = {};
  return options;
}

/**
 * The connect() target for --valkey or --cluster, with the options above. commandTimeout: a server that stops
 * answering (paused, partitioned) makes `unavailable`, not a hang.
 */
export function connectTarget(config) {
  const node = { ...NODE_OPTIONS, commandTimeout: config.valkeyTimeoutMs };
  if (config.cluster === null) return { ...nodeOptions(config.valkey), ...node };
  const nodes = config.cluster.map(nodeOptions);
  const { username, password, tls } = nodes[0]; // one set of credentials for the whole cluster
  return {
    cluster: nodes.map(({ host, port }) => ({ host, port })),
    enableOfflineQueue: false,
    clusterRetryStrategy: (times) => backoff(times),
    redisOptions: { username, password, tls, ...node },
  };
}
