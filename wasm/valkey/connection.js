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
import { checkedDurability } from './durability.js';
import { FenceError } from './errors.js';
import { expireKeys } from './expire.js';
import { Fence } from './fence.js';
import { acquireNode, releaseNode, renewNode } from './lease.js';
import { createLeasedMinter } from './leased-minter.js';
import { NodeFences } from './node-fence.js';
import { RETRY_BUDGET_MS, retryDelayMs, retryable, staleSlots, unknownOutcome } from './retry.js';
import { append, appendCall, countWindow, readWindow, seedStream } from './streams.js';

function checkedLimit(limit) {
  if (limit === undefined) return -1;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new TypeError(`limit must be a positive integer, got ${limit}`);
  return limit - 1;
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
// A cluster node without a node fence (a node added, or one whose state was lost): claim it, then try again.
const NODE_FENCE_ABSENT = /^EMQFENCE EMQ\.FENCE found nothing \(absent\)/;
const isNodeFenceReply = (error) => /^EMQFENCE EMQ\.FENCE /.test(error?.message ?? '');
const foundIn = (serverText) => / found (.*), expected /.exec(serverText)?.[1] ?? null;

function checkedBudget(retryBudgetMs) {
  if (!Number.isSafeInteger(retryBudgetMs) || retryBudgetMs < 0)
    throw new TypeError(`retryBudgetMs must be a non-negative integer, got ${retryBudgetMs}`);
  return retryBudgetMs;
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
  #durability;
  #retryBudgetMs;
  #nodeFences = null;
  #nativeReady = false;
  #lastError = null;

  constructor(client, { cluster, scripts = 'eval', durability, retryBudgetMs = RETRY_BUDGET_MS }) {
    if (!SCRIPT_CALLS.includes(scripts))
      throw new TypeError(`scripts must be ${SCRIPT_CALLS.map((s) => `'${s}'`).join(' or ')}, not ${String(scripts)}`);
    this.#client = client;
    this.#cluster = cluster;
    this.#scripts = scripts;
    this.#durability = checkedDurability(durability);
    this.#retryBudgetMs = checkedBudget(retryBudgetMs);
    this.#fence = new Fence(client);
    if (cluster) {
      this.#nodeFences = new NodeFences(client);
      // A node that joins is claimed before the next native write (it refuses writes until then anyway).
      client.on('+node', () => (this.#nativeReady = false));
    }
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

  /** The durability every enqueue asks for unless a call says otherwise: { replicas, aof, timeoutMs } or null. */
  get durability() {
    return this.#durability;
  }

  /** On a cluster: what each primary's node fence held at the last claim ([{ node, found }]); else null. */
  get nodeFences() {
    return this.#nodeFences?.found ?? null;
  }

  /** The latest connection error iovalkey reported (null when none). */
  get lastError() {
    return this.#lastError;
  }

  fence() {
    return this.#fence.status();
  }

  /**
   * Checks the fence again now (claims it when absent); resolves the new status. On a cluster it also claims
   * the node fence on every primary that runs the module, and throws a FenceError if one holds a foreign one.
   */
  async verifyFence() {
    const status = await this.#fence.check();
    if (this.#cluster && status.state === 'ok') this.#nodeFences.assertNotForeign(await this.#nodeFences.claim());
    return status;
  }

  async enqueue(queue, id, payload, { executor = 'script', durability } = {}) {
    const call = enqueueCall(queue, id, payload);
    checkedExecutor(executor);
    const wait = durability === undefined ? this.#durability : checkedDurability(durability);
    if (this.#cluster || wait) return this.#enqueueAsBatch(call, executor, wait);
    await this.#fence.assertWritable();
    try {
      return verdictOf(await runOne(this.#client, routeOf(executor, this.#scripts), call));
    } catch (error) {
      throw await this.#refusal(error, call);
    }
  }

  // One enqueue through the batch path, which waits for durability and retries on a cluster.
  async #enqueueAsBatch(call, executor, durability) {
    const [outcome] = await this.enqueueMany(call.queue, [[call.id, call.payload]], { executor, durability });
    if (outcome.verdict === 'refused') throw outcome.error;
    return outcome.verdict;
  }

  async enqueueMany(queue, items, { executor = 'script', durability } = {}) {
    const pending = pendingKey(queue);
    checkedExecutor(executor);
    const wait = durability === undefined ? this.#durability : checkedDurability(durability);
    if (!Array.isArray(items)) throw new TypeError('items must be an array of [id, payload] pairs');
    const batch = checkedBatch(queue, pending, items);
    const { calls, outcomes } = batch;
    const route = routeOf(executor, this.#scripts);
    Object.defineProperty(outcomes, 'sent', { value: sentRecord(route, batch) });
    if (calls.ids.length === 0) return outcomes;
    await this.#assertWritable(executor);
    let failed = await runMany(this.#client, route, batch, { durability: wait });
    if (this.#cluster) failed = await this.#retried(route, batch, failed, wait);
    for (const [k, error] of failed) {
      const id = calls.ids[k];
      outcomes[calls.at[k]] = { id, verdict: 'refused', error: await this.#refusal(error, { queue, id }) };
    }
    return outcomes;
  }

  // On a cluster the checks before a write may meet a primary that just failed: nothing was sent yet, so they
  // are tried again within the retry budget, as the writes are.
  async #assertWritable(executor) {
    const deadline = Date.now() + this.#retryBudgetMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#checkWritable(executor);
      } catch (error) {
        if (!this.#cluster || !retryable(error) || Date.now() >= deadline) throw error;
        await sleep(retryDelayMs(attempt));
        if (staleSlots(error)) await new Promise((done) => this.#client.refreshSlotsCache(() => done()));
      }
    }
  }

  async #checkWritable(executor) {
    await this.#fence.assertWritable();
    if (!this.#cluster || executor !== 'native' || this.#nativeReady) return;
    await this.#nodeFences.assertNative();
    this.#nativeReady = true;
  }

  /**
   * Sends the calls that failed again while the retry budget lasts: those turned away or whose answer was
   * lost (retry.js), and those refused by a node without a node fence (claimed first). A call that succeeds
   * on a later try is marked `retried: true`; one that never gets an answer becomes an OutcomeUnknownError.
   */
  async #retried(route, batch, failed, durability) {
    const { calls, outcomes } = batch;
    const deadline = Date.now() + this.#retryBudgetMs;
    const histories = new Map();
    const final = [];
    let left = failed;
    for (let attempt = 1; left.length > 0; attempt++) {
      const again = [];
      let claim = false;
      let refresh = false;
      for (const [k, error] of left) {
        if (NODE_FENCE_ABSENT.test(error?.message ?? '') && attempt <= 3) {
          claim = true;
          again.push(k);
        } else if (retryable(error)) {
          histories.set(k, [...(histories.get(k) ?? []), error]);
          refresh ||= staleSlots(error);
          again.push(k);
        } else final.push([k, error]);
      }
      if (again.length === 0) break;
      if (Date.now() >= deadline) {
        const call = (k) => ({ queue: calls.queue, id: calls.ids[k] });
        for (const k of again)
          final.push([
            k,
            histories.has(k) ? unknownOutcome(histories.get(k), call(k)) : left.find(([j]) => j === k)[1],
          ]);
        break;
      }
      await sleep(retryDelayMs(attempt));
      if (refresh) await new Promise((done) => this.#client.refreshSlotsCache(() => done()));
      if (claim) await this.#nodeFences.claim().catch(() => {});
      left = await runMany(this.#client, route, batch, { ks: again, durability });
      const stillFailed = new Set(left.map(([k]) => k));
      for (const k of again) if (!stillFailed.has(k)) outcomes[calls.at[k]].retried = true;
    }
    return final.sort(([a], [b]) => a - b);
  }

  async #refusal(error, call) {
    if (isNodeFenceReply(error)) {
      this.#nativeReady = false;
      return new FenceError(foundIn(error.message), { serverText: error.message });
    }
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

  /**
   * Node leases for createMinter({ lease }): take the lowest free node ({ owner, ttlMs, highWaterMs } →
   * { node, highWaterMs }), renew it, release it. They need the library loaded (FCALL), whatever `scripts` says.
   */
  acquireNode(options) {
    return acquireNode(this.#client, options);
  }

  renewNode(options) {
    return renewNode(this.#client, options);
  }

  releaseNode(options) {
    return releaseNode(this.#client, options);
  }

  /** What createMinter({ namespace, lease: connection, leaseOptions }) of the package calls, with its options. */
  leaseMinter(options) {
    return createLeasedMinter(this, options);
  }

  async close() {
    if (this.#client.status === 'end') return;
    await this.#client.quit().catch(() => this.#client.disconnect());
  }
}
