// enqueue: one job through one executor; the reply shows the exact command sent.
import { BridgeError } from '../errors.js';
import { allowedQueue, hostCheck, payloadWithin, validQueue } from './checks.js';

// A transition outcome as the protocol shows it: `enqueued` is the only success; duplicate and kind are errors.
export function outcomeError(outcome, detail = {}) {
  if (outcome.verdict === 'duplicate') {
    return new BridgeError('duplicate', `job ${outcome.job} already exists in queue ${outcome.queue}; nothing was written`, detail);
  }
  return new BridgeError('kind', outcome.message, detail);
}

export function enqueueOp({ config, backend, allowlist }) {
  return {
    prepare({ queue, job, payload = '', executor = 'script' }) {
      validQueue(queue);
      hostCheck(job);
      allowedQueue(queue, allowlist);
      payloadWithin(payload, config.maxPayload);
      return async () => {
        const outcome = await backend.enqueue(queue, job, payload, executor);
        if (outcome.verdict !== 'enqueued') throw outcomeError(outcome, { executor, command: outcome.command });
        return { verdict: 'enqueued', queue, job, executor, command: outcome.command };
      };
    },
  };
}
