// A per-connection token bucket: `rate` requests per second, bursts of up to `rate`.
export function createBucket(rate, now = () => performance.now()) {
  let tokens = rate;
  let last = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(rate, tokens + ((t - last) / 1000) * rate);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
