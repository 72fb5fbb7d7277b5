// A minter whose node id is leased from Valkey (createMinter({ lease: connection }) of the package hands the
// call to the connection, so the package's main entry stays small); this file decides when a lease lets it mint.
// Fencing: (a) a local deadline, the send time of the last successful renew on the monotonic clock + TTL − a
// margin, past which nothing is minted, so a stopped or cut-off process stops before the server can give its
// node away; (b) a high-water per node, the highest millisecond a holder may mint, kept by the server: a new
// holder mints only strictly after it, so machines whose clocks differ never reuse (ms, seq) on a node.
import { EPOCH_MS, HORIZON_MS, MAX_SNOWFLAKE, createMinter, encode, minFor, parse, unixMs } from '@echomq/branded';
import { LeaseError } from './errors.js';

const DEFAULTS = Object.freeze({ ttlMs: 10_000, marginMs: 2_000, maxWaitMs: 5_000 });
const SYSTEM_CLOCK = { monotonic: () => performance.now(), wall: () => Date.now() };
const SYSTEM_TIMERS = { setTimeout: (...a) => setTimeout(...a), clearTimeout: (t) => clearTimeout(t) };

function positive(value, name) {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new TypeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

function leaseSettings(options = {}) {
  const ttlMs = positive(options.ttlMs ?? DEFAULTS.ttlMs, 'leaseOptions.ttlMs');
  const marginMs = positive(
    options.marginMs ?? Math.min(DEFAULTS.marginMs, Math.floor(ttlMs / 5)),
    'leaseOptions.marginMs',
  );
  if (marginMs >= ttlMs) throw new TypeError(`leaseOptions.marginMs (${marginMs}) must be below ttlMs (${ttlMs})`);
  const renewEveryMs = positive(
    options.renewEveryMs ?? Math.max(1, Math.floor((ttlMs - marginMs) / 3)),
    'leaseOptions.renewEveryMs',
  );
  const maxWaitMs = options.maxWaitMs ?? Math.min(DEFAULTS.maxWaitMs, ttlMs - marginMs);
  if (!Number.isSafeInteger(maxWaitMs) || maxWaitMs < 0)
    throw new TypeError(`leaseOptions.maxWaitMs must be a non-negative integer, got ${maxWaitMs}`);
  const clock = { ...SYSTEM_CLOCK, ...options.clock };
  const timers = { ...SYSTEM_TIMERS, ...options.timers };
  return { ttlMs, marginMs, renewEveryMs, maxWaitMs, clock, timers };
}

const newOwner = () => globalThis.crypto.randomUUID();

class LeasedMinter {
  #connection;
  #settings;
  #held = null; // { node, owner, minter, floorMs, low, high, lowId, highId, deadline }
  #last = null; // the last id minted under the held lease (a string), or Snowflake (a bigint)
  #timer = null;
  #closed = false;
  #lostBecause = null;
  #waiters = [];
  #acquiring = null;

  constructor(namespace, connection, settings) {
    this.namespace = namespace;
    this.#connection = connection;
    this.#settings = settings;
  }

  /** The node id leased now, or null while none is held (or the held one is past its deadline). */
  get node() {
    const held = this.#held;
    return held === null || this.#settings.clock.monotonic() >= held.deadline ? null : held.node;
  }

  /** The next id; throws a LeaseError (nothing minted) while no valid lease is held. */
  next() {
    const held = this.#heldNow();
    const id = held.minter.next();
    // One namespace's ids sort bytewise as their Snowflakes do: the bounds are checked on the strings.
    if (id < held.lowId || (held.highId !== null && id >= held.highId)) this.#admit(parse(id).snowflake);
    this.#last = id;
    return id;
  }

  /** The next Snowflake; throws as next() does. */
  nextSnowflake() {
    const snowflake = this.#heldNow().minter.nextSnowflake();
    this.#admit(snowflake);
    return snowflake;
  }

  /** Resolves with the node once a lease is held (at once when one is); rejects once the minter is closed. */
  waitForLease() {
    if (this.#closed) return Promise.reject(new LeaseError('closed', 'this minter is closed'));
    if (this.#held !== null) return Promise.resolve(this.#held.node);
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /** Stops renewing and releases the node (compare-and-delete), keeping the last millisecond minted. */
  async close() {
    if (this.#closed) return;
    this.#closed = true;
    this.#settings.timers.clearTimeout(this.#timer);
    for (const waiter of this.#waiters.splice(0)) waiter.reject(new LeaseError('closed', 'this minter is closed'));
    await this.#acquiring?.catch(() => {});
    await this.#letGo();
  }

  /** Takes the first lease; rejects (LeaseError, or the connection's error) when none can be taken. */
  async start() {
    await this.#acquire();
    return this;
  }

  #heldNow() {
    const held = this.#held;
    if (held === null) throw this.#refusal();
    if (this.#settings.clock.monotonic() >= held.deadline) {
      this.#lose('expired');
      throw this.#refusal();
    }
    return held;
  }

  #refusal() {
    if (this.#closed) return new LeaseError('closed', 'this minter is closed: create another with createMinter()');
    const why = this.#lostBecause ?? 'expired';
    const text =
      why === 'lost'
        ? 'another minter holds this node now: minting waits for a new lease'
        : 'the node lease was not renewed in time: minting waits for a new lease';
    return new LeaseError(why, `${this.namespace}: ${text}`);
  }

  // The id is handed out only inside the lease's millisecond bounds.
  #admit(snowflake) {
    const held = this.#held;
    if (snowflake < held.low)
      throw new LeaseError('clock', `node ${held.node}: the clock reads at or before its high-water ${held.floorMs}`);
    if (snowflake >= held.high) {
      // A process paused between the deadline's check and the clock's read lands here: it is the deadline.
      if (this.#settings.clock.monotonic() >= held.deadline) {
        this.#lose('expired');
        throw this.#refusal();
      }
      throw new LeaseError('ahead', `node ${held.node}: minting ran past the lease's promise (${held.ceilingMs})`);
    }
    this.#last = snowflake;
  }

  #lastMs() {
    if (this.#last === null) return this.#held.floorMs;
    return unixMs(typeof this.#last === 'string' ? parse(this.#last).snowflake : this.#last);
  }

  // The highest millisecond this holder may mint until the next renew: its deadline in wall terms, or later.
  #promiseMs() {
    const { clock, ttlMs } = this.#settings;
    return Math.max(clock.wall(), this.#held === null ? 0 : this.#lastMs()) + ttlMs;
  }

  async #acquire() {
    const { clock, ttlMs, marginMs, maxWaitMs } = this.#settings;
    const owner = newOwner();
    const sentAt = clock.monotonic();
    const asked = this.#promiseMs();
    const { node, highWaterMs: floorMs } = await this.#connection.acquireNode({ owner, ttlMs, highWaterMs: asked });
    const behind = floorMs - clock.wall();
    if (behind >= 0) {
      if (behind > maxWaitMs) {
        await this.#connection.releaseNode({ node, owner, highWaterMs: floorMs }).catch(() => {});
        throw new LeaseError(
          'clock',
          `node ${node}: its high-water ${floorMs} is ${behind} ms ahead of this clock (waiting at most ${maxWaitMs} ms)`,
        );
      }
      await this.#sleep(behind + 1);
    }
    const ceilingMs = Math.max(floorMs, asked);
    const minter = createMinter({ namespace: this.namespace, node });
    this.#held = { node, owner, minter, floorMs, ceilingMs, deadline: sentAt + ttlMs - marginMs };
    this.#bound(floorMs, ceilingMs);
    this.#last = null;
    this.#lostBecause = null;
    if (this.#closed) return;
    this.#schedule(this.#settings.renewEveryMs);
    for (const waiter of this.#waiters.splice(0)) waiter.resolve(node);
  }

  // The Snowflakes this lease may hand out: [low, high), from the millisecond after the floor to the ceiling's.
  #bound(floorMs, ceilingMs) {
    const held = this.#held;
    held.low = floorMs < EPOCH_MS ? 0n : minFor(Math.min(floorMs + 1, HORIZON_MS));
    held.high = ceilingMs >= HORIZON_MS ? MAX_SNOWFLAKE + 1n : minFor(ceilingMs + 1);
    held.lowId = encode(this.namespace, held.low);
    held.highId = held.high > MAX_SNOWFLAKE ? null : encode(this.namespace, held.high);
  }

  #sleep(ms) {
    return new Promise((done) => this.#settings.timers.setTimeout(done, ms));
  }

  #schedule(delayMs, step = () => this.#renew()) {
    this.#settings.timers.clearTimeout(this.#timer);
    this.#timer = this.#settings.timers.setTimeout(step, delayMs);
    this.#timer?.unref?.();
  }

  async #renew() {
    const held = this.#held;
    if (held === null || this.#closed) return;
    const { clock, ttlMs, marginMs, renewEveryMs } = this.#settings;
    const sentAt = clock.monotonic();
    const promised = this.#promiseMs();
    let renewed;
    try {
      renewed = await this.#connection.renewNode({ node: held.node, owner: held.owner, ttlMs, highWaterMs: promised });
    } catch {
      if (this.#held !== held || this.#closed) return;
      if (clock.monotonic() >= held.deadline) this.#lose('expired');
      else this.#schedule(Math.max(1, Math.min(renewEveryMs, Math.floor(ttlMs / 10))));
      return;
    }
    if (this.#held !== held || this.#closed) return;
    if (!renewed) return this.#lose('lost');
    held.deadline = sentAt + ttlMs - marginMs;
    held.ceilingMs = Math.max(held.ceilingMs, promised);
    this.#bound(held.floorMs, held.ceilingMs);
    this.#schedule(renewEveryMs);
  }

  // The lease is gone or no longer trusted: stop minting at once, let the node go if it is still ours, and
  // take a new lease in the background.
  #lose(why) {
    if (this.#held === null) return;
    this.#lostBecause = why;
    const lettingGo = this.#letGo();
    this.#schedule(0, () => lettingGo.then(() => this.#reacquire()));
  }

  async #letGo() {
    const held = this.#held;
    if (held === null) return;
    const highWaterMs = this.#lastMs();
    this.#held = null;
    held.minter.dispose();
    await this.#connection.releaseNode({ node: held.node, owner: held.owner, highWaterMs }).catch(() => {});
  }

  async #reacquire() {
    if (this.#closed || this.#held !== null) return;
    this.#acquiring = this.#acquire();
    try {
      await this.#acquiring;
    } catch {
      if (!this.#closed) this.#schedule(Math.max(1, Math.floor(this.#settings.ttlMs / 4)), () => this.#reacquire());
    } finally {
      this.#acquiring = null;
    }
  }
}
if (typeof Symbol.asyncDispose === 'symbol') LeasedMinter.prototype[Symbol.asyncDispose] = LeasedMinter.prototype.close;

/** A LeasedMinter holding its first lease, on `connection`: createMinter({ namespace, lease, leaseOptions }). */
export async function createLeasedMinter(connection, { namespace, node, leaseOptions }) {
  if (node !== undefined) throw new TypeError('createMinter takes node or lease, not both: a lease picks the node');
  if (typeof namespace !== 'string') throw new TypeError(`namespace must be a string, got ${typeof namespace}`);
  const settings = leaseSettings(leaseOptions);
  createMinter({ namespace, node: 0 }).dispose(); // the namespace is refused here, before any lease is taken
  return new LeasedMinter(namespace, connection, settings).start();
}
