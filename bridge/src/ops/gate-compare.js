// gateCompare: one id through both executors, each on a fresh scratch queue that is removed afterwards.
import { randomBytes } from 'node:crypto';

import { unavailable } from '../errors.js';
import { hostCheck, payloadWithin, validQueue } from './checks.js';
import { optional, required } from './fields.js';
import { replyBody, refusalOf } from './outcome.js';

// One side: the job through one executor, shaped like a reply's body, with the command sent; `wrote` gets
// the keys it may have written, for the clean-up.
async function sideOf(backend, queue, job, payload, executor, wrote) {
  const { answers, sent } = await backend.enqueue(queue, [[job, payload]], executor);
  wrote.push(sent.key(0), sent.pending);
  const [answer] = answers;
  if (answer instanceof Error) throw answer;
  return { ...replyBody(refusalOf(answer)), command: sent.command(0) };
}

const sameOutcome = (a, b) => (a.ok ? a.verdict : a.error.code) === (b.ok ? b.verdict : b.error.code);

/**
 * The gateCompare op: one id through the script executor, then the native one, each on its own fresh scratch
 * queue; `unavailable` when Valkey is unreachable or has no native executor.
 */
export const gateCompare = {
  name: 'gateCompare',
  fields: { job: required('string'), payload: optional('string') },
  cost: () => 4,
  keys: () => 0,
  create({ config, backend }) {
    return {
      prepare({ job, payload = '' }) {
        hostCheck(job);
        payloadWithin(payload, config.maxPayload);
        const { valkey, executors } = backend.status();
        if (!valkey.reachable) throw unavailable('Valkey is not reachable; the bridge is reconnecting');
        if (!executors.includes('native'))
          throw unavailable('the native executor (EMQ.ENQUEUE) is not available on this Valkey');
        backend.quota.check(null, 2);
        const queue = `${config.scratch}.${randomBytes(8).toString('hex')}`;
        const nativeQueue = `${queue}.native`;
        validQueue(nativeQueue);
        return async () => {
          const wrote = [];
          try {
            const script = await sideOf(backend, queue, job, payload, 'script', wrote);
            const native = await sideOf(backend, nativeQueue, job, payload, 'native', wrote);
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
            await backend.drop(wrote.filter(Boolean)).catch(() => {});
          }
        };
      },
    };
  },
};
