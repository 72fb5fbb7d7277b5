// The fleet's limits (--limits valkey): every client's budgets and WebSocket count, and the bridge-wide
// budgets, kept in Valkey by the branded_limits library (fleet/library.js) so that any number of bridges on
// one Valkey hold one bridge's limits, and a restart forgets none. Decisions stay synchronous on local mirrors
// (fleet/bucket.js); what a turn spent leaves in one FCALL per group (a client, or the bridge) at the end of
// the turn, one send per group in flight, and each answer brings the mirror back to the fleet's truth.
import { randomBytes } from 'node:crypto';

import { LIMITS } from '../limits.js';
import { FleetBucket } from './bucket.js';
import { BRIDGE_LIMIT_KEY, LIMITS_FUNCTIONS, clientLimitKey } from './library.js';

/** What to tell an operator whose Valkey lacks the limits library. */
export const LIMITS_LIBRARY_NOTE =
  'the limits library (branded_limits) is not loaded: branded-bridge --print-limit-functions | valkey-cli -x FUNCTION LOAD REPLACE (or run with --limits local)';

/** A failure of the limits in Valkey, worded for the operator and the client. */
export class LimitsError extends Error {
  constructor(cause) {
    super(/function not found/i.test(cause?.message ?? '') ? LIMITS_LIBRARY_NOTE : `limits: ${cause?.message}`);
    this.name = 'LimitsError';
    this.cause = cause;
  }
}

// The buckets kept under one key, sent together.
class Group {
  constructor(key, fleet) {
    this.key = key;
    this.fleet = fleet;
    this.buckets = [];
    this.synced = false; // a send has come back: the mirrors hold the fleet's truth (or were spent from it)
    this.sending = null; // the send in flight
    this.again = false; // spent while a send was in flight
    this.failure = null; // why the last send failed (null: it did not)
  }

  bucket(name, rate, capacity = rate) {
    const bucket = new FleetBucket(name, rate, capacity, {
      now: this.fleet.now,
      onSpend: () => this.fleet.dirty(this),
    });
    this.buckets.push(bucket);
    return bucket;
  }

  /** Sends what was spent and learns what is left; resolves when the fleet's answer is in the mirrors. */
  sync() {
    if (this.sending !== null) {
      this.again = true;
      return this.sending.then(() => this.sync());
    }
    const deltas = this.buckets.map((b) => b.drain());
    const args = this.buckets.flatMap((b, i) => [b.name, String(b.rate), String(b.capacity), String(deltas[i])]);
    this.sending = this.fleet
      .call(LIMITS_FUNCTIONS.charge, this.key, args)
      .then((tokens) => {
        this.buckets.forEach((b, i) => b.learn(Number(tokens[i])));
        this.synced = true;
        this.failure = null;
      })
      .catch((error) => {
        this.failure = error.message;
        this.buckets.forEach((b, i) => b.unsend(deltas[i]));
        throw error;
      })
      .finally(() => {
        this.sending = null;
        if (this.again) {
          this.again = false;
          this.fleet.dirty(this);
        }
      });
    return this.sending;
  }
}

/**
 * The fleet's limits: clientGroup(key) and bridgeBucket(name, rate) make the shared buckets; connect(key) /
 * disconnect(key) count a client's WebSockets across the fleet; space(name, ms) spaces bridge-wide starts.
 */
export class FleetLimits {
  #dirty = new Set();
  #flushing = false;
  #held = new Map(); // client key → WebSockets this bridge holds for it
  #renew;
  #link;
  #logger;

  constructor(config, { link, logger, now }) {
    this.config = config;
    this.now = now;
    this.#link = link;
    this.#logger = logger;
    this.id = randomBytes(6).toString('hex'); // this process among the fleet's bridges
    this.bridge = new Group(BRIDGE_LIMIT_KEY, this);
    this.#renew = setInterval(() => this.#renewLeases(), LIMITS.leaseRenewMs);
    this.#renew.unref();
  }

  /** One FCALL of the library on the key's node; a LimitsError when it cannot be made or fails. */
  async call(fn, key, args) {
    const conn = this.#link.pick(false);
    if (conn === null || !this.#link.state.reachable) throw new LimitsError(new Error('Valkey is not reachable'));
    try {
      return await conn.client.call('FCALL', fn, '1', key, ...args);
    } catch (error) {
      throw new LimitsError(error);
    }
  }

  /** A client's group of buckets (see clients.js). */
  clientGroup(clientKey) {
    return new Group(clientLimitKey(clientKey), this);
  }

  /** A bridge-wide bucket, shared by every bridge of the fleet. */
  bridgeBucket(name, rate, capacity = rate) {
    return this.bridge.bucket(name, rate, capacity);
  }

  /** A group spent: it is sent at the end of this turn, with whatever else the turn spent. */
  dirty(group) {
    this.#dirty.add(group);
    if (this.#flushing) return;
    this.#flushing = true;
    setImmediate(() => this.#flush());
  }

  #flush() {
    this.#flushing = false;
    const groups = [...this.#dirty];
    this.#dirty.clear();
    for (const group of groups) {
      if (group.sending !== null) {
        group.again = true;
        continue;
      }
      // What could not be sent stays unsent, and goes with the group's next spending.
      group.sync().catch((error) => this.#logger.warn('limits_unsent', { message: error.message }));
    }
  }

  /** Takes a place for one more WebSocket of `clientKey` across the fleet: whether it was granted. */
  async connect(clientKey) {
    const { maxConnectionsPerIp } = this.config;
    const [granted] = await this.call(LIMITS_FUNCTIONS.connect, clientLimitKey(clientKey), [
      this.id,
      'take',
      String(maxConnectionsPerIp),
      String(LIMITS.leaseMs),
    ]);
    if (granted !== 1) return false;
    this.#held.set(clientKey, (this.#held.get(clientKey) ?? 0) + 1);
    return true;
  }

  /** Gives back a place taken by connect (a failure is logged: the lease lapses on its own). */
  disconnect(clientKey) {
    const held = (this.#held.get(clientKey) ?? 1) - 1;
    if (held > 0) this.#held.set(clientKey, held);
    else this.#held.delete(clientKey);
    this.#hold(clientKey, held);
  }

  #hold(clientKey, count) {
    const args = [this.id, 'hold', String(this.config.maxConnectionsPerIp), String(LIMITS.leaseMs), String(count)];
    return this.call(LIMITS_FUNCTIONS.connect, clientLimitKey(clientKey), args).catch((error) =>
      this.#logger.warn('limits_unsent', { message: error.message }),
    );
  }

  #renewLeases() {
    for (const [clientKey, count] of this.#held) this.#hold(clientKey, count);
  }

  /** Milliseconds to wait before a bridge-wide `name` may start (0: it starts now, and the next waits). */
  async space(name, intervalMs) {
    return Number(await this.call(LIMITS_FUNCTIONS.space, BRIDGE_LIMIT_KEY, [name, String(intervalMs)]));
  }

  /** Sends what is unsent and gives back this bridge's WebSocket places. */
  async close() {
    clearInterval(this.#renew);
    const held = [...this.#held.keys()];
    this.#held.clear();
    await Promise.all(held.map((clientKey) => this.#hold(clientKey, 0)));
  }
}

/** The fleet's limits for a configuration with --limits valkey, else null (every limit per process). */
export const createFleetLimits = (config, deps) => (config.limits === 'valkey' ? new FleetLimits(config, deps) : null);
