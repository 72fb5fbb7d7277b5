// enqueue: one job through one executor; the reply shows the exact command sent.
import { BridgeError } from '../errors.js';
import { allowedQueue, hostCheck, payloadWithin, validQueue } from './checks.js';

// A transition outcome as the protocol shows it: `enqueued` is the only success; duplicate and kind are errors.
export function outcomeError(outcome, detail = {}) {
  if (outcome.verdict === 'duplicate') {
    return new BridgeError(
      'duplicate',
      `job ${outcome.job} already exists in queue ${outcome.queue}; nothing was written`,
      detail,
    );
  }
  return new BridgeError('kind', outcome.message, detail);
}

// Turns the backend's outcome for one job into the op's answer on `reply`.
class EnqueueAnswer {
  constructor(reply, executor) {
    this.reply = reply;
    this.executor = executor;
  }

  resolve(outcome) {
    const { executor } = this;
    if (outcome.verdict !== 'enqueued')
      return this.reply.reject(outcomeError(outcome, { executor, command: outcome.command }));
    return this.reply.resolve({
      verdict: 'enqueued',
      queue: outcome.queue,
      job: outcome.job,
      executor,
      command: outcome.command,
    });
  }

  reject(error) {
    this.reply.reject(error);
  }
}

// The run answers through reply.resolve / reply.reject (see coalescer.js for why not a promise).
export function enqueueOp({ config, backend, allowlist }) {
  return {
    prepare({ queue, job, payload = '', executor = 'script' }) {
      validQueue(queue);
      hostCheck(job);
      allowedQueue(queue, allowlist);
      payloadWithin(payload, config.maxPayload);
      return (reply) => backend.enqueueCoalesced(queue, job, payload, executor, new EnqueueAnswer(reply, executor));
    },
  };
}
