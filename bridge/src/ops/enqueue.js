// enqueue: one job through one executor; the reply shows the exact command sent. Single enqueues that arrive
// in the same turn, from any connection, leave together (coalescer.js); each still gets its own reply.
import { pendingKey } from '@echomq/branded';

import { createCoalescer } from '../coalescer.js';
import { enqueueCommand } from '../valkey.js';
import { allowedQueue, hostCheck, payloadWithin, validQueue } from './checks.js';
import { refusalOf } from './outcome.js';

// A turn's jobs for one (executor, queue) in one backend call; each answer is its job's reply: the result,
// or the error (a refusal, or the failure of that job).
const sendTogether = (backend) => async (executor, queue, items) => {
  const outcomes = await backend.enqueue(queue, items, executor);
  const pending = pendingKey(queue);
  return outcomes.map((outcome, i) => {
    if (outcome instanceof Error) return outcome;
    const [job, payload] = items[i];
    const command = enqueueCommand(executor, queue, job, payload, pending);
    return refusalOf(outcome, { executor, command }) ?? { verdict: 'enqueued', queue, job, executor, command };
  });
};

/**
 * The enqueue op: one job checked, then sent with the turn's other jobs for its (executor, queue). The run
 * answers through reply.resolve / reply.reject (see coalescer.js for why not a promise).
 */
export function enqueueOp({ config, backend, allowlist }) {
  const singles = createCoalescer(sendTogether(backend));
  return {
    prepare({ queue, job, payload = '', executor = 'script' }) {
      validQueue(queue);
      hostCheck(job);
      allowedQueue(queue, allowlist);
      payloadWithin(payload, config.maxPayload);
      return (reply) => singles.add(executor, queue, [job, payload], reply);
    },
  };
}
