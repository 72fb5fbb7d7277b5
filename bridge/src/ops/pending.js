// pending: the first `limit` ids of a queue's pending set, in the set's order.
import { BridgeError } from '../errors.js';
import { allowedQueue, atMost, validQueue } from './checks.js';

export const DEFAULT_PENDING_LIMIT = 100;

/** The pending op: the pending set's key and its first `limit` ids (1 to maxPending). */
export function pendingOp({ config, backend, allowlist }) {
  return {
    prepare({ queue, limit = DEFAULT_PENDING_LIMIT }) {
      validQueue(queue);
      allowedQueue(queue, allowlist);
      if (limit < 1) throw new BridgeError('bad_request', 'pending: "limit" must be at least 1');
      atMost(limit, config.maxPending, 'limit');
      return async () => {
        const { key, jobs } = await backend.pending(queue, limit);
        return { queue, key, jobs };
      };
    },
  };
}
