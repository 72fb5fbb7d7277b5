// The bridge's connections to Valkey: one for single commands and one for bulk work (batches, windows, seeds:
// Valkey serves its clients in turn, so a single enqueue never waits behind a whole batch), both through the
// package's connector calling its Functions library. Kept alive with backoff; the state hello and /healthz
// show (reachable, version, fence, library) is learnt at every (re)connect (server-facts.js) and logged once
// per change (link-notes.js).
import { FENCE_VALUE } from '@echomq/branded';
import { FenceError, connect } from '@echomq/branded/valkey';

import { LIMITS } from '../limits.js';
import { backoff, connectTarget } from '../valkey-target.js';
import { AUTH_FAILED, FENCE_STATES, LinkNotes } from './link-notes.js';
import { libraryState, serverFacts } from './server-facts.js';

export { LIBRARY_LOAD_HINT } from './server-facts.js';

// The connection target with the link's retry strategy (slow while the login is refused).
function targetOf(config, notes) {
  const base = connectTarget(config);
  const retryStrategy = (times) => (notes.loginRefused ? LIMITS.authRetryMs : backoff(times));
  return config.cluster === null
    ? { ...base, retryStrategy }
    : { ...base, redisOptions: { ...base.redisOptions, retryStrategy } };
}

// The connector's options: its Functions library, and with --durability N every enqueue waits for N replicas
// within half the command timeout (which bounds the wait).
function connectOptionsOf(config) {
  const durability =
    config.durabilityReplicas > 0
      ? { replicas: config.durabilityReplicas, timeoutMs: Math.floor(config.valkeyTimeoutMs / 2) }
      : undefined;
  return { scripts: 'functions', durability };
}

// The bulk connection: opened once the main one is, kept with its ready state; its errors are the main's to log.
async function establishBulk(target, connectOptions, state, established) {
  await established;
  for (let attempt = 0; !state.closed; attempt += 1) {
    try {
      const conn = await connect(target, connectOptions);
      if (state.closed) return conn.close();
      state.bulk = conn;
      state.bulkReady = true;
      conn.client.on('ready', () => {
        state.bulkReady = true;
      });
      conn.client.on('close', () => {
        state.bulkReady = false;
      });
      conn.client.on('error', () => {});
      return undefined;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, backoff(attempt + 4)).unref());
    }
  }
  return undefined;
}

// The fence as hello and /healthz show it.
function fenceStatus({ foreignAtConnect, connection, reachable }) {
  if (foreignAtConnect !== null)
    return { state: 'foreign', found: foreignAtConnect.found, expected: foreignAtConnect.expected };
  if (connection === null) return { state: 'unknown', found: null, expected: FENCE_VALUE };
  const { state: fence, found, expected } = connection.fence();
  const mapped = reachable ? FENCE_STATES[fence] : 'unknown';
  return { state: mapped, found: mapped === 'unknown' ? null : found, expected };
}

/** The link: status(), pick(bulk) (the connection for a request), noteFence, libraryMissing, close(). */
export class Link {
  #notes;
  #target;
  #connectOptions;
  #metrics;
  #logger;
  #wake = () => {};
  #established;
  #recheck;

  constructor(config, { logger, metrics }) {
    this.#logger = logger;
    this.#metrics = metrics;
    this.#notes = new LinkNotes(logger);
    this.#target = targetOf(config, this.#notes);
    this.#connectOptions = connectOptionsOf(config);
    this.mode = config.cluster === null ? 'standalone' : 'cluster';
    this.state = {
      connection: null,
      bulk: null,
      bulkReady: false,
      reachable: false,
      facts: { version: null, native: false },
      library: 'unknown',
      foreignAtConnect: null, // a FenceError from connect(): the connector holds no connection then
      closed: false,
    };
    this.#established = this.#establish();
    establishBulk(this.#target, this.#connectOptions, this.state, this.#established);
    // Besides every (re)connect, the fence (and a library not yet ok) is read again on a timer.
    this.#recheck = setInterval(() => this.#checkAgain(), LIMITS.fenceRecheckMs);
    this.#recheck.unref();
  }

  #pause(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  #noteLibrary(library) {
    this.state.library = library;
    this.#notes.library(library);
  }

  async #onReady(conn) {
    const { state } = this;
    try {
      state.facts = await serverFacts(conn);
      this.#notes.version(state.facts.version);
      this.#noteLibrary(await libraryState(conn.client));
      const fence = await conn.verifyFence();
      this.#notes.fence(fence.state, fence.found);
      state.reachable = true;
      this.#notes.ready();
      const { version, native } = state.facts;
      const fenceState = FENCE_STATES[fence.state];
      this.#logger.info('valkey_ready', {
        mode: this.mode,
        version,
        native,
        library: state.library,
        fence: fenceState,
        found: fence.found,
      });
    } catch (error) {
      // A refused login needs a new connection (the user may come back); anything else (LOADING) a new try.
      this.#notes.readyFailed(error.message);
      const retry = setTimeout(() => {
        if (state.closed || conn.client.status !== 'ready') return;
        if (AUTH_FAILED.test(error.message)) conn.client.disconnect(true);
        else this.#onReady(conn);
      }, LIMITS.readyRetryMs);
      retry.unref();
    }
  }

  #watch(conn) {
    const { client } = conn;
    client.on('ready', () => this.#onReady(conn));
    client.on('close', () => {
      if (this.state.reachable) {
        this.#metrics.valkeyDisconnected();
        this.#logger.warn('valkey_disconnected', {});
      }
      this.state.reachable = false;
    });
    client.on('reconnecting', (delay) => {
      this.#metrics.valkeyReconnected();
      this.#notes.note('link', 'reconnecting', () => this.#logger.info('valkey_reconnecting', { delayMs: delay }));
    });
    client.on('error', (error) => {
      if (AUTH_FAILED.test(error.message)) this.#notes.failure(error.message, null);
      else this.#logger.warn('valkey_error', { message: error.message });
    });
  }

  // connect() claims or verifies the fence; until it succeeds, retry with backoff (Valkey may come later).
  async #establish() {
    const { state } = this;
    for (let attempt = 0; !state.closed; attempt += 1) {
      try {
        const conn = await connect(this.#target, this.#connectOptions);
        if (state.closed) return conn.close();
        state.foreignAtConnect = null;
        state.connection = conn;
        this.#watch(conn);
        await this.#onReady(conn);
        return undefined;
      } catch (error) {
        state.foreignAtConnect = error instanceof FenceError ? error : null;
        state.reachable = state.foreignAtConnect !== null;
        this.#notes.failure(error.message, attempt);
        await this.#pause(backoff(attempt + 4));
      }
    }
    return undefined;
  }

  async #checkAgain() {
    const { state } = this;
    if (state.connection === null || !state.reachable) return;
    const fence = await state.connection.verifyFence().catch(() => null);
    if (fence !== null) this.#notes.fence(fence.state, fence.found);
    if (state.library !== 'ok')
      this.#noteLibrary(await libraryState(state.connection.client).catch(() => state.library));
    if (state.bulk !== null && state.bulkReady) await state.bulk.verifyFence().catch(() => null);
  }

  /** Valkey's side as hello and /healthz show it: {valkey: {reachable, mode, version, library}, fence, executors}. */
  status() {
    const { reachable, facts, library } = this.state;
    const { mode } = this;
    return {
      valkey: { reachable, mode, version: reachable ? facts.version : null, library: reachable ? library : 'unknown' },
      fence: fenceStatus(this.state),
      executors: reachable ? (facts.native ? ['script', 'native'] : ['script']) : [],
    };
  }

  /** The connection for a request on `bulk` work or not; null when there is none (see backend's live). */
  pick = (bulk) => {
    const { state } = this;
    return bulk && state.bulk !== null && state.bulkReady ? state.bulk : state.connection;
  };

  /** A fence state learnt elsewhere (a write refused by the fence), logged once per change. */
  noteFence = (fence, found) => this.#notes.fence(fence, found);

  /** A call found the library missing. */
  libraryMissing = () => this.#noteLibrary('missing');

  async close() {
    this.state.closed = true;
    clearInterval(this.#recheck);
    this.#wake();
    await this.#established;
    if (this.state.bulk !== null) await this.state.bulk.close();
    if (this.state.connection !== null) await this.state.connection.close();
  }
}

/** The link (see Link). */
export const createLink = (config, deps) => new Link(config, deps);
