// The bridge's connections to Valkey: one for single commands and one for bulk work (batches, windows, seeds:
// Valkey serves its clients in turn, so a single enqueue never waits behind a whole batch), both through the
// package's connector calling its Functions library. Kept alive with backoff; the state hello and /healthz
// show (reachable, version, fence, library) is learnt at every (re)connect and logged once per change.
import { ENQUEUE_COMMAND, FENCE_VALUE } from '@echomq/branded';
import { FenceError, LIBRARY_FUNCTIONS, LIBRARY_VERSION, connect } from '@echomq/branded/valkey';

import { backoff, connectTarget } from '../valkey-target.js';
import { advisories } from './advisories.js';
import { LIMITS } from '../limits.js';

const FENCE_STATES = { ok: 'ok', fenced: 'foreign', unverified: 'unknown' };
const AUTH_FAILED = /WRONGPASS|NOAUTH|invalid username-password/i;
// The connector's claim of an absent fence (SET NX), refused to a user without SET.
const UNCLAIMED = /NOPERM.*'set'/i;
export const LIBRARY_LOAD_HINT =
  'an administrator loads them: branded-bridge --print-functions | valkey-cli -x FUNCTION LOAD REPLACE';

async function serverFacts(client, cluster) {
  const info = await client.info('server');
  const version = /^valkey_version:(\S+)/m.exec(info)?.[1] ?? /^redis_version:(\S+)/m.exec(info)?.[1] ?? null;
  const [native] = cluster ? [null] : await client.command('INFO', ENQUEUE_COMMAND);
  return { version, native: native !== null && native !== undefined };
}

async function libraryState(client) {
  try {
    return (await client.fcall(LIBRARY_FUNCTIONS.version, 0)) === LIBRARY_VERSION ? 'ok' : 'outdated';
  } catch (error) {
    if (/Function not found/.test(error.message)) return 'missing';
    throw error;
  }
}

/** The link: status(), live() (the connection for a request, or a throw), bulkOr(main), noteFence, close. */
export function createLink(config, { logger, metrics }) {
  const base = connectTarget(config);
  const retry = (times) => (noted.auth === 'refused' ? LIMITS.authRetryMs : backoff(times));
  const target =
    config.cluster === null
      ? { ...base, retryStrategy: retry }
      : { ...base, redisOptions: { ...base.redisOptions, retryStrategy: retry } };
  const mode = config.cluster === null ? 'standalone' : 'cluster';
  const noted = {}; // what was last logged, per subject: one line per change
  const note = (subject, value, log) => {
    if (noted[subject] === value) return;
    noted[subject] = value;
    log();
  };
  const state = {
    connection: null,
    bulk: null,
    bulkReady: false,
    reachable: false,
    facts: { version: null, native: false },
    library: 'unknown',
    foreignAtConnect: null, // a FenceError from connect(): the connector holds no connection then
    closed: false,
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

  const noteFence = (fence, found) =>
    note('fence', `${fence}:${found}`, () =>
      (fence === 'ok' ? logger.info : logger.warn)('fence_changed', { fence: FENCE_STATES[fence], found }),
    );
  const noteLibrary = (library) => {
    state.library = library;
    note('library', library, () => {
      if (library === 'ok') logger.info('valkey_library', { library, version: LIBRARY_VERSION });
      else logger.warn('valkey_library', { library, expected: LIBRARY_VERSION, note: LIBRARY_LOAD_HINT });
    });
  };
  const noteVersion = (version) =>
    note('version', version, () => {
      const open = advisories(version);
      if (open.length > 0)
        logger.warn('valkey_advisories', {
          version,
          cves: open,
          note: 'this Valkey predates the fixes for these CVEs (Lua scripting); run 8.0.6, 8.1.4, 9.0 or later',
        });
    });

  const onReady = async (conn) => {
    try {
      state.facts = await serverFacts(conn.client, conn.cluster);
      noteVersion(state.facts.version);
      noteLibrary(await libraryState(conn.client));
      const fence = await conn.verifyFence();
      noteFence(fence.state, fence.found);
      state.reachable = true;
      note('auth', 'ok', () => {});
      note('ready', null, () => {});
      note('link', 'up', () => {});
      logger.info('valkey_ready', {
        mode,
        version: state.facts.version,
        native: state.facts.native,
        library: state.library,
        fence: FENCE_STATES[fence.state],
        found: fence.found,
      });
    } catch (error) {
      // A refused login needs a new connection (the user may come back); anything else (LOADING) a new try.
      if (AUTH_FAILED.test(error.message)) noteFailure(error.message, null);
      else if (noted.auth !== 'refused')
        note('ready', error.message, () => logger.warn('valkey_ready_check_failed', { message: error.message }));
      const retry = setTimeout(() => {
        if (state.closed || conn.client.status !== 'ready') return;
        if (AUTH_FAILED.test(error.message)) conn.client.disconnect(true);
        else onReady(conn);
      }, LIMITS.readyRetryMs);
      retry.unref();
    }
  };

  // A refused login is said once (until it works again), with what to do, not at every retry.
  const noteFailure = (message, attempt) => {
    if (AUTH_FAILED.test(message)) {
      note('auth', 'refused', () =>
        logger.error('valkey_auth_failed', {
          message,
          note: `Valkey refused the bridge's user: create it again (branded-bridge --print-acl) or fix --valkey; retrying`,
        }),
      );
      return;
    }
    if (UNCLAIMED.test(message)) {
      note('fence_claim', 'refused', () =>
        logger.error('valkey_fence_unclaimed', {
          message,
          note: "the fence is not claimed and the bridge's user may not claim it: an administrator runs the SET ... NX that branded-bridge --print-acl prints; retrying",
        }),
      );
      return;
    }
    logger.warn('valkey_connect_failed', { attempt, message });
  };

  const watch = (conn) => {
    const { client } = conn;
    client.on('ready', () => onReady(conn));
    client.on('close', () => {
      if (state.reachable) {
        metrics.valkeyDisconnected();
        logger.warn('valkey_disconnected', {});
      }
      state.reachable = false;
    });
    client.on('reconnecting', (delay) => {
      metrics.valkeyReconnected();
      note('link', 'reconnecting', () => logger.info('valkey_reconnecting', { delayMs: delay }));
    });
    client.on('error', (error) => {
      if (AUTH_FAILED.test(error.message)) noteFailure(error.message, null);
      else logger.warn('valkey_error', { message: error.message });
    });
  };

  // connect() claims or verifies the fence; until it succeeds, retry with backoff (Valkey may come later).
  const establish = async () => {
    for (let attempt = 0; !state.closed; attempt += 1) {
      try {
        const conn = await connect(target, { scripts: 'functions' });
        if (state.closed) return conn.close();
        state.foreignAtConnect = null;
        state.connection = conn;
        watch(conn);
        await onReady(conn);
        return undefined;
      } catch (error) {
        state.foreignAtConnect = error instanceof FenceError ? error : null;
        state.reachable = state.foreignAtConnect !== null;
        noteFailure(error.message, attempt);
        await pause(backoff(attempt + 4));
      }
    }
    return undefined;
  };
  const established = establish();

  const establishBulk = async () => {
    await established;
    for (let attempt = 0; !state.closed; attempt += 1) {
      try {
        const conn = await connect(target, { scripts: 'functions' });
        if (state.closed) return conn.close();
        state.bulk = conn;
        state.bulkReady = true;
        conn.client.on('ready', () => {
          state.bulkReady = true;
        });
        conn.client.on('close', () => {
          state.bulkReady = false;
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

  const recheck = setInterval(async () => {
    if (state.connection === null || !state.reachable) return;
    const fence = await state.connection.verifyFence().catch(() => null);
    if (fence !== null) noteFence(fence.state, fence.found);
    if (state.library !== 'ok') noteLibrary(await libraryState(state.connection.client).catch(() => state.library));
    if (state.bulk !== null && state.bulkReady) await state.bulk.verifyFence().catch(() => null);
  }, LIMITS.fenceRecheckMs);
  recheck.unref();

  function fenceStatus() {
    const { foreignAtConnect, connection, reachable } = state;
    if (foreignAtConnect !== null)
      return { state: 'foreign', found: foreignAtConnect.found, expected: foreignAtConnect.expected };
    if (connection === null) return { state: 'unknown', found: null, expected: FENCE_VALUE };
    const { state: fence, found, expected } = connection.fence();
    const mapped = reachable ? FENCE_STATES[fence] : 'unknown';
    return { state: mapped, found: mapped === 'unknown' ? null : found, expected };
  }

  return {
    state,
    mode,
    status() {
      const { reachable, facts } = state;
      return {
        valkey: {
          reachable,
          mode,
          version: reachable ? facts.version : null,
          library: reachable ? state.library : 'unknown',
        },
        fence: fenceStatus(),
        executors: reachable ? (facts.native && mode === 'standalone' ? ['script', 'native'] : ['script']) : [],
      };
    },
    /** The connection for a request on `bulk` work or not; null when there is none (see backend's live). */
    pick: (bulk) => (bulk && state.bulk !== null && state.bulkReady ? state.bulk : state.connection),
    noteFence,
    libraryMissing: () => noteLibrary('missing'),
    async close() {
      state.closed = true;
      clearInterval(recheck);
      wake();
      await established;
      if (state.bulk !== null) await state.bulk.close();
      if (state.connection !== null) await state.connection.close();
    },
  };
}
