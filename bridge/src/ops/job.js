// job: one stored row, as Valkey holds it (reads are not fenced).
import { allowedQueue, hostCheck, validQueue } from './checks.js';

/** The job op: one job's key and stored row (`found: false`, row null, when there is none). */
export function jobOp({ backend, allowlist }) {
  return {
    prepare({ queue, job }) {
      validQueue(queue);
      hostCheck(job);
      allowedQueue(queue, allowlist);
      return async () => {
        const { key, row } = await backend.job(queue, job);
        return { queue, job, key, found: row !== null, row };
      };
    },
  };
}
