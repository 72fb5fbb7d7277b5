// The bridge's Valkey side: one connection of the package's connector (@echomq/branded/valkey), kept
// alive, with its state (reachable, server version, fence, executors) for hello and /healthz, and every
// failure translated into the protocol's codes. Each write goes through the connector (host check, fence,
// EVALSHA with the NOSCRIPT fallback, EMQ.ENQUEUE); the few admin reads and the demo deletes use the
// connector's own client (`connection.client`), always on keys built by the package.
import { ENQUEUE_SCRIPT_SHA1, FENCE_VALUE, jobKey, pendingKey, queueKey } from '@echomq/branded';
import { ExecutorError, FenceError, KindError, connect } from '@echomq/branded/valkey';

import { createCoalescer } from './coalescer.js';
import { BridgeError, unavailable } from './errors.js';
import { backoff, connectTarget } from './valkey_target.js';

const NATIVE_COMMAND = 'EMQ.ENQUEUE';
// Besides every (re)connect, the fence is read again this often: the script executor has no fence of its
// own, so a fence rewritten under a live connection is noticed within this bound.
const FENCE_RECHECK_MS = 5000;
const SEED_IN_FLIGHT = 8192;
const FENCE_STATES = { ok: 'ok', fenced: 'foreign', unverified: 'unknown' };


// The exact command an executor sends for one job, as the protocol shows it.
export function enqueueCommand(executor, queue, job, payload, pending = pendingKey(queue)) {
  const key = jobKey(queue, job);
  return executor === 'native'
    ? [NATIVE_COMMAND, '2', key, pending, job, payload]
    : ['EVALSHA', ENQUEUE_SCRIPT_SHA1, '2', key, pending, job, payload];
}

function fenceError(error) {
  return new BridgeError('fence', error.message, { found: error.found, expected: error.expected });
}

async function serverFacts(client, cluster) {
  const info = await client.info('server');
  const version = /^valkey_version:(\S+)/m.exec(info)?.[1] ?? /^redis_version:(\S+)/m.exec(info)?.[1] ?? null;
  const [native] = cluster ? [null] : await client.command('INFO', NATIVE_COMMAND);
  return { version, native: native !== null && native !== undefined };
}

export function createBackend(config, { logger, metrics }) {
  const target = connectTarget(config);
  const mode = config.cluster === null ? 'standalone' : 'cluster';
  let connection = null;
  let reachable = false;
  let facts = { version: null, native: false };
  let foreignAtConnect = null; // a FenceError from connect(): the connector holds no connection then
  let closed = false;
  let lastFence = null;
  // One log line per change of what the fence holds, however it was learnt (check, refusal, reconnect).
  const noteFence = (state, found) => {
    if (state === lastFence) return;
    lastFence = state;
    const log = state === 'ok' ? logger.info : logger.warn;
    log('fence_changed', { fence: FENCE_STATES[state], found });
  };
  let wake = () => {};
  const pause = (ms) => new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => { clearTimeout(timer); resolve(); };
  });

  const onReady = async (conn) => {
    try {
      facts = await serverFacts(conn.client, conn.cluster);
      const fence = await conn.verifyFence();
      noteFence(fence.state, fence.found);
      reachable = true;
      logger.info('valkey_ready', { mode, version: facts.version, native: facts.native, fence: FENCE_STATES[fence.state], found: fence.found });
    } catch (error) {
      logger.warn('valkey_ready_check_failed', { message: error.message });
    }
  };

  const watch = (conn) => {
    const client = conn.client;
    client.on('ready', () => onReady(conn));
    client.on('close', () => {
      if (reachable) {
        metrics.valkeyDisconnected();
        logger.warn('valkey_disconnected', {});
      }
      reachable = false;
    });
    client.on('reconnecting', (delay) => {
      metrics.valkeyReconnected();
      logger.info('valkey_reconnecting', { delayMs: delay });
    });
    client.on('error', (error) => logger.warn('valkey_error', { message: error.message }));
  };

  // connect() claims or verifies the fence; until it succeeds, retry with backoff (Valkey may come later).
  const establish = async () => {
    for (let attempt = 0; !closed; attempt += 1) {
      try {
        const conn = await connect(target);
        if (closed) return conn.close();
        foreignAtConnect = null;
        connection = conn;
        watch(conn);
        await onReady(conn);
        return undefined;
      } catch (error) {
        foreignAtConnect = error instanceof FenceError ? error : null;
        reachable = foreignAtConnect !== null;
        logger.warn('valkey_connect_failed', { attempt, message: error.message });
        await pause(backoff(attempt + 4));
      }
    }
    return undefined;
  };
  const established = establish();

  const recheckFence = setInterval(async () => {
    if (connection === null || !reachable) return;
    const fence = await connection.verifyFence().catch(() => null);
    if (fence !== null) noteFence(fence.state, fence.found);
  }, FENCE_RECHECK_MS);
  recheckFence.unref();

  function fenceStatus() {
    if (foreignAtConnect !== null) return { state: 'foreign', found: foreignAtConnect.found, expected: foreignAtConnect.expected };
    if (connection === null) return { state: 'unknown', found: null, expected: FENCE_VALUE };
    const { state, found, expected } = connection.fence();
    const mapped = reachable ? FENCE_STATES[state] : 'unknown';
    return { state: mapped, found: mapped === 'unknown' ? null : found, expected };
  }

  // The connection for one request, or the protocol's refusal when there is none to use.
  function live() {
    if (closed) throw unavailable('the bridge is shutting down');
    if (foreignAtConnect !== null) throw fenceError(foreignAtConnect);
    if (connection === null || !reachable) throw unavailable('Valkey is not reachable; the bridge is reconnecting');
    return connection;
  }

  function translate(error) {
    if (error instanceof BridgeError) return error;
    if (error instanceof FenceError) {
      noteFence('fenced', error.found);
      return fenceError(error);
    }
    if (error instanceof ExecutorError) return unavailable(error.message);
    logger.warn('valkey_request_failed', { message: error?.message });
    return unavailable(`Valkey did not answer: ${error?.message ?? error}`);
  }

  const request = async (work) => {
    try {
      return await work(live());
    } catch (error) {
      throw translate(error);
    }
  };

  const nativeCheck = (executor) => {
    if (executor === 'native' && !facts.native) throw unavailable('the native executor (EMQ.ENQUEUE) is not available on this Valkey');
  };

  // One single enqueue's answer from its batch outcome: a kind refusal is an outcome, anything else its error.
  function singleAnswer(outcome, executor, queue, [job, payload], pending) {
    const command = enqueueCommand(executor, queue, job, payload, pending);
    if (outcome.verdict !== 'refused') return { verdict: outcome.verdict, queue, job, command };
    if (outcome.error instanceof KindError) return { verdict: 'kind', message: outcome.error.serverText, queue, job, command };
    return translate(outcome.error);
  }

  // Single enqueues from every connection, coalesced per turn into the connector's pipelined enqueueMany.
  const singles = createCoalescer((executor, queue, items) => request(async (conn) => {
    nativeCheck(executor);
    metrics.coalescedBatch(items.length);
    const outcomes = await conn.enqueueMany(queue, items, { executor });
    const pending = pendingKey(queue);
    return outcomes.map((outcome, i) => singleAnswer(outcome, executor, queue, items[i], pending));
  }));

  async function assertWritable(conn) {
    const fence = conn.fence().state === 'ok' ? conn.fence() : await conn.verifyFence();
    if (fence.state !== 'ok') throw new FenceError(fence.found);
  }

  return {
    status() {
      return {
        valkey: { reachable, mode, version: reachable ? facts.version : null },
        fence: fenceStatus(),
        executors: reachable ? (facts.native && mode === 'standalone' ? ['script', 'native'] : ['script']) : [],
      };
    },

    // One job's outcome, {verdict: 'enqueued' | 'duplicate' | 'kind', queue, job, command, message?}, goes to
    // reply.resolve; a failure (the protocol's error) to reply.reject. Sent with the turn's other enqueues.
    enqueueCoalesced: (queue, job, payload, executor, reply) => singles.add(executor, queue, [job, payload], reply),

    // The same as a promise.
    enqueue: (queue, job, payload, executor) =>
      new Promise((resolve, reject) => singles.add(executor, queue, [job, payload], { resolve, reject })),

    // Outcomes in input order; a kind refusal is an outcome, anything else fails the whole batch.
    enqueueMany: (queue, items, executor) => request(async (conn) => {
      nativeCheck(executor);
      const outcomes = await conn.enqueueMany(queue, items.map(({ job, payload }) => [job, payload]), { executor });
      return outcomes.map((outcome, i) => {
        if (outcome.verdict !== 'refused') return { verdict: outcome.verdict, queue, job: items[i].job };
        if (outcome.error instanceof KindError) return { verdict: 'kind', message: outcome.error.serverText, queue, job: items[i].job };
        throw outcome.error;
      });
    }),

    job: (queue, job) => request(async (conn) => ({ key: jobKey(queue, job), row: await conn.job(queue, job) })),

    pending: (queue, limit) => request(async (conn) => ({ key: pendingKey(queue), jobs: await conn.pending(queue, { limit }) })),

    readWindow: (queue, streamType, t0, t1, count) => request(async (conn) => {
      const entries = await conn.readWindow(queue, streamType, t0, t1, { count });
      return { key: queueKey(queue, streamType), entries: entries.map(({ id, fields }) => ({ entry: id, fields })) };
    }),

    // Replaces the stream: DEL, then `entries` appends with injected ids, SEED_IN_FLIGHT at a time.
    seed: (queue, streamType, entries, fieldsAt, snowflakeAt) => request(async (conn) => {
      const key = queueKey(queue, streamType);
      await assertWritable(conn);
      await conn.client.del(key);
      for (let start = 0; start < entries; start += SEED_IN_FLIGHT) {
        const batch = [];
        for (let i = start; i < Math.min(start + SEED_IN_FLIGHT, entries); i += 1) {
          batch.push(conn.append(queue, streamType, snowflakeAt(i), fieldsAt(i)));
        }
        await Promise.all(batch);
      }
      return { key };
    }),

    // Removes what gateCompare wrote on its scratch queues (keys built by the package).
    dropJobs: (queues, job) => request(async (conn) => {
      const keys = queues.flatMap((queue) => [jobKey(queue, job), pendingKey(queue)]);
      for (const key of keys) await conn.client.del(key); // one by one: the scratch queues' slots differ
    }),

    async close() {
      closed = true;
      clearInterval(recheckFence);
      wake();
      await established;
      if (connection !== null) await connection.close();
    },
  };
}
