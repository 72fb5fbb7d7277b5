// enqueueMany: a bounded batch, pipelined; per-item outcomes in input order.
import { BridgeError } from '../errors.js';
import { atMost, allowedQueue, hostCheck, payloadWithin, validQueue, wellFormedPayload } from './checks.js';
import { optional, required } from './fields.js';
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
 * answered one by one in input order. The client is charged for the keys written, not for duplicates or
 * refusals.
 */
export const enqueueMany = {
  name: 'enqueueMany',
  fields: { queue: required('string'), items: required('items'), executor: optional('executor') },
  cost: ({ items }) => items.length,
  keys: ({ items }) => items.length,
  create({ config, backend, allowlist }) {
    return {
      prepare({ queue, items, executor = 'script' }, client) {
        validQueue(queue);
        items.forEach(({ payload = '' }) => wellFormedPayload(payload));
        allowedQueue(queue, allowlist);
        atMost(items.length, config.maxBatch, 'the batch size');
        if (items.length === 0) throw new BridgeError('bad_request', 'enqueueMany: "items" is empty');
        items.forEach(({ payload = '' }) => payloadWithin(payload, config.maxPayload));
        const refusals = items.map(({ job }) => hostVerdict(job));
        const admitted = items.filter((_, i) => refusals[i] === null).map(({ job, payload = '' }) => [job, payload]);
        if (admitted.length > 0) backend.quota.check(client, admitted.length, { batch: true });
        return async () => {
          const { answers, written } =
            admitted.length > 0
              ? await backend.enqueue(queue, admitted, executor, { bulk: true })
              : { answers: [], written: 0 };
          client.keys.charge(written);
          let next = 0;
          const replies = refusals.map((refusal) => replyBody(refusal ?? refusalOf(answers[next++])));
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
  },
};
