// streamWindow: the instants [t0, t1) of a stream, addressed purely by id arithmetic (contract.md §6), counted
// inside Valkey by the connector.
import { HORIZON_MS, streamWindow as windowOf } from '@echomq/branded';

import { ShareRefused, createFairQueue, isLight, takeShared } from '../admission.js';
import { BridgeError, busy, rateLimited } from '../errors.js';
import { Bucket } from '../rate.js';
import { allowedQueue, atMost, validQueue } from './checks.js';
import { optional, required } from './fields.js';
import { streamType, validStream } from './streams.js';
import { LIMITS } from '../limits.js';

/** DEFAULT_SAMPLE: see limits.js LIMITS.defaultSample. */
export const DEFAULT_SAMPLE = LIMITS.defaultSample;
/** WINDOW_SLOTS: see limits.js LIMITS.windowSlots. */
export const WINDOW_SLOTS = LIMITS.windowSlots;
/** ENTRY_WAIT_MS: see limits.js LIMITS.entryWaitMs. */
export const ENTRY_WAIT_MS = LIMITS.entryWaitMs;
const ENTRY_WAIT_ROUNDS = 4;

// [t0, t1) within the instants a Snowflake can carry: t1 at most one past the horizon's last millisecond.
function windowArgs(t0, t1) {
  if (t1 > HORIZON_MS + 1) throw new BridgeError('bad_request', `streamWindow: t1 must be at most ${HORIZON_MS + 1}`);
  try {
    return windowOf(t0, t1);
  } catch (error) {
    if (error?.code === undefined) throw error;
    throw new BridgeError('bad_request', `streamWindow: [t0, t1) must satisfy 0 <= t0 < t1 (${error.code})`);
  }
}

/**
 * The bridge's window reads: one per client at a time, their calls taking turns (WINDOW_SLOTS at once, the
 * least read client first), each charged up front against its client's and the bridge's entry budgets.
 */
class WindowReader {
  constructor({ config, backend, now }) {
    this.config = config;
    this.now = now;
    this.backend = backend;
    this.entries =
      backend.fleet == null
        ? new Bucket(config.windowEntries, now)
        : backend.fleet.bridgeBucket('entries', config.windowEntries);
    this.turns = createFairQueue({
      slots: WINDOW_SLOTS,
      maxWaiting: LIMITS.chunksWaiting,
      waitMs: LIMITS.chunkWaitMs,
      // What the client has read lately, not what its window in flight was charged up front.
      weight: (client) => client.entries.used() - client.windowCharge,
      what: 'stream window',
    });
    this.reading = new Set(); // clients with a window being read: one each
  }

  // A chunk's turn; a refusal (the line full, or no turn in time) ends the window as `busy`.
  turnOf(client) {
    return async () => {
      try {
        return await this.turns.enter(client);
      } catch (error) {
        if (error instanceof ShareRefused) throw busy(`${error.message}; retry shortly`, 'windows');
        throw error;
      }
    };
  }

  // Waits, up to ENTRY_WAIT_MS in all, until the client's entry budget holds `charge`. A shared budget is asked
  // again after each wait (other bridges may have spent from it meanwhile), a few times at most.
  async #waitFor(client, charge) {
    const deadline = this.now() + ENTRY_WAIT_MS;
    for (let round = 0; round < ENTRY_WAIT_ROUNDS; round++) {
      const wait = client.entries.msUntil(charge);
      if (wait === 0 || this.now() + wait > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait) + 1));
      await client.entries.settle();
    }
  }

  // Takes `charge` from the client's entry budget (waiting up to ENTRY_WAIT_MS for it) and the bridge's.
  async #take(client, charge) {
    const { config } = this;
    await this.#waitFor(client, charge);
    const light = isLight(client.entries);
    if (!client.entries.take(charge))
      throw rateLimited(
        `over ${config.ipWindowEntries} stream entries read per second from this address; retry shortly`,
      );
    if (!takeShared(this.entries, charge, { light })) {
      client.entries.give(charge);
      throw busy(
        `the bridge is at its budget of ${config.windowEntries} stream entries read per second; retry shortly`,
        'budget',
      );
    }
  }

  /** Counts one window for `client`, charged `charge` entries up front; what it did not read is given back. */
  async read(client, { queue, stream, t0, t1, sample }, charge) {
    if (this.reading.has(client))
      throw busy('a stream window from this address is being read; one at a time', 'windows');
    this.reading.add(client);
    try {
      await this.#take(client, charge);
      let result;
      client.windowCharge = charge;
      try {
        result = await this.backend.countWindow(queue, streamType(stream), t0, t1, {
          count: charge,
          limit: this.config.maxWindowEntries,
          sample,
          beforeChunk: this.turnOf(client),
        });
      } finally {
        client.windowCharge = 0;
        client.entries.give(charge - (result?.count ?? 0));
        this.entries.give(charge - (result?.count ?? 0));
      }
      return result;
    } finally {
      this.reading.delete(client);
    }
  }
}

/**
 * The streamWindow op: how many entries [t0, t1) holds (`truncated` past maxWindowEntries), the first and
 * last ids and the first `sample` entries. One window per client at a time, its calls taking turns with other
 * clients' (WINDOW_SLOTS at once, the least read client first); each is charged the most it may read against
 * its client's entry budget (waiting up to ENTRY_WAIT_MS for it to refill) and the bridge's (which a light client
 * may overdraw), and what it did not read is given back.
 */
export const streamWindow = {
  name: 'streamWindow',
  fields: {
    queue: required('string'),
    stream: required('string'),
    t0: required('integer'),
    t1: required('integer'),
    sample: optional('integer'),
  },
  cost: () => 1,
  keys: () => 0,
  create(deps) {
    const { config, allowlist } = deps;
    const reader = new WindowReader(deps);
    return {
      prepare({ queue, stream, t0, t1, sample = DEFAULT_SAMPLE }, client) {
        const range = windowArgs(t0, t1);
        validQueue(queue);
        validStream(stream);
        allowedQueue(queue, allowlist);
        if (sample < 0) throw new BridgeError('bad_request', 'streamWindow: "sample" must be at least 0');
        atMost(sample, config.maxSample, 'sample');
        // The one entry read past the limit only tells that there are more.
        const charge = config.maxWindowEntries + 1;
        return async () => {
          const result = await reader.read(client, { queue, stream, t0, t1, sample }, charge);
          const truncated = result.count > config.maxWindowEntries;
          return {
            queue,
            stream,
            key: result.key,
            t0,
            t1,
            command: ['XRANGE', result.key, range.start, range.end],
            count: truncated ? config.maxWindowEntries : result.count,
            truncated,
            first: result.first,
            last: result.last,
            sample: result.sample.map(({ id, fields }) => ({ entry: id, fields })),
          };
        };
      },
    };
  },
};
