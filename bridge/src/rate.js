// Token buckets, which pace the bridge's rates and budgets (per connection, per client, bridge-wide).

/** A bucket of `rate` units per second, holding at most `capacity` (a burst; full at first), spent n at a time. */
export function createBucket(rate, now = () => performance.now(), capacity = rate) {
  let tokens = capacity;
  let last = now();
  const refill = () => {
    const t = now();
    tokens = Math.min(capacity, tokens + ((t - last) / 1000) * rate);
    last = t;
  };
  return {
    // keep: units that must stay in the bucket after this take (a reserve for smaller requests).
    take(n = 1, keep = 0) {
      refill();
      if (tokens - n < keep) return false;
      tokens -= n;
      return true;
    },
    // Returns units taken but not used (a read that came back shorter than it was charged for).
    give(n) {
      tokens = Math.min(capacity, tokens + n);
    },
    full() {
      refill();
      return tokens >= capacity;
    },
  };
}
