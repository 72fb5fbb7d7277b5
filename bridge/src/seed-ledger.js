// The seeded streams alive, so that --seed-bytes is a share of what is stored now: a newcomer's seed
// replaces the heaviest seeder's oldest stream.

/**
 * Seeded streams alive (key → {holder, bytes, until}), so the bridge-wide --seed-bytes is a share of what is
 * stored now, not a rate: bytes leave with the data's TTL, or when a stream is seeded again.
 */
export function createSeedLedger({ limit, ttlMs, now = () => performance.now() }) {
  const streams = new Map();
  const prune = () => {
    const t = now();
    for (const [key, entry] of streams) if (entry.until <= t) streams.delete(key);
  };
  const bytesOf = (holder) => {
    let sum = 0;
    for (const entry of streams.values()) if (entry.holder === holder) sum += entry.bytes;
    return sum;
  };
  const total = () => {
    let sum = 0;
    for (const entry of streams.values()) sum += entry.bytes;
    return sum;
  };
  return {
    bytesOf(holder) {
      prune();
      return bytesOf(holder);
    },
    /**
     * Room for `bytes` more by `holder` (the stream at `key` it replaces freed first): [] when there is room,
     * else the keys of the heaviest holders' oldest streams to delete for it (null when the holder is itself
     * among the heaviest: a refusal).
     */
    makeRoom(holder, key, bytes) {
      prune();
      const replaced = streams.get(key)?.bytes ?? 0;
      let free = limit - total() + replaced;
      const victims = [];
      const taken = new Set([key]);
      while (free < bytes) {
        const heavy = new Map();
        for (const [k, entry] of streams) {
          if (taken.has(k)) continue;
          heavy.set(entry.holder, (heavy.get(entry.holder) ?? 0) + entry.bytes);
        }
        let victim = null;
        for (const [h, sum] of heavy) if (h !== holder && (victim === null || sum > heavy.get(victim))) victim = h;
        const mine = bytesOf(holder) - replaced + bytes;
        if (victim === null || heavy.get(victim) <= mine) return null;
        const [oldestKey, oldest] = [...streams].find(([k, e]) => e.holder === victim && !taken.has(k));
        taken.add(oldestKey);
        victims.push(oldestKey);
        free += oldest.bytes;
      }
      return victims;
    },
    record(holder, key, bytes) {
      streams.delete(key);
      streams.set(key, { holder, bytes, until: now() + ttlMs });
    },
    forget(key) {
      streams.delete(key);
    },
    total: () => {
      prune();
      return total();
    },
  };
}
