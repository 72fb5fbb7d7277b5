// A bucket whose truth is in Valkey (fleet/library.js): the bridge decides on a local mirror at once, and every
// turn that spent from it sends what it spent (fleet/limits.js) and takes back what is left after every
// bridge's spending. A bridge that spent on a stale mirror leaves the shared bucket in debt, repaid as it
// refills, so a fleet's total stays one bucket's.
import { Bucket } from '../rate.js';

/** A shared bucket: the local Bucket's methods, its spending sent to Valkey by its group (see FleetLimits). */
export class FleetBucket {
  #mirror;
  #onSpend;

  constructor(name, rate, capacity, { now, onSpend }) {
    this.name = name;
    this.rate = rate;
    this.capacity = capacity;
    this.#mirror = new Bucket(rate, now, capacity);
    this.#onSpend = onSpend;
    this.unsent = 0; // spent (given back: negative) and not yet sent
    this.told = capacity; // the tokens Valkey last said it held, after the deltas sent
  }

  /** Whether Valkey's last answer left the shared bucket in debt: what was held with it was more than it had. */
  overdrawn() {
    return this.told < 0;
  }

  #spent(n) {
    if (n === 0) return;
    this.unsent += n;
    this.#onSpend();
  }

  take(n = 1, keep = 0) {
    if (!this.#mirror.take(n, keep)) return false;
    this.#spent(n);
    return true;
  }

  affords(n = 1) {
    return this.#mirror.affords(n);
  }

  charge(n) {
    this.#mirror.charge(n);
    this.#spent(n);
  }

  give(n) {
    this.#mirror.give(n);
    this.#spent(-n);
  }

  msUntil(n) {
    return this.#mirror.msUntil(n);
  }

  used() {
    return this.#mirror.used();
  }

  full() {
    return this.#mirror.full();
  }

  /** Takes what is unsent, to send it: the delta. */
  drain() {
    const delta = this.unsent;
    this.unsent = 0;
    return delta;
  }

  /** Valkey's tokens after the sent delta; what was spent here since is taken off again. */
  learn(tokens) {
    this.told = tokens;
    this.#mirror.refill();
    this.#mirror.tokens = tokens - this.unsent;
  }

  /** A send that failed: its delta is sent with the next. */
  unsend(delta) {
    this.unsent += delta;
  }
}
