// The fleet's limits (--limits valkey): every client's budgets and WebSocket count, and the bridge-wide
// budgets, kept in Valkey by the branded_limits library (fleet/library.js) so that any number of bridges on
// one Valkey hold one bridge's limits, and a restart forgets none. Decisions stay synchronous on local mirrors
// (fleet/bucket.js); what was spent leaves in one FCALL per group (a client, or the bridge) at the end of the
// turn, at most once per LIMITS.limitsFlushMs (under load, many turns' spending in one send), one send per
// group in flight, and each answer brings the mirror back to the fleet's truth.
import { randomBytes } from 'node:crypto';

import { unavailable } from '../errors.js';
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
    const bucket = new FleetBucket(name, rate, capacity, { now: this.fleet.now, group: this });
    this.buckets.push(bucket);
    return bucket;
  }

  /** One of its buckets spent: the group is sent at the end of the turn. */
  spent() {
    this.fleet.dirty(this);
  }

  /** Sends what was spent and learns what is left; resolves when the fleet's answer is in the mirrors. */
  sync() {
    return this.send(LIMITS_FUNCTIONS.charge, []);
  }

  /**
   * One FCALL of `fn` with `head` (its own arguments) and every bucket's spending after it; the buckets' tokens
   * come last in its answer, whose head it resolves.
   */
  send(fn, head) {
    if (this.sending !== null) {
      this.again = true;
      return this.sending.then(() => this.send(fn, head));
    }
    const { deltas, args } = this.drained();
    let answerHead;
    const tokens = this.fleet.call(fn, [this.key], [...head, ...args]).then((answer) => {
      const first = answer.length - this.buckets.length;
      answerHead = answer.slice(0, first);
      return answer.slice(first);
    });
    return this.track(tokens, deltas).then(() => answerHead);
  }

  /** What every bucket spent since the last send, taken for a send: {deltas, args (name, rate, capacity, delta)}. */
  drained() {
    const deltas = this.buckets.map((b) => b.drain());
    const args = [];
    this.buckets.forEach((b, i) => args.push(...b.spec, String(deltas[i])));
    return { deltas, args };
  }

  /** A send of `deltas` under way, `tokens` its answer for this group: learnt, or its deltas kept for the next. */
  track(tokens, deltas) {
    const sentAt = this.fleet.now();
    this.sending = tokens
      .then((answer) => {
        this.buckets.forEach((b, i) => b.learn(Number(answer[i]), sentAt));
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
 * The fleet's limits: clientGroup(key) and bridgeBucket(name, rate) make the shared buckets; connect(client) /
 * disconnect(key) count a client's WebSockets across the fleet, takePlace / givePlace minting leases;
 * space(name, ms) spaces bridge-wide starts.
 */
export class FleetLimits {
  #dirty = new Set();
  #flushing = false;
  #lastFlush = -Infinity;
  #held = new Map(); // kind (conn, mint) → limit key → places this bridge holds in it
  #renew;
  #link;
  #logger;

  #onTimeout;
  #isStalled;

  constructor(config, { link, logger, now, onTimeout = () => {}, isStalled = () => false }) {
    this.config = config;
    this.now = now;
    this.#link = link;
    this.#logger = logger;
    this.#onTimeout = onTimeout;
    this.#isStalled = isStalled;
    this.id = randomBytes(6).toString('hex'); // this process among the fleet's bridges
    this.bridge = new Group(BRIDGE_LIMIT_KEY, this);
    this.#renew = setInterval(() => this.#renewLeases(), LIMITS.leaseRenewMs);
    this.#renew.unref();
  }

  /**
   * One FCALL of the library on the keys' node; a LimitsError when it cannot be made or fails. Valkey stalled
   * (a command of the bridge's timed out, no PING answered since): refused at once, as work is (valkey/work.js);
   * a call that times out stalls it.
   */
  async call(fn, keys, args) {
    const conn = this.#link.pick(false);
    if (conn === null || !this.#link.state.reachable)
      throw new LimitsError(unavailable('Valkey is not reachable; the bridge is reconnecting'));
    if (this.#isStalled())
      throw new LimitsError(unavailable('Valkey is not answering; the bridge refuses new work until it does'));
    try {
      return await conn.client.fcall(fn, keys.length, ...keys, ...args);
    } catch (error) {
      if (/timed out/i.test(error?.message ?? '')) this.#onTimeout();
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

  /** A group spent: it is sent at the end of this turn (or of the flush interval), with what else was spent. */
  dirty(group) {
    this.#dirty.add(group);
    if (this.#flushing) return;
    this.#flushing = true;
    const wait = this.#lastFlush + LIMITS.limitsFlushMs - performance.now();
    if (wait <= 0) setImmediate(() => this.#flush());
    else setTimeout(() => this.#flush(), wait).unref();
  }

  #flush() {
    this.#flushing = false;
    this.#lastFlush = performance.now();
    const groups = [...this.#dirty].filter((group) => {
      if (group.sending !== null) group.again = true;
      return group.sending === null;
    });
    this.#dirty.clear();
    // What could not be sent stays unsent, and goes with the group's next spending.
    const unsent = (error) => this.#logger.warn('limits_unsent', { message: error.message });
    if (this.config.cluster === null && groups.length > 1) return this.#sendTogether(groups).catch(unsent);
    for (const group of groups) group.sync().catch(unsent);
    return null;
  }

  // One node (a standalone Valkey): every group in one FCALL, each learning its share of the answer.
  #sendTogether(groups) {
    const parts = groups.map((group) => group.drained());
    const args = parts.flatMap(({ args: quads }, i) => [String(groups[i].buckets.length), ...quads]);
    const keys = groups.map((group) => group.key);
    const answer = this.call(LIMITS_FUNCTIONS.chargeMany, keys, args);
    let at = 0;
    groups.forEach((group, i) => {
      const from = at;
      at += group.buckets.length;
      group
        .track(
          answer.then((tokens) => tokens.slice(from, at)),
          parts[i].deltas,
        )
        .catch(() => {});
    });
    return answer;
  }

  /**
   * Takes a place for one more WebSocket of a client (a clients.js record) across the fleet, and learns its
   * budgets in the same call: whether it was granted.
   */
  connect(client) {
    return this.takePlace('conn', client.limits, this.config.maxConnectionsPerIp);
  }

  /** Gives back a place taken by connect (a failure is logged: the lease lapses on its own). */
  disconnect(clientKey) {
    this.givePlace('conn', clientLimitKey(clientKey));
  }

  /**
   * Takes one more place of `kind` (conn: a WebSocket, mint: a minting lease) in `group` (a client's, or
   * `bridge`, the fleet's) unless it holds `cap` across the fleet; learns the group's budgets in the same call:
   * whether it was granted.
   */
  async takePlace(kind, group, cap) {
    const head = [kind, this.id, 'take', String(cap), String(LIMITS.leaseMs), '0'];
    const [granted] = await group.send(LIMITS_FUNCTIONS.place, head);
    if (granted !== 1) return false;
    const held = this.#heldOf(kind);
    held.set(group.key, (held.get(group.key) ?? 0) + 1);
    return true;
  }

  /** Gives back a place taken by takePlace in the group at `key` (a failure is logged: it lapses on its own). */
  givePlace(kind, key) {
    const held = this.#heldOf(kind);
    const count = (held.get(key) ?? 1) - 1;
    if (count > 0) held.set(key, count);
    else held.delete(key);
    this.#hold(kind, key, count);
  }

  #heldOf(kind) {
    if (!this.#held.has(kind)) this.#held.set(kind, new Map());
    return this.#held.get(kind);
  }

  #hold(kind, key, count) {
    const args = [kind, this.id, 'hold', '0', String(LIMITS.leaseMs), String(count)];
    // No buckets: the lease alone (its answer's head).
    return this.call(LIMITS_FUNCTIONS.place, [key], args).catch((error) =>
      this.#logger.warn('limits_unsent', { message: error.message }),
    );
  }

  #renewLeases() {
    for (const [kind, held] of this.#held) for (const [key, count] of held) this.#hold(kind, key, count);
  }

  /**
   * Milliseconds to wait before a bridge-wide `name` may start (0: it starts now, and the next waits); a failure
   * is the protocol's error for it (`translate`: valkey/translate.js), nothing written.
   */
  async space(name, intervalMs, translate) {
    try {
      return Number(await this.call(LIMITS_FUNCTIONS.space, [BRIDGE_LIMIT_KEY], [name, String(intervalMs)]));
    } catch (error) {
      throw translate(error.cause ?? error);
    }
  }

  /** Sends what is unsent and gives back this bridge's places (WebSockets, minting leases). */
  async close() {
    clearInterval(this.#renew);
    const held = [...this.#held].flatMap(([kind, places]) => [...places.keys()].map((key) => [kind, key]));
    this.#held.clear();
    const unsent = [...this.#dirty];
    this.#dirty.clear();
    await Promise.allSettled([
      ...held.map(([kind, key]) => this.#hold(kind, key, 0)),
      ...unsent.map((group) => group.sync()),
    ]);
  }
}

/** The fleet's limits for a configuration with --limits valkey, else null (every limit per process). */
export const createFleetLimits = (config, deps) => (config.limits === 'valkey' ? new FleetLimits(config, deps) : null);
