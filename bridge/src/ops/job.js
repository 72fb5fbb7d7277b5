// job: one stored row, as Valkey holds it (reads are not fenced).
import { jobKey } from '@echomq/branded';

import { allowedQueue, hostCheck, validQueue } from './checks.js';
import { required } from './fields.js';

/** The job op: one job's key and stored row (`found: false`, row null, when there is none). */
export const job = {
  name: 'job',
  fields: { queue: required('string'), job: required('string') },
  cost: () => 1,
  keys: () => 0,
  create({ backend, allowlist }) {
    return {
      prepare({ queue, job: id }) {
        validQueue(queue);
        hostCheck(id);
        allowedQueue(queue, allowlist);
        return async () => {
          const row = await backend.job(queue, id);
          return { queue, job: id, key: jobKey(queue, id), found: row !== null, row };
        };
      },
    };
  },
};
