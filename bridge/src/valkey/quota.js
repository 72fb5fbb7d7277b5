// Demo data: every key the bridge writes gets the data's TTL; the database's key quota (--max-keys, read with
// DBSIZE, summed over the primaries of a cluster) is shared: past KEY_PRESSURE of it, each client may add only
// its share (admission.js keyShare), so heavy writers stop before a newcomer does; batches stop a tenth before the quota, single enqueues at it.
import { keyShare } from '../admission.js';
import { busy } from '../errors.js';
import { RESERVE_SHARE } from './work.js';
import { LIMITS } from '../limits.js';

// The keys the database holds: DBSIZE, or on a cluster the sum of every primary's (one node holds a share).
async function keysHeld(client, cluster) {
  if (!cluster) return client.dbsize();
  const counts = await Promise.all(client.nodes('master').map((node) => node.dbsize()));
  return counts.reduce((sum, n) => sum + n, 0);
}

/** The quota: check, newPending, wrote, expire, close. */
export function createQuota(config, { link, isStalled, logger }) {
  let keys = 0; // DBSIZE as last read, plus what was written since
  const queues = new Map(); // queue → until (ms), oldest first
  const ttlMs = (config.dataTtlS || 3600) * 1000;
  const read = setInterval(async () => {
    const conn = link.pick(false);
    if (config.maxKeys === 0 || conn === null || !link.state.reachable || isStalled()) return;
    const n = await keysHeld(conn.client, conn.cluster).catch(() => null);
    if (n !== null) keys = n;
  }, LIMITS.quotaCheckMs);
  read.unref();

  return {
    /**
     * Throws `busy` (quota) when `adding` more keys would pass the quota (batches: nine tenths of it), or when
     * the database is past KEY_PRESSURE and `client` has added its share within the TTL.
     */
    check(client, adding, { batch = false } = {}) {
      if (config.maxKeys === 0) return;
      const limit = batch ? config.maxKeys * (1 - RESERVE_SHARE) : config.maxKeys;
      const full = `the demo database holds its quota of ${config.maxKeys} keys; entries expire after ${config.dataTtlS} s`;
      if (keys + adding > limit) throw busy(full, 'quota');
      const share = keyShare(keys / config.maxKeys, config.ipKeys);
      if (client !== null && client.keys.used() + adding > share) {
        throw busy(
          `the demo database is ${Math.round((100 * keys) / config.maxKeys)}% full and this address has added its share (${Math.floor(share)} keys) within ${config.dataTtlS} s`,
          'quota',
        );
      }
    },
    /** 1 when the bridge has not written `queue`'s pending set within the TTL (it may add a key), else 0. */
    newPending(queue) {
      const t = performance.now();
      const until = queues.get(queue);
      queues.delete(queue);
      queues.set(queue, t + ttlMs);
      if (queues.size > LIMITS.knownQueues) queues.delete(queues.keys().next().value);
      return until !== undefined && until > t ? 0 : 1;
    },
    /** Counts keys written, until the next DBSIZE. */
    wrote(n) {
      keys += n;
    },
    /** The data's TTL on what was written; sent after the answer, a failure only logged. */
    expire(conn, keyList) {
      if (config.dataTtlS === 0 || keyList.length === 0) return;
      conn.expire(keyList, config.dataTtlS).catch((error) => logger.warn('expire_failed', { message: error.message }));
    },
    close: () => clearInterval(read),
  };
}
