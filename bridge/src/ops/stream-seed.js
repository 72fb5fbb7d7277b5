// streamSeed: replaces a demo stream with a generated one, each entry under its injected id (contract.md §6).
// The defaults are the contract.md §6 reproduction: 200,000 entries, node 7, 4,096 per ms from 1781000000000.
import { compose, streamId } from '@echomq/branded';

import { BridgeError, rateLimited } from '../errors.js';
import { allowedQueue, atMost, validQueue } from './checks.js';
import { streamType, validStream } from './streams.js';

export const SEED_DEFAULTS = Object.freeze({ entries: 200000, node: 7, perMs: 4096, startMs: 1781000000000 });
// One 8-byte field and one 8-byte value per entry (contract.md §6): the entry's index as 8 decimal digits.
export const SEED_FIELD = 'fieldkey';
/** Entry i's fields: { SEED_FIELD: i as 8 decimal digits }. */
export const seedFields = (i) => ({ [SEED_FIELD]: String(i).padStart(8, '0') });

/** Entry i's Snowflake: millisecond startMs + floor(i / perMs), seq i mod perMs, on `node`. */
export function seedSnowflake({ node, perMs, startMs }, i) {
  return compose({ unixMs: startMs + Math.floor(i / perMs), node, seq: i % perMs });
}

function checkedSnowflake(plan, i) {
  try {
    return seedSnowflake(plan, i);
  } catch (error) {
    if (error?.code === undefined) throw error;
    throw new BridgeError(
      'bad_request',
      `streamSeed: entry ${i} would not be a Snowflake (${error.code}): check node, perMs, startMs`,
    );
  }
}

/**
 * The streamSeed op: the plan (SEED_DEFAULTS with the request's overrides) checked, then the stream replaced;
 * one seed at a time on the bridge, and a start at most once per --seed-interval (else `rate`).
 */
export function streamSeedOp({ config, backend, allowlist }) {
  let running = false;
  let lastStart = -Infinity;
  return {
    prepare({ queue, stream, ...overrides }) {
      const plan = { ...SEED_DEFAULTS, ...overrides };
      validQueue(queue);
      validStream(stream);
      allowedQueue(queue, allowlist);
      if (plan.entries < 1) throw new BridgeError('bad_request', 'streamSeed: "entries" must be at least 1');
      if (plan.perMs < 1) throw new BridgeError('bad_request', 'streamSeed: "perMs" must be at least 1');
      atMost(plan.entries, config.maxSeedEntries, 'entries');
      checkedSnowflake(plan, plan.perMs - 1); // the largest seq it uses: perMs <= 4096
      const first = checkedSnowflake(plan, 0);
      const last = checkedSnowflake(plan, plan.entries - 1);
      return async () => {
        if (running) throw rateLimited('a stream seed is already running on this bridge; retry when it is done');
        const started = performance.now();
        const wait = lastStart + config.seedIntervalMs - started;
        if (wait > 0)
          throw rateLimited(
            `one stream seed per ${config.seedIntervalMs} ms on this bridge; retry in ${Math.ceil(wait)} ms`,
          );
        running = true;
        lastStart = started;
        try {
          const { key } = await backend.seed(queue, streamType(stream), plan.entries, seedFields, (i) =>
            seedSnowflake(plan, i),
          );
          return {
            queue,
            stream,
            key,
            entries: plan.entries,
            first: streamId(first),
            last: streamId(last),
            elapsedMs: Math.round(performance.now() - started),
          };
        } finally {
          running = false;
        }
      };
    },
  };
}
