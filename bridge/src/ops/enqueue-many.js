// enqueueMany: a bounded batch, pipelined; per-item outcomes in input order.
import { BridgeError } from '../errors.js';
import { atMost, allowedQueue, hostCheck, payloadWithin, validQueue } from './checks.js';
import { refusalOf, replyBody } from './outcome.js';

function hostVerdict(job) {
  try {
    hostCheck(job);
    return null;
  } catch (error) {
    if (error instanceof BridgeError) return error;
    throw error;
  }
}

/**
 * The enqueueMany op: the queue, the batch size and every payload are checked for the whole request; an item
 * whose id fails the host check is refused alone, the others go to Valkey in one bulk call; the items are
 * answered one by one in input order.
 */
export function enqueueManyOp({ config, backend, allowlist }) {
  return {
    prepare({ queue, items, executor = 'script' }) {
      validQueue(queue);
      allowedQueue(queue, allowlist);
      atMost(items.length, config.maxBatch, 'the batch size');
      if (items.length === 0) throw new BridgeError('bad_request', 'enqueueMany: "items" is empty');
      items.forEach(({ payload = '' }) => payloadWithin(payload, config.maxPayload));
      const refusals = items.map(({ job }) => hostVerdict(job));
      return async () => {
        const admitted = items.filter((_, i) => refusals[i] === null).map(({ job, payload = '' }) => [job, payload]);
        const outcomes = admitted.length > 0 ? await backend.enqueue(queue, admitted, executor, { bulk: true }) : [];
        let next = 0;
        const replies = refusals.map((refusal) => replyBody(refusal ?? refusalOf(outcomes[next++])));
        const enqueued = replies.filter((r) => r.ok).length;
        const duplicates = replies.filter((r) => !r.ok && r.error.code === 'duplicate').length;
        return {
          queue,
          executor,
          count: items.length,
          enqueued,
          duplicates,
          refused: items.length - enqueued - duplicates,
          items: replies,
        };
      };
    },
  };
}
