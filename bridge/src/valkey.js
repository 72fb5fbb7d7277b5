// The bridge's Valkey side: one connection of the package's connector (@echomq/branded/valkey), kept
// alive, with its state (reachable, server version, fence, executors) for hello and /healthz, and every
// failure translated into the protocol's codes. Each write goes through the connector (host check, fence,
// EVALSHA with the NOSCRIPT fallback, EMQ.ENQUEUE); the few admin reads and the demo deletes use the
// connector's own client (`connection.client`), always on keys built by the package.
import {
  ENQUEUE_COMMAND,
  ENQUEUE_SCRIPT_SHA1,
  FENCE_VALUE,
  jobKey,
  pendingKey,
  queueKey,
  streamWindow,
} from '@echomq/branded';
import { ExecutorError, FenceError, KindError, connect } from '@echomq/branded/valkey';

import { BridgeError, busy, unavailable } from './errors.js';
import { createBucket } from './rate.js';
import { backoff, connectTarget } from './valkey-target.js';

// Besides every (re)connect, the fence is read again this often: the script executor has no fence of its
// own, so a fence rewritten under a live connection is noticed within this bound.
const FENCE_RECHECK_MS = 5000;
// Small enough that a seed's pipeline never holds other clients' commands back for long.
const SEED_IN_FLIGHT = 256;
const PROBE_MS = 250;
const RESERVE_SHARE = 0.1;
const PACE_MS = 10;
const WINDOWS_IN_FLIGHT = 1;
// A window is counted inside Valkey, WINDOW_CHUNK entries per call, so that neither Valkey nor the bridge
// is held for long by one window, and only counts, ids and the sample cross the wire.
const WINDOW_CHUNK = 2000;
const WINDOW_SCRIPT = `local entries = redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[2], 'COUNT', ARGV[3])
local n = #entries
local sample = {}
for i = 1, math.min(n, tonumber(ARGV[4])) do sample[i] = entries[i] end
return {n, n > 0 and entries[1][1] or false, n > 0 and entries[n][1] or false, sample}`;
const fieldsOf = (flat) => {
  const fields = {};
  for (let i = 0; i < flat.length; i += 2) fields[flat[i]] = flat[i + 1];
  return fields;
};
const QUOTA_CHECK_MS = 1000;
const EXPIRE_SCRIPT = `for i = 1, #KEYS do redis.call('EXPIRE', KEYS[i], ARGV[1]) end
return #KEYS`;
const EXPIRE_CHUNK = 128;
// A seed is written under this key type and renamed over the stream at the end, so a seed that fails
// (OOM, a stall) leaves the old stream as it was.
const seedingType = (streamType) => streamType.replace(/^stream\./, 'seed.');
const FENCE_STATES = { ok: 'ok', fenced: 'foreign', unverified: 'unknown' };

/** The exact command an executor sends for one job, as the protocol shows it. */
export function enqueueCommand(executor, queue, job, payload, pending = pendingKey(queue)) {
  const key = jobKey(queue, job);
  return executor === 'native'
    ? [ENQUEUE_COMMAND, '2', key, pending, job, payload]
    : ['EVALSHA', ENQUEUE_SCRIPT_SHA1, '2', key, pending, job, payload];
}

// What a failed command tells: the server refused it (nothing ran), it never left (no connection), or it was
// sent and is unanswered (it may run, even after the client has been answered).
const REFUSED = /^(OOM|BUSY|NOPERM|LOADING|READONLY|MISCONF|NOSCRIPT|ERR|WRONGTYPE|EXECABORT)\b/;
const NOT_SENT = /isn't writeable|Connection is closed|enableOfflineQueue/;
const TIMED_OUT = /timed out/i;

function fenceError(error) {
  return new BridgeError('fence', error.message, { found: error.found, expected: error.expected });
}

async function serverFacts(client, cluster) {
  const info = await client.info('server');
  const version = /^valkey_version:(\S+)/m.exec(info)?.[1] ?? /^redis_version:(\S+)/m.exec(info)?.[1] ?? null;
  const [native] = cluster ? [null] : await client.command('INFO', ENQUEUE_COMMAND);
  return { version, native: native !== null && native !== undefined };
}

/**
 * The backend: status() for hello and /healthz, the ops' Valkey calls, each refused before anything is sent
 * when Valkey is away or stalled or a bridge-wide limit is reached (see request), and close().
 */
export function createBackend(config, { logger, metrics }) {
  const target = connectTarget(config);
  const mode = config.cluster === null ? 'standalone' : 'cluster';
  let connection = null;
  let reachable = false;
  let facts = { version: null, native: false };
  let foreignAtConnect = null; // a FenceError from connect(): the connector holds no connection then
  let closed = false;
  let lastFence = null;
  let stalled = false; // a command timed out: nothing more is sent until a probe is answered
  let outstanding = 0; // Valkey commands sent (or about to be) and not yet answered
  let keys = 0; // the database's DBSIZE, as last read
  let windowsInFlight = 0;
  const budget = createBucket(config.budget);
  const windowEntries = createBucket(config.windowEntries);
  // One log line per change of what the fence holds, however it was learnt (check, refusal, reconnect).
  const noteFence = (state, found) => {
    if (state === lastFence) return;
    lastFence = state;
    const log = state === 'ok' ? logger.info : logger.warn;
    log('fence_changed', { fence: FENCE_STATES[state], found });
  };
  let wake = () => {};
  const pause = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const onReady = async (conn) => {
    try {
      facts = await serverFacts(conn.client, conn.cluster);
      const fence = await conn.verifyFence();
      noteFence(fence.state, fence.found);
      reachable = true;
      logger.info('valkey_ready', {
        mode,
        version: facts.version,
        native: facts.native,
        fence: FENCE_STATES[fence.state],
        found: fence.found,
      });
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

  // Bulk work (enqueueMany batches, stream windows, seeds) goes over a connection of its own: Valkey serves
  // its clients in turn, so a single enqueue on the main connection never waits behind a whole batch.
  let bulk = null;
  let bulkReady = false;
  const establishBulk = async () => {
    await established;
    for (let attempt = 0; !closed; attempt += 1) {
      try {
        const conn = await connect(target);
        if (closed) return conn.close();
        bulk = conn;
        bulkReady = true;
        conn.client.on('ready', () => {
          bulkReady = true;
        });
        conn.client.on('close', () => {
          bulkReady = false;
        });
        conn.client.on('error', () => {}); // the main connection's watch logs what matters
        return undefined;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, backoff(attempt + 4)).unref());
      }
    }
    return undefined;
  };
  establishBulk();

  const recheckFence = setInterval(async () => {
    if (connection === null || !reachable) return;
    const fence = await connection.verifyFence().catch(() => null);
    if (fence !== null) noteFence(fence.state, fence.found);
    if (bulk !== null && bulkReady) await bulk.verifyFence().catch(() => null);
  }, FENCE_RECHECK_MS);
  recheckFence.unref();

  function fenceStatus() {
    if (foreignAtConnect !== null)
      return { state: 'foreign', found: foreignAtConnect.found, expected: foreignAtConnect.expected };
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

  const serverWord = (error) => /^[A-Z]+/.exec(error?.message ?? '')?.[0] ?? null;

  // The protocol's error for a failure; the server's own text is logged, never sent to the client.
  function translate(error) {
    if (error instanceof BridgeError) return error;
    if (error instanceof FenceError) {
      noteFence('fenced', error.found);
      return fenceError(error);
    }
    if (error instanceof ExecutorError) return unavailable(error.message);
    const message = String(error?.message ?? error);
    logger.warn('valkey_request_failed', { message });
    if (REFUSED.test(message)) {
      const word = serverWord(error);
      if (word === 'OOM')
        return new BridgeError('oom', 'Valkey is out of memory (maxmemory); nothing was written', { written: 'no' });
      if (word === 'BUSY') return busy('Valkey is busy running a script; nothing was written', 'valkey');
      if (word === 'LOADING') return unavailable('Valkey is loading its data; nothing was written');
      return unavailable('Valkey refused the command; nothing was written');
    }
    if (NOT_SENT.test(message)) return unavailable('Valkey is not reachable; the bridge is reconnecting');
    if (TIMED_OUT.test(message)) {
      stall();
      return unavailable(
        `Valkey did not answer within ${config.valkeyTimeoutMs} ms; the command may still run`,
        'maybe',
      );
    }
    return unavailable('the connection to Valkey failed with the command in flight', 'maybe');
  }

  // After a timeout, probe with PING until Valkey answers again; meanwhile every request is refused at once.
  function stall() {
    if (stalled) return;
    stalled = true;
    logger.warn('valkey_stalled', { timeoutMs: config.valkeyTimeoutMs });
    const probe = async () => {
      if (closed) return;
      try {
        await connection.client.ping();
        stalled = false;
        logger.info('valkey_answering', {});
      } catch {
        setTimeout(probe, PROBE_MS).unref();
      }
    };
    probe();
  }

  // Every request to Valkey: refused before anything is sent when Valkey is away or stalled, the bridge-wide
  // command budget is spent, or `cost` more commands would overfill the queue toward Valkey. A seed's
  // chunks have taken their budget already (paced, below).
  // A tenth of the queue and of the budget is kept from a `batch` (enqueueMany, a seed's chunk), so batches
  // cannot crowd out single commands; single enqueues coalesced into one run are singles, whatever its cost.
  const request = async (work, cost = 1, { budgeted = true, onBulk = false, batch = false } = {}) => {
    const main = live();
    const conn = onBulk && bulk !== null && bulkReady ? bulk : main;
    if (stalled) throw unavailable('Valkey is not answering; the bridge refuses new work until it does');
    const keep = batch ? RESERVE_SHARE : 0;
    if (outstanding + cost > config.maxQueue * (1 - keep))
      throw busy(`the bridge has ${config.maxQueue} Valkey commands outstanding; retry shortly`, 'queue');
    if (budgeted && !budget.take(cost, config.budget * keep))
      throw busy(`the bridge is at its budget of ${config.budget} Valkey commands per second; retry shortly`, 'budget');
    outstanding += cost;
    try {
      return await work(conn);
    } catch (error) {
      throw translate(error);
    } finally {
      outstanding -= cost;
    }
  };

  // A seed's chunks are paced by the bridge-wide budget: each waits until the budget holds it (and the
  // reserve for single commands), so a seed slows down under load instead of crowding others out.
  const paced = async (cost) => {
    while (!closed && !budget.take(cost, config.budget * RESERVE_SHARE))
      await new Promise((resolve) => setTimeout(resolve, PACE_MS));
  };

  // The key quota: writes wait while the database holds --max-keys keys (batches already at nine tenths).
  const quotaCheck = (adding = 1) => {
    const limit = adding > 1 ? config.maxKeys * (1 - RESERVE_SHARE) : config.maxKeys;
    if (config.maxKeys > 0 && keys + adding > limit) {
      throw busy(
        `the demo database holds its quota of ${config.maxKeys} keys; entries expire after ${config.dataTtlS} s`,
        'quota',
      );
    }
  };
  const readKeys = setInterval(async () => {
    if (config.maxKeys === 0 || connection === null || !reachable || stalled) return;
    const n = await connection.client.dbsize().catch(() => null);
    if (n !== null) keys = n;
  }, QUOTA_CHECK_MS);
  readKeys.unref();

  // The TTL on what the bridge wrote; sent after the answer, its failure only logged. One script call per
  // EXPIRE_CHUNK keys, not one EXPIRE command per key: a command apiece is iovalkey's whole per-command cost
  // again for every job (bench/README.md). Chunks stay short: Valkey runs a script whole, others waiting.
  // The keys of one call are one queue's, so one hash slot.
  const expire = (conn, keyList) => {
    if (config.dataTtlS === 0 || keyList.length === 0) return;
    keys += keyList.length;
    for (let from = 0; from < keyList.length; from += EXPIRE_CHUNK) {
      const chunk = keyList.slice(from, from + EXPIRE_CHUNK);
      conn.client
        .eval(EXPIRE_SCRIPT, chunk.length, ...chunk, config.dataTtlS)
        .catch((error) => logger.warn('expire_failed', { message: error.message }));
    }
  };
  const writtenKeys = (queue, outcomes, items) => {
    const list = [];
    outcomes.forEach((outcome, i) => {
      if (outcome.verdict === 'enqueued') list.push(jobKey(queue, items[i][0]));
    });
    if (list.length > 0) list.push(pendingKey(queue));
    return list;
  };

  const nativeCheck = (executor) => {
    if (executor === 'native' && !facts.native)
      throw unavailable('the native executor (EMQ.ENQUEUE) is not available on this Valkey');
  };

  // The connector's outcome for one job as the bridge's, {verdict: 'enqueued' | 'duplicate' | 'kind', queue,
  // job, message?} (a kind refusal is an outcome, its message the server's text), else the protocol's error.
  function outcomeOf(outcome, queue, job) {
    if (outcome.verdict !== 'refused') return { verdict: outcome.verdict, queue, job };
    if (outcome.error instanceof KindError) return { verdict: 'kind', message: outcome.error.serverText, queue, job };
    return translate(outcome.error);
  }

  // A batch fails as a whole at its first failure; the items before it may have been written.
  function batchFailure(failure) {
    if (failure.code === 'oom' || failure.code === 'busy' || failure.code === 'unavailable')
      failure.detail.written = 'maybe';
    return failure;
  }

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

    // Jobs ([job, payload] pairs) into one queue in one pipeline; outcomes in input order (see outcomeOf). A
    // failure other than kind is that job's error. A `bulk` batch (enqueueMany) goes over the bulk connection,
    // leaves the reserve to single enqueues, and fails as a whole at its first failure (see batchFailure).
    enqueue: async (queue, items, executor, { bulk = false } = {}) => {
      quotaCheck(bulk ? items.length : 1);
      return request(
        async (conn) => {
          nativeCheck(executor);
          if (!bulk) metrics.coalescedBatch(items.length);
          const outcomes = await conn.enqueueMany(queue, items, { executor });
          expire(conn, writtenKeys(queue, outcomes, items));
          return outcomes.map((outcome, i) => {
            const answer = outcomeOf(outcome, queue, items[i][0]);
            if (bulk && answer instanceof Error) throw batchFailure(answer);
            return answer;
          });
        },
        items.length,
        { onBulk: bulk, batch: bulk },
      );
    },

    job: (queue, job) => request(async (conn) => ({ key: jobKey(queue, job), row: await conn.job(queue, job) })),

    pending: (queue, limit) =>
      request(async (conn) => ({ key: pendingKey(queue), jobs: await conn.pending(queue, { limit }) })),

    // Counts at most `count` entries of [t0, t1) (the package's XRANGE bounds), charged against the
    // bridge-wide entry budget up front (the part not there is given back), at most WINDOWS_IN_FLIGHT at once.
    // Answers the count, the first id, the last id within `limit`, and the first `sample` entries.
    readWindow: async (queue, streamType, t0, t1, count, limit, sample) => {
      if (windowsInFlight >= WINDOWS_IN_FLIGHT)
        throw busy('the bridge is reading as many stream windows as it allows at once; retry shortly', 'windows');
      if (!windowEntries.take(count)) {
        throw busy(
          `the bridge is at its budget of ${config.windowEntries} stream entries read per second; retry shortly`,
          'budget',
        );
      }
      windowsInFlight += 1;
      let read = 0;
      try {
        const key = queueKey(queue, streamType);
        const { start, end } = streamWindow(t0, t1);
        const result = { key, count: 0, first: null, last: null, sample: [] };
        let from = start;
        while (read < count) {
          // A chunk ends exactly at `limit`, so the last id within it is a chunk's last.
          const want = Math.min(WINDOW_CHUNK, read < limit ? limit - read : count - read);
          const [n, first, last, entries] = await request(
            (conn) => conn.client.eval(WINDOW_SCRIPT, 1, key, from, end, want, read === 0 ? sample : 0),
            1,
            { onBulk: true },
          );
          if (read === 0) {
            result.first = first || null;
            result.sample = entries.map(([entry, flat]) => ({ entry, fields: fieldsOf(flat) }));
          }
          read += n;
          if (n > 0 && read <= limit) result.last = last;
          if (n < want) break;
          from = `(${last}`;
        }
        result.count = read;
        return result;
      } finally {
        windowsInFlight -= 1;
        windowEntries.give(count - read);
      }
    },

    // Replaces the stream: `entries` appends with injected ids (SEED_IN_FLIGHT at a time) to a scratch
    // stream, renamed over the stream once complete; on any failure the scratch goes and the stream stays.
    // Each chunk is one request: it waits its turn in the bridge's budget and queue like any other.
    seed: async (queue, streamType, entries, fieldsAt, snowflakeAt) => {
      quotaCheck();
      const key = queueKey(queue, streamType);
      const scratch = queueKey(queue, seedingType(streamType));
      await request(
        async (conn) => {
          await assertWritable(conn);
          await conn.client.del(scratch);
        },
        1,
        { onBulk: true },
      );
      try {
        for (let start = 0; start < entries; start += SEED_IN_FLIGHT) {
          const end = Math.min(start + SEED_IN_FLIGHT, entries);
          await paced(end - start);
          await request(
            async (conn) => {
              const batch = [];
              for (let i = start; i < end; i += 1)
                batch.push(conn.append(queue, seedingType(streamType), snowflakeAt(i), fieldsAt(i)));
              await Promise.all(batch);
            },
            end - start,
            { budgeted: false, onBulk: true, batch: true },
          );
        }
        await request(
          async (conn) => {
            await assertWritable(conn);
            await conn.client.rename(scratch, key);
            expire(conn, [key]);
          },
          1,
          { onBulk: true },
        );
      } catch (error) {
        if (connection !== null && reachable && !stalled) await connection.client.del(scratch).catch(() => {});
        throw error;
      }
      return { key };
    },

    // Removes what gateCompare wrote on its scratch queues (keys built by the package).
    dropJobs: (queues, job) =>
      request(async (conn) => {
        const list = queues.flatMap((queue) => [jobKey(queue, job), pendingKey(queue)]);
        for (const key of list) await conn.client.del(key); // one by one: the scratch queues' slots differ
      }, 4),

    async close() {
      closed = true;
      clearInterval(recheckFence);
      clearInterval(readKeys);
      wake();
      await established;
      if (bulk !== null) await bulk.close();
      if (connection !== null) await connection.close();
    },
  };
}
