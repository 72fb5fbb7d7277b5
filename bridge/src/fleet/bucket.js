// A bucket whose truth is in Valkey (fleet/library.js): the bridge decides on its local copy at once, and every
// turn that spent from it sends what it spent (fleet/limits.js) and takes back what is left after every
// bridge's spending. A bridge that spent on a stale copy leaves the shared bucket in debt, repaid as it
// refills, so a fleet's total stays one bucket's.
import { Bucket } from '../rate.js';

/** A shared bucket: a local Bucket whose spending its group (see FleetLimits) sends to Valkey. */
export class FleetBucket extends Bucket {
  constructor(name, rate, capacity, { now, group }) {
    super(rate, now, capacity);
    this.group = group;
    /** What the library is told of it besides its delta: name, rate, capacity. */
    this.spec = [name, String(rate), String(capacity)];
    this.unsent = 0; // spent (given back: negative) and not yet sent
  }

  #spent(n) {
    if (n === 0) return;
    this.unsent += n;
    this.group.spent();
  }

  take(n = 1, keep = 0) {
    if (!super.take(n, keep)) return false;
    this.#spent(n);
    return true;
  }

  charge(n) {
    super.charge(n);
    this.#spent(n);
  }

  give(n) {
    super.give(n);
    this.#spent(-n);
  }

  /** Takes what is unsent, to send it: the delta. */
  drain() {
    const delta = this.unsent;
    this.unsent = 0;
    return delta;
  }

  /**
   * Valkey's tokens after the sent delta, counted at some instant between `sentAt` and now: taken as the
   * midpoint, and refilled since; what was spent here since is taken off again.
   */
  learn(tokens, sentAt) {
    const now = this.now();
    this.tokens = Math.min(this.capacity, tokens);
    this.last = Math.min(now, (sentAt + now) / 2);
    this.refill();
    this.tokens -= this.unsent;
  }

  /** Resolves once the group has sent what it spent and learnt the fleet's tokens (a failure is kept local). */
  settle() {
    return this.group.sync().catch(() => {});
  }

  /** A send that failed: its delta is sent with the next. */
  unsend(delta) {
    this.unsent += delta;
  }
}
