// One connection (a node or a cluster) speaking the EchoMQ contract: every write passes the host check,
// then the fence, then goes to the server.
import { jobKey, pendingKey } from '@echomq/branded';
import {
  SCRIPT_CALLS,
  checkedBatch,
  checkedExecutor,
  enqueueCall,
  isFenceReply,
  refusalOf,
  routeOf,
  runMany,
  runOne,
  sentRecord,
  verdictOf,
} from './enqueue.js';
import { expireKeys } from './expire.js';
import { Fence } from './fence.js';
import { append, appendCall, countWindow, readWindow, seedStream } from './streams.js';

function checkedLimit(limit) {
  if (limit === undefined) return -1;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new TypeError(`limit must be a positive integer, got ${limit}`);
  return limit - 1;
}

function rowOf(hash) {
  return Object.keys(hash).length === 0 ? null : hash;
}

/** One client (a node or a cluster) whose writes pass the host check, then the fence, then go to the server. */
export class Connection {
  #client;
  #cluster;
  #fence;
  #scripts;
  #lastError = null;

  constructor(client, { cluster, scripts = 'eval' }) {
    if (!SCRIPT_CALLS.includes(scripts))
      throw new TypeError(`scripts must be ${SCRIPT_CALLS.map((s) => `'${s}'`).join(' or ')}, not ${String(scripts)}`);
    this.#client = client;
    this.#cluster = cluster;
    this.#scripts = scripts;
    this.#fence = new Fence(client);
    // While the server is unreachable iovalkey emits 'error' at each reconnect attempt (and prints it when
    // nobody listens); the commands that fail still reject with their own errors. The latest is kept.
    client.on('error', (error) => (this.#lastError = error));
  }

  /** The iovalkey client underneath, for commands this connector does not wrap (no fence, no host check). */
  get client() {
    return this.#client;
  }

  get cluster() {
    return this.#cluster;
  }

  /** How the connector's scripts run: 'eval' (EVALSHA, EVAL) or 'functions' (FCALL of the library). */
  get scripts() {
    return this.#scripts;
  }

  /** The latest connection error iovalkey reported (null when none). */
  get lastError() {
    return this.#lastError;
  }

  fence() {
    return this.#fence.status();
  }

  /** Checks the fence again now (claims it when absent); resolves the new status. */
  verifyFence() {
    return this.#fence.check();
  }

  async enqueue(queue, id, payload, { executor = 'script' } = {}) {
    const call = enqueueCall(queue, id, payload);
    checkedExecutor(executor, this.#cluster);
    await this.#fence.assertWritable();
    try {
      return verdictOf(await runOne(this.#client, routeOf(executor, this.#scripts), call));
    } catch (error) {
      throw await this.#refusal(error, call);
    }
  }

  async enqueueMany(queue, items, { executor = 'script' } = {}) {
    const pending = pendingKey(queue);
    checkedExecutor(executor, this.#cluster);
    if (!Array.isArray(items)) throw new TypeError('items must be an array of [id, payload] pairs');
    const batch = checkedBatch(queue, pending, items);
    const { calls, outcomes } = batch;
    const route = routeOf(executor, this.#scripts);
    Object.defineProperty(outcomes, 'sent', { value: sentRecord(route, batch) });
    if (calls.ids.length === 0) return outcomes;
    await this.#fence.assertWritable();
    for (const [k, error] of await runMany(this.#client, route, batch)) {
      const id = calls.ids[k];
      outcomes[calls.at[k]] = { id, verdict: 'refused', error: await this.#refusal(error, { queue, id }) };
    }
    return outcomes;
  }

  async #refusal(error, call) {
    return isFenceReply(error) ? this.#fence.refusedByServer(error.message) : refusalOf(error, call);
  }

  async job(queue, id, { buffers = false } = {}) {
    const key = jobKey(queue, id);
    return rowOf(buffers ? await this.#client.hgetallBuffer(key) : await this.#client.hgetall(key));
  }

  async pending(queue, { limit } = {}) {
    const key = pendingKey(queue);
    return this.#client.zrange(key, 0, checkedLimit(limit));
  }

  async append(queue, stream, snowflake, fields) {
    const call = appendCall(queue, stream, snowflake, fields);
    await this.#fence.assertWritable();
    return append(this.#client, call);
  }

  readWindow(queue, stream, t0, t1, options) {
    return readWindow(this.#client, queue, stream, t0, t1, options);
  }

  countWindow(queue, stream, t0, t1, options) {
    return countWindow(this.#client, this.#scripts === 'functions', queue, stream, t0, t1, options);
  }

  seed(queue, stream, entries, options) {
    return seedStream(this.#client, () => this.#fence.assertWritable(), queue, stream, entries, options);
  }

  async expire(keys, seconds) {
    if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'string'))
      throw new TypeError('keys must be an array of key names');
    if (!Number.isSafeInteger(seconds) || seconds < 1)
      throw new TypeError(`seconds must be a positive integer, got ${seconds}`);
    await expireKeys(this.#client, keys, seconds, { functions: this.#scripts === 'functions' });
  }

  async close() {
    if (this.#client.status === 'end') return;
    await this.#client.quit().catch(() => this.#client.disconnect());
  }
}
