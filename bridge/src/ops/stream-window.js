// streamWindow: the instants [t0, t1) of a stream, addressed purely by id arithmetic (contract.md §6).
import { HORIZON_MS, streamWindow } from '@echomq/branded';

import { BridgeError, rateLimited } from '../errors.js';
import { allowedQueue, atMost, validQueue } from './checks.js';
import { streamType, validStream } from './streams.js';

export const DEFAULT_SAMPLE = 10;

// [t0, t1) within the instants a Snowflake can carry: t1 at most one past the horizon's last millisecond.
function windowArgs(t0, t1) {
  if (t1 > HORIZON_MS + 1) throw new BridgeError('bad_request', `streamWindow: t1 must be at most ${HORIZON_MS + 1}`);
  try {
    return streamWindow(t0, t1);
  } catch (error) {
    if (error?.code === undefined) throw error;
    throw new BridgeError('bad_request', `streamWindow: [t0, t1) must satisfy 0 <= t0 < t1 (${error.code})`);
  }
}

/**
 * The streamWindow op: how many entries [t0, t1) holds (`truncated` past maxWindowEntries), the first and
 * last ids and the first `sample` entries, charged against the stream-entry budgets of the client and the bridge.
 */
export function streamWindowOp({ config, backend, allowlist }) {
  return {
    prepare({ queue, stream, t0, t1, sample = DEFAULT_SAMPLE }, client) {
      const range = windowArgs(t0, t1);
      validQueue(queue);
      validStream(stream);
      allowedQueue(queue, allowlist);
      if (sample < 0) throw new BridgeError('bad_request', 'streamWindow: "sample" must be at least 0');
      atMost(sample, config.maxSample, 'sample');
      // Charged the most it may read, against this client's entry budget; what it did not read is given back.
      const charge = config.maxWindowEntries + 1;
      return async () => {
        if (!client.entries.take(charge)) {
          throw rateLimited(
            `over ${config.ipWindowEntries} stream entries read per second from this address; retry shortly`,
          );
        }
        let result;
        try {
          result = await backend.readWindow(queue, streamType(stream), t0, t1, charge, config.maxWindowEntries, sample);
        } finally {
          client.entries.give(charge - (result?.count ?? 0));
        }
        const { key } = result;
        const truncated = result.count > config.maxWindowEntries;
        // The one entry read past the limit only tells that there are more.
        const counted = truncated ? config.maxWindowEntries : result.count;
        return {
          queue,
          stream,
          key,
          t0,
          t1,
          command: ['XRANGE', key, range.start, range.end],
          count: counted,
          truncated,
          first: result.first,
          last: result.last,
          sample: result.sample,
        };
      };
    },
  };
}
