// pending: the first `limit` ids of a queue's pending set, in the set's order.
import { pendingKey } from '@echomq/branded';

import { BridgeError } from '../errors.js';
import { allowedQueue, atMost, validQueue } from './checks.js';
import { optional, required } from './fields.js';
import { LIMITS } from '../limits.js';

/** DEFAULT_PENDING_LIMIT: see limits.js LIMITS.defaultPendingLimit. */
export const DEFAULT_PENDING_LIMIT = LIMITS.defaultPendingLimit;

/** The pending op: the pending set's key and its first `limit` ids (1 to maxPending). */
export const pending = {
  name: 'pending',
  fields: { queue: required('string'), limit: optional('integer') },
  cost: () => 1,
  keys: () => 0,
  create({ config, backend, allowlist }) {
    return {
      prepare({ queue, limit = DEFAULT_PENDING_LIMIT }) {
        validQueue(queue);
        allowedQueue(queue, allowlist);
        if (limit < 1) throw new BridgeError('bad_request', 'pending: "limit" must be at least 1');
        atMost(limit, config.maxPending, 'limit');
        return async () => ({ queue, key: pendingKey(queue), jobs: await backend.pending(queue, limit) });
      },
    };
  },
};
