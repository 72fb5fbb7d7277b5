// streamSeed: replaces a demo stream with a generated one, each entry under its injected id (contract.md §6).
// The defaults are the contract.md §6 reproduction: 200,000 entries, node 7, 4,096 per ms from 1781000000000.
import { compose, queueKey, streamId } from '@echomq/branded';

import { ShareRefused, createFairQueue, createSeedLedger } from '../admission.js';
import { BridgeError, busy, rateLimited, tooLarge } from '../errors.js';
import { allowedQueue, atMost, validQueue } from './checks.js';
import { optional, required } from './fields.js';
import { streamType, validStream } from './streams.js';
import { LIMITS } from '../limits.js';
import { FleetSeedLedger } from '../fleet/seed-ledger.js';

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

/** SEED_ENTRY_BYTES: see limits.js LIMITS.seedEntryBytes. */
export const SEED_ENTRY_BYTES = LIMITS.seedEntryBytes;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A seed's plan checked: SEED_DEFAULTS with the request's overrides, its bytes, its first and last ids.
function checkedPlan(config, overrides) {
  const plan = { ...SEED_DEFAULTS, ...overrides };
  if (plan.entries < 1) throw new BridgeError('bad_request', 'streamSeed: "entries" must be at least 1');
  if (plan.perMs < 1) throw new BridgeError('bad_request', 'streamSeed: "perMs" must be at least 1');
  atMost(plan.entries, config.maxSeedEntries, 'entries');
  const bytes = plan.entries * SEED_ENTRY_BYTES;
  if (bytes > config.ipSeedBytes)
    throw tooLarge(
      `the seed would store about ${bytes} bytes; an address may seed ${config.ipSeedBytes}`,
      config.ipSeedBytes,
    );
  checkedSnowflake(plan, plan.perMs - 1); // the largest seq it uses: perMs <= 4096
  return { plan, bytes, first: checkedSnowflake(plan, 0), last: checkedSnowflake(plan, plan.entries - 1) };
}

/**
 * The ledger of seeded streams for --seed-bytes: the fleet's in Valkey with --limits valkey (fleet/seed-ledger.js),
 * else this process's (seed-ledger.js), both answering as the fleet's does (async).
 */
function seedLedger(config, fleet) {
  const limit = config.seedBytes;
  const ttlMs = (config.dataTtlS || LIMITS.hourS) * 1000;
  if (fleet != null) return new FleetSeedLedger(fleet, { limit, ttlMs });
  const local = createSeedLedger({ limit, ttlMs });
  return {
    makeRoom: async (holder, key, bytes) => local.makeRoom(holder, key, bytes),
    forget: (key) => local.forget(key),
    record: async (holder, key, bytes) => local.record(holder, key, bytes),
    abandon: async () => {},
  };
}

/**
 * The bridge's seeds: one runs at a time and starts at least --seed-interval after the last; the others wait
 * in line (one per client, the least seeded first); seeded bytes are kept in a ledger for --seed-bytes.
 */
class Seeder {
  #lastStart = -Infinity;

  constructor({ config, backend }) {
    this.config = config;
    this.backend = backend;
    this.ledger = seedLedger(config, backend.fleet);
    this.line = createFairQueue({
      slots: 1,
      maxWaiting: LIMITS.seedsWaiting,
      waitMs: LIMITS.seedWaitMs,
      // What the client has seeded lately (its bytes per TTL, charged as a seed starts).
      weight: (client) => client.seedBytes.used(),
      what: 'stream seed',
    });
  }

  /** Waits for the client's turn in line: its release function, or the protocol's refusal. */
  async enterLine(client, bytes) {
    const { config } = this;
    if (!client.seedBytes.affords(bytes))
      throw rateLimited(
        `this address has seeded its ${config.ipSeedBytes} bytes within ${config.dataTtlS} s; retry later`,
      );
    this.backend.quota.check(client, 1);
    try {
      return await this.line.enter(client);
    } catch (error) {
      if (!(error instanceof ShareRefused)) throw error;
      if (error.reason === 'waiting') throw rateLimited(`${error.message}; one seed at a time per address`);
      throw busy(`${error.message}; retry later`, 'seeds');
    }
  }

  // Room for `bytes` more of seeded streams: the heaviest seeders' oldest streams deleted for it, or `busy`.
  async #makeRoom(client, key, bytes) {
    const victims = await this.ledger.makeRoom(client.key, key, bytes);
    if (victims === null)
      throw busy(
        `the bridge holds ${this.config.seedBytes} bytes of seeded streams, this address among the most; retry later`,
        'seeds',
      );
    if (victims.length === 0) return;
    await this.backend.drop(victims);
    for (const victim of victims) this.ledger.forget(victim);
  }

  // Waits until --seed-interval has passed since the last seed started: on this bridge, or with fleet limits
  // on any bridge of the fleet (Valkey spaces the starts).
  async #spaced() {
    const { fleet } = this.backend;
    if (fleet == null) {
      const wait = this.#lastStart + this.config.seedIntervalMs - performance.now();
      if (wait > 0) await sleep(wait);
      return;
    }
    for (;;) {
      const wait = await fleet.space('seed', this.config.seedIntervalMs, this.backend.translate);
      if (wait <= 0) return;
      await sleep(Math.ceil(wait));
    }
  }

  /** Runs a seed whose turn has come: the stream replaced, the client charged its bytes and one key. */
  async run(client, queue, stream, plan, bytes) {
    await this.#spaced();
    const key = queueKey(queue, streamType(stream));
    await this.#makeRoom(client, key, bytes);
    this.#lastStart = performance.now();
    client.seedBytes.charge(bytes); // as it starts: a seed that gives way has cost its place in line
    let gaveWay = false;
    let seeded;
    try {
      seeded = await this.backend.seed(queue, streamType(stream), plan.entries, {
        fieldsAt: seedFields,
        snowflakeAt: (i) => seedSnowflake(plan, i),
        // Only to a client lighter than this one was before this seed: a newcomer never preempts a newcomer.
        beforeChunk: () => {
          gaveWay = this.line.lighterWaiting(client, LIMITS.giveWayMs, bytes);
          if (gaveWay)
            throw busy('this seed gave way to a client that has seeded less; the stream is as it was', 'seeds');
        },
      });
    } catch (error) {
      if (!gaveWay) client.seedBytes.give(bytes);
      await this.ledger.abandon(key).catch(() => {}); // else it lapses with the data's TTL
      throw error;
    }
    await this.ledger.record(client.key, key, bytes).catch(() => {}); // its room is already taken
    client.keys.charge(1);
    return seeded;
  }
}

/**
 * The streamSeed op: the plan (SEED_DEFAULTS with the request's overrides) checked, then the stream replaced.
 * Bounded in bytes (SEED_ENTRY_BYTES an entry): per client --ip-seed-bytes per data TTL (else `rate`), for the
 * bridge --seed-bytes of seeded streams alive at once, a newcomer's seed taking the room of the heaviest
 * seeder's oldest stream (else `busy`, seeds). One seed runs at a time and starts at least --seed-interval
 * after the last; the others wait in line, one per client, the client with the fewest seeded bytes first.
 */
export const streamSeed = {
  name: 'streamSeed',
  fields: {
    queue: required('string'),
    stream: required('string'),
    entries: optional('integer'),
    node: optional('integer'),
    perMs: optional('integer'),
    startMs: optional('integer'),
  },
  cost: () => 1,
  keys: () => 1,
  create({ config, backend, allowlist }) {
    const seeder = new Seeder({ config, backend });
    return {
      prepare({ queue, stream, ...overrides }, client) {
        validQueue(queue);
        validStream(stream);
        allowedQueue(queue, allowlist);
        const { plan, bytes, first, last } = checkedPlan(config, overrides);
        return async () => {
          const release = await seeder.enterLine(client, bytes);
          const started = performance.now();
          try {
            const { key } = await seeder.run(client, queue, stream, plan, bytes);
            const elapsedMs = Math.round(performance.now() - started);
            return {
              queue,
              stream,
              key,
              entries: plan.entries,
              first: streamId(first),
              last: streamId(last),
              elapsedMs,
            };
          } finally {
            release();
          }
        };
      },
    };
  },
};
