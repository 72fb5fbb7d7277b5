// gateCompare: one id through both executors, each on a fresh scratch queue that is removed afterwards.
import { randomBytes } from 'node:crypto';

import { unavailable } from '../errors.js';
import { enqueueCommand } from '../valkey.js';
import { hostCheck, payloadWithin, validQueue } from './checks.js';
import { replyBody, refusalOf } from './outcome.js';

// One side: the job through one executor, shaped like a reply's body, with the command sent.
async function sideOf(backend, queue, job, payload, executor) {
  const [outcome] = await backend.enqueue(queue, [[job, payload]], executor);
  if (outcome instanceof Error) throw outcome;
  return { ...replyBody(refusalOf(outcome)), command: enqueueCommand(executor, queue, job, payload) };
}

const sameOutcome = (a, b) => (a.ok ? a.verdict : a.error.code) === (b.ok ? b.verdict : b.error.code);

/**
 * The gateCompare op: one id through the script executor, then the native one, each on its own fresh scratch
 * queue; `unavailable` when Valkey is unreachable or has no native executor.
 */
export function gateCompareOp({ config, backend }) {
  return {
    prepare({ job, payload = '' }) {
      hostCheck(job);
      payloadWithin(payload, config.maxPayload);
      const { valkey, executors } = backend.status();
      if (!valkey.reachable) throw unavailable('Valkey is not reachable; the bridge is reconnecting');
      if (!executors.includes('native'))
        throw unavailable('the native executor (EMQ.ENQUEUE) is not available on this Valkey');
      const queue = `${config.scratch}.${randomBytes(8).toString('hex')}`;
      const nativeQueue = `${queue}.native`;
      validQueue(nativeQueue);
      return async () => {
        try {
          const script = await sideOf(backend, queue, job, payload, 'script');
          const native = await sideOf(backend, nativeQueue, job, payload, 'native');
          const bothRefused = !script.ok && !native.ok;
          return {
            job,
            queue,
            script,
            native,
            agree: sameOutcome(script, native),
            refusalsIdentical: bothRefused ? script.error.message === native.error.message : null,
          };
        } finally {
          await backend.dropJobs([queue, nativeQueue], job).catch(() => {});
        }
      };
    },
  };
}
