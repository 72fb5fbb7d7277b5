// The bridge's Valkey side, put together: the link (connections, fence, state; valkey/link.js), the gate every
// request passes (valkey/work.js), error translation (valkey/translate.js) and demo data's quota and TTL
// (valkey/quota.js). Every write and read goes through the package's connector, which calls its Functions
// library (no script of the bridge's choosing) and says what it sent.
import { FenceError, KindError } from '@echomq/branded/valkey';

import { unavailable } from './errors.js';
import { createLink } from './valkey/link.js';
import { createQuota } from './valkey/quota.js';
import { batchFailure, createTranslator, fenceError } from './valkey/translate.js';
import { createWork } from './valkey/work.js';

// The connector's outcome for one job as the bridge's, {verdict: 'enqueued' | 'duplicate' | 'kind', queue,
// job, message?} (a kind refusal is an outcome, its message the server's text), else the protocol's error.
function answerOf(outcome, queue, job, translate) {
  if (outcome.verdict !== 'refused') return { verdict: outcome.verdict, queue, job };
  if (outcome.error instanceof KindError) return { verdict: 'kind', message: outcome.error.serverText, queue, job };
  return translate(outcome.error);
}

/**
 * The backend: status() for hello and /healthz, the ops' Valkey calls (each refused before anything is sent
 * when Valkey is away or stalled or a bridge-wide limit is reached), and close().
 */
export function createBackend(config, { logger, metrics, now = () => performance.now() }) {
  const link = createLink(config, { logger, metrics });
  let closed = false;

  // Throws the protocol's refusal when there is no connection to use for a request.
  function live() {
    if (closed) throw unavailable('the bridge is shutting down');
    if (link.state.foreignAtConnect !== null) throw fenceError(link.state.foreignAtConnect);
    if (link.state.connection === null || !link.state.reachable)
      throw unavailable('Valkey is not reachable; the bridge is reconnecting');
  }
  const work = createWork(config, { live, pick: link.pick, logger, isClosed: () => closed, now });
  const translate = createTranslator({
    logger,
    timeoutMs: config.valkeyTimeoutMs,
    onFence: (found) => link.noteFence('fenced', found),
    onTimeout: work.stall,
    onLibrary: link.libraryMissing,
  });
  work.setTranslator(translate);
  const quota = createQuota(config, { link, isStalled: work.isStalled, logger });

  const nativeCheck = (executor) => {
    if (executor === 'native' && !link.state.facts.native)
      throw unavailable('the native executor (EMQ.ENQUEUE) is not available on this Valkey');
  };

  async function assertWritable(conn) {
    const fence = conn.fence().state === 'ok' ? conn.fence() : await conn.verifyFence();
    if (fence.state !== 'ok') throw new FenceError(fence.found);
  }

  return {
    status: () => link.status(),
    /** Whether Valkey is stalled: a command timed out and no PING has been answered since. */
    stalled: () => work.isStalled(),
    quota,

    /**
     * Jobs ([job, payload] pairs) into one queue in one pipeline: {answers (per item, see answerOf; a failure
     * other than kind is that item's Error), sent (the connector's record: sent.command(i)), written (keys
     * added: the enqueued rows and, when the bridge has not written it within the TTL, the pending set)}. A
     * `bulk` batch (enqueueMany) goes over the bulk connection, leaves the reserve to single enqueues, and fails
     * as a whole at its first failure.
     */
    async enqueue(queue, items, executor, { bulk = false } = {}) {
      return work.request(
        async (conn) => {
          nativeCheck(executor);
          if (!bulk) metrics.coalescedBatch(items.length);
          const outcomes = await conn.enqueueMany(queue, items, { executor });
          const { sent } = outcomes;
          const keys = [];
          const answers = outcomes.map((outcome, i) => {
            if (outcome.verdict === 'enqueued') keys.push(sent.key(i));
            const answer = answerOf(outcome, queue, items[i][0], translate);
            if (bulk && answer instanceof Error) throw batchFailure(answer);
            return answer;
          });
          const enqueued = keys.length;
          const written = enqueued + (enqueued > 0 ? quota.newPending(queue) : 0);
          if (enqueued > 0) quota.expire(conn, [...keys, sent.pending]);
          quota.wrote(written);
          return { answers, sent, written };
        },
        items.length,
        { onBulk: bulk, batch: bulk },
      );
    },

    job: (queue, id) => work.request(async (conn) => conn.job(queue, id)),

    pending: (queue, limit) => work.request(async (conn) => conn.pending(queue, { limit })),

    /**
     * The connector's countWindow of [t0, t1): {key, count, first, last, sample}. On the main connection: its
     * calls are short, and the caller's beforeChunk lets only a few run at once.
     */
    countWindow: (queue, stream, t0, t1, options) =>
      work.request((conn) => conn.countWindow(queue, stream, t0, t1, options)),

    /**
     * Replaces a stream with `entries` generated ones (the connector's seed), each chunk paced by the bridge-wide
     * budget and refused like any request while Valkey is stalled (and when the caller's beforeChunk(n) throws:
     * the stream stays as it was); the result gets the data's TTL.
     */
    async seed(queue, stream, entries, { fieldsAt, snowflakeAt, beforeChunk = () => {} }) {
      return work.request(
        async (conn) => {
          await assertWritable(conn);
          const seeded = await conn.seed(queue, stream, entries, {
            fieldsAt,
            snowflakeAt,
            beforeChunk: async (n) => {
              beforeChunk(n);
              await work.paced(n);
            },
          });
          quota.wrote(1);
          quota.expire(conn, [seeded.key]);
          return seeded;
        },
        1,
        { onBulk: true, budgeted: false },
      );
    },

    /** Deletes keys the bridge wrote (gateCompare's scratch queues, a seeded stream given up), one by one. */
    drop: (keys) =>
      work.request(async (conn) => {
        for (const key of keys) await conn.client.del(key); // one by one: the keys' slots may differ
      }, keys.length),

    async close() {
      closed = true;
      quota.close();
      await link.close();
    },
  };
}
