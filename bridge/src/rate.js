// Token buckets, which pace the bridge's rates and budgets (per connection, per client, bridge-wide). A class
// with its state in three numbers: the client table holds one per budget for up to --max-clients clients.

/** A bucket of `rate` units per second, holding at most `capacity` (a burst; full at first), spent n at a time. */
export class Bucket {
  constructor(rate, now = () => performance.now(), capacity = rate) {
    this.rate = rate;
    this.capacity = capacity;
    this.now = now;
    this.tokens = capacity;
    this.last = now();
  }

  refill() {
    const t = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((t - this.last) / 1000) * this.rate);
    this.last = t;
  }

  /** Takes n unless that would leave fewer than `keep` (a reserve for smaller requests); whether it did. */
  take(n = 1, keep = 0) {
    this.refill();
    if (this.tokens - n < keep) return false;
    this.tokens -= n;
    return true;
  }

  /** Whether n could be taken now (nothing is taken). */
  affords(n = 1) {
    this.refill();
    return this.tokens >= n;
  }

  /** Takes n whatever is left: the bucket may go into debt, which refills like any spending. */
  charge(n) {
    this.refill();
    this.tokens -= n;
  }

  /** Gives back units taken but not used (a read that came back shorter than it was charged for). */
  give(n) {
    this.tokens = Math.min(this.capacity, this.tokens + n);
  }

  /** Milliseconds until n could be taken (0 now; Infinity when n is more than the bucket holds). */
  msUntil(n) {
    this.refill();
    if (n > this.capacity) return Infinity;
    return Math.max(0, ((n - this.tokens) / this.rate) * 1000);
  }

  /** Resolves once the bucket holds its latest truth: at once here; a shared bucket asks its store. */
  settle() {
    return Promise.resolve();
  }

  /** Units spent and not yet refilled (0 when full). */
  used() {
    this.refill();
    return this.capacity - this.tokens;
  }

  full() {
    this.refill();
    return this.tokens >= this.capacity;
  }
}

/** A bucket (see Bucket): `rate` per second, `capacity` at most. */
export const createBucket = (rate, now, capacity) => new Bucket(rate, now, capacity);
