// The bridge's Valkey side, put together: the link (connections, fence, state; valkey/link.js), the gate every
// request passes (valkey/work.js), error translation (valkey/translate.js) and demo data's quota and TTL
// (valkey/quota.js). Every write and read goes through the package's connector, which calls its Functions
// library (no script of the bridge's choosing) and says what it sent.
import { FenceError, KindError } from '@echomq/branded/valkey';

import { unavailable } from './errors.js';
import { createFleetLimits } from './fleet/limits.js';
import { MintLeases } from './mint-leases.js';
import { createLink } from './valkey/link.js';
import { createQuota } from './valkey/quota.js';
import { batchFailure, createTranslator, fenceError } from './valkey/translate.js';
import { createWork } from './valkey/work.js';

// The slot map of a cluster connection, in ranges: iovalkey keeps the node keys of each of the 16384 slots.
function slotRanges(conn) {
  if (!conn?.cluster) return null;
  const ranges = [];
  conn.client.slots.forEach((nodes, slot) => {
    const node = nodes?.[0] ?? null;
    const last = ranges.at(-1);
    if (last && last[2] === node && last[1] === slot - 1) last[1] = slot;
    else if (node !== null) ranges.push([slot, slot, node]);
  });
  return ranges;
}

// The connector's outcome for one job as the bridge's, {verdict: 'enqueued' | 'duplicate' | 'kind', queue,
// job, message?} (a kind refusal is an outcome, its message the server's text), else the protocol's error.
function answerOf(outcome, queue, job, translate) {
  if (outcome.verdict !== 'refused') return { verdict: outcome.verdict, queue, job };
  if (outcome.error instanceof KindError) return { verdict: 'kind', message: outcome.error.serverText, queue, job };
  return translate(outcome.error);
}

async function assertWritable(conn) {
  const fence = conn.fence().state === 'ok' ? conn.fence() : await conn.verifyFence();
  if (fence.state !== 'ok') throw new FenceError(fence.found);
}

/**
 * The backend: status() for hello and /healthz, the ops' Valkey calls (each refused before anything is sent
 * when Valkey is away or stalled or a bridge-wide limit is reached), and close().
 */
export class Backend {
  #closed = false;
  #link;
  #work;
  #translate;
  #metrics;

  constructor(config, { logger, metrics, now = () => performance.now() }) {
    this.#metrics = metrics;
    const link = createLink(config, { logger, metrics });
    this.#link = link;
    /** The fleet's limits (fleet/limits.js) with --limits valkey, else null. */
    this.fleet = createFleetLimits(config, {
      link,
      logger,
      now,
      onTimeout: () => this.#work.stall(),
      isStalled: () => this.#work.isStalled(),
    });
    this.#work = createWork(config, {
      fleet: this.fleet,
      live: () => this.#live(),
      pick: link.pick,
      logger,
      isClosed: () => this.#closed,
      now,
    });
    this.#translate = createTranslator({
      logger,
      timeoutMs: config.valkeyTimeoutMs,
      onFence: (found) => link.noteFence('fenced', found),
      onTimeout: this.#work.stall,
      onLibrary: link.libraryMissing,
    });
    this.#work.setTranslator(this.#translate);
    /** The minting leases the bridge holds for pages (mint-leases.js). */
    this.mintLeases = new MintLeases(config, { run: this.#work.request, logger, fleet: this.fleet });
    this.quota = createQuota(config, { link, isStalled: this.#work.isStalled, logger });
  }

  // Throws the protocol's refusal when there is no connection to use for a request.
  #live() {
    const { state } = this.#link;
    if (this.#closed) throw unavailable('the bridge is shutting down');
    if (state.foreignAtConnect !== null) throw fenceError(state.foreignAtConnect);
    if (state.connection === null || !state.reachable)
      throw unavailable('Valkey is not reachable; the bridge is reconnecting');
  }

  #nativeCheck(executor) {
    if (executor === 'native' && !this.#link.state.facts.native)
      throw unavailable('the native executor (EMQ.ENQUEUE) is not available on this Valkey');
  }

  /** A failure toward Valkey as the protocol's error (valkey/translate.js). */
  translate = (error) => this.#translate(error);

  /** Valkey's side as hello and /healthz see it (valkey/link.js). */
  status() {
    return this.#link.status();
  }

  /** On a cluster, the slot map as the connection knows it: [[first, last, 'host:port' of the primary]]; else null. */
  slotMap() {
    return slotRanges(this.#link.pick(false));
  }

  /** Whether Valkey is stalled: a command timed out and no PING has been answered since. */
  stalled() {
    return this.#work.isStalled();
  }

  /**
   * Jobs ([job, payload] pairs) into one queue in one pipeline: {answers (per item, see answerOf; a failure
   * other than kind is that item's Error), sent (the connector's record: sent.command(i)), written (keys
   * added: the enqueued rows and, when the bridge has not written it within the TTL, the pending set)}. A
   * `bulk` batch (enqueueMany) goes over the bulk connection, leaves the reserve to single enqueues, and fails
   * as a whole at its first failure.
   */
  enqueue(queue, items, executor, { bulk = false } = {}) {
    return this.#work.request((conn) => this.#enqueueOn(conn, queue, items, executor, bulk), items.length, {
      onBulk: bulk,
      batch: bulk,
    });
  }

  async #enqueueOn(conn, queue, items, executor, bulk) {
    this.#nativeCheck(executor);
    if (!bulk) this.#metrics.coalescedBatch(items.length);
    const outcomes = await conn.enqueueMany(queue, items, { executor });
    const { sent } = outcomes;
    const keys = [];
    const answers = outcomes.map((outcome, i) => {
      if (outcome.verdict === 'enqueued') keys.push(sent.key(i));
      const answer = answerOf(outcome, queue, items[i][0], this.#translate);
      if (bulk && answer instanceof Error) throw batchFailure(answer);
      return answer;
    });
    const enqueued = keys.length;
    const written = enqueued + (enqueued > 0 ? this.quota.newPending(queue) : 0);
    if (enqueued > 0) this.quota.expire(conn, [...keys, sent.pending]);
    this.quota.wrote(written);
    return { answers, sent, written };
  }

  /** One job's stored row (null when there is none). */
  job(queue, id) {
    return this.#work.request(async (conn) => conn.job(queue, id));
  }

  /** The first `limit` ids of a queue's pending set. */
  pending(queue, limit) {
    return this.#work.request(async (conn) => conn.pending(queue, { limit }));
  }

  /**
   * The connector's countWindow of [t0, t1): {key, count, first, last, sample}. On the main connection: its
   * calls are short, and the caller's beforeChunk lets only a few run at once.
   */
  countWindow(queue, stream, t0, t1, options) {
    return this.#work.request((conn) => conn.countWindow(queue, stream, t0, t1, options));
  }

  /**
   * Replaces a stream with `entries` generated ones (the connector's seed), each chunk paced by the bridge-wide
   * budget and refused like any request while Valkey is stalled (and when the caller's beforeChunk(n) throws:
   * the stream stays as it was); the result gets the data's TTL.
   */
  seed(queue, stream, entries, { fieldsAt, snowflakeAt, beforeChunk = () => {} }) {
    const work = this.#work;
    const run = async (conn) => {
      await assertWritable(conn);
      const seeded = await conn.seed(queue, stream, entries, {
        fieldsAt,
        snowflakeAt,
        beforeChunk: async (n) => {
          beforeChunk(n);
          await work.paced(n);
        },
      });
      this.quota.wrote(1);
      this.quota.expire(conn, [seeded.key]);
      return seeded;
    };
    return work.request(run, 1, { onBulk: true, budgeted: false });
  }

  /** Deletes keys the bridge wrote (gateCompare's scratch queues, a seeded stream given up), one by one. */
  drop(keys) {
    return this.#work.request(async (conn) => {
      for (const key of keys) await conn.client.del(key); // one by one: the keys' slots may differ
    }, keys.length);
  }

  async close() {
    this.#closed = true;
    this.quota.close();
    await this.mintLeases.close();
    await this.fleet?.close();
    await this.#link.close();
  }
}

/** The backend (see Backend). */
export const createBackend = (config, deps) => new Backend(config, deps);
