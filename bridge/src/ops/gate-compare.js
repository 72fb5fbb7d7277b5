// gateCompare: one id through both executors, each on a fresh scratch queue that is removed afterwards.
import { randomBytes } from 'node:crypto';

import { unavailable } from '../errors.js';
import { hostCheck, payloadWithin, validQueue } from './checks.js';

function side(outcome) {
  if (outcome.verdict === 'enqueued') return { ok: true, verdict: 'enqueued', command: outcome.command };
  const code = outcome.verdict === 'duplicate' ? 'duplicate' : 'kind';
  const message = code === 'kind' ? outcome.message : `job ${outcome.job} already exists`;
  return { ok: false, error: { code, message }, command: outcome.command };
}

const sameOutcome = (a, b) => (a.ok ? a.verdict : a.error.code) === (b.ok ? b.verdict : b.error.code);

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
          const script = side(await backend.enqueue(queue, job, payload, 'script'));
          const native = side(await backend.enqueue(nativeQueue, job, payload, 'native'));
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
