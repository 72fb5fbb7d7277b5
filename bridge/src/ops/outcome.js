// One job's enqueue outcome as the protocol shows it, the same in every op that enqueues (enqueue, each item
// of enqueueMany, each side of gateCompare): `enqueued` is the only success; a duplicate or a kind refusal
// is that job's error.
import { BridgeError } from '../errors.js';

/** The job's error, or null when it was enqueued. `detail` is what the error carries besides code and message. */
export function refusalOf(outcome, detail = {}) {
  if (outcome.verdict === 'enqueued') return null;
  if (outcome.verdict === 'duplicate') {
    return new BridgeError(
      'duplicate',
      `job ${outcome.job} already exists in queue ${outcome.queue}; nothing was written`,
      detail,
    );
  }
  return new BridgeError('kind', outcome.message, detail);
}

/** An outcome inside a result (an enqueueMany item, a gateCompare side), shaped like a reply's body. */
export const replyBody = (refusal) =>
  refusal === null ? { ok: true, verdict: 'enqueued' } : { ok: false, error: refusal.toJSON() };
