// Fair shares of the bridge-wide ceilings (TCP sockets, WebSockets, open static files, stream windows and
// seeds, the database's keys, seeded bytes): when a ceiling is reached, a newcomer is not refused for being
// late; it gets a share taken from the heaviest holder (that holder's oldest item, or its place in line).
// A holder is a client key (clients.js: an address, or an address group).
import { LIMITS } from './limits.js';

/** An error a share refusal carries: which ceiling (`reason`) and a message for people. */
export class ShareRefused extends Error {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

/**
 * Held items (sockets, WebSockets, open files) under a ceiling of `limit` in all and `perHolder` per holder.
 * take(holder, item) admits the item or refuses (`holder` or `full`); when the ceiling is full it evicts the
 * oldest item of the heaviest holder (item.evict(), and its place is freed at once) if that holder holds at
 * least two more than the newcomer, so equals never push each other out. Among equals (a crowd of addresses
 * holding one each), it evicts the least valuable item instead: the one whose item.idleSince() (the time of
 * its last real work; far in the past for a socket that never finished its headers) is oldest, if that is at least
 * `minIdleMs` ago. `exempt` items (a trusted proxy's) count toward the ceiling but have no per-holder cap and
 * are never evicted.
 */
export function createShares({ limit, perHolder = Infinity, minIdleMs = Infinity, now = () => performance.now() }) {
  const holders = new Map(); // holder → Set of items, oldest first
  let size = 0;
  let evictions = 0;
  const countOf = (holder) => holders.get(holder)?.size ?? 0;

  // The holder with the most items; of equals, the one whose oldest item is oldest.
  function heaviest() {
    let chosen = null;
    let most = 0;
    let oldest = Infinity;
    for (const [holder, items] of holders) {
      if (holder === null) continue;
      const first = items.values().next().value;
      if (items.size > most || (items.size === most && first.since < oldest)) {
        chosen = holder;
        most = items.size;
        oldest = first.since;
      }
    }
    return chosen;
  }

  // The item idle longest by real work, if idle for minIdleMs; null when there is none.
  function leastValuable() {
    const threshold = now() - minIdleMs;
    let chosen = null;
    let oldest = Infinity;
    for (const [holder, items] of holders) {
      if (holder === null) continue;
      for (const item of items) {
        const idle = item.idleSince?.() ?? Infinity;
        if (idle <= threshold && idle < oldest) {
          chosen = [holder, item];
          oldest = idle;
        }
      }
    }
    return chosen;
  }

  function evict(holder, item) {
    release(holder, item);
    evictions += 1;
    item.evict();
  }

  function release(holder, item) {
    const items = holders.get(holder);
    if (!items?.delete(item)) return false;
    size -= 1;
    if (items.size === 0) holders.delete(holder);
    return true;
  }

  return {
    /** Admits `item` ({evict()}) for `holder`: null when admitted, else the refusal's reason. */
    take(holder, item, { exempt = false } = {}) {
      const key = exempt ? null : holder;
      if (!exempt && countOf(key) >= perHolder) return 'holder';
      if (size >= limit) {
        const victim = exempt ? null : heaviest();
        if (victim !== null && countOf(victim) >= countOf(key) + 2)
          evict(victim, holders.get(victim).values().next().value);
        else {
          const idle = exempt ? null : leastValuable();
          if (idle === null) return 'full';
          evict(...idle);
        }
      }
      item.since = now();
      if (!holders.has(key)) holders.set(key, new Set());
      holders.get(key).add(item);
      size += 1;
      return null;
    },
    /** The items `holder` holds now, oldest first. */
    itemsOf: (holder) => [...(holders.get(holder) ?? [])],
    /** Frees an item's place (again: nothing). */
    release: (holder, item, { exempt = false } = {}) => release(exempt ? null : holder, item),
    size: () => size,
    countOf,
    evictions: () => evictions,
  };
}

/**
 * `slots` runs at once (stream windows, seeds), at most `perHolder` per holder. Past that a request waits, one
 * per holder and `maxWaiting` in all, for at most `waitMs`; the lightest waiter (by `weight(holder)`, then the
 * first in line) goes next. A newcomer finding the line full takes the place of the heaviest waiter if that one
 * is heavier. enter(holder) resolves a release function, or rejects a ShareRefused.
 */
export function createFairQueue({ slots, perHolder = 1, maxWaiting, waitMs, weight, what }) {
  const running = new Map(); // holder → runs
  let runs = 0;
  const waiting = []; // {holder, resolve, reject, timer}
  const runningOf = (holder) => running.get(holder) ?? 0;

  function start(holder) {
    runs += 1;
    running.set(holder, runningOf(holder) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      runs -= 1;
      if (runningOf(holder) <= 1) running.delete(holder);
      else running.set(holder, runningOf(holder) - 1);
      next();
    };
  }

  function next() {
    while (runs < slots) {
      let best = -1;
      for (let i = 0; i < waiting.length; i += 1) {
        if (runningOf(waiting[i].holder) >= perHolder) continue;
        if (best === -1 || weight(waiting[i].holder) < weight(waiting[best].holder)) best = i;
      }
      if (best === -1) return;
      const [chosen] = waiting.splice(best, 1);
      clearTimeout(chosen.timer);
      chosen.resolve(start(chosen.holder));
    }
  }

  function leave(entry, reason, message) {
    const at = waiting.indexOf(entry);
    if (at === -1) return;
    waiting.splice(at, 1);
    clearTimeout(entry.timer);
    entry.reject(new ShareRefused(reason, message));
  }

  return {
    enter(holder) {
      if (runs < slots && runningOf(holder) < perHolder && waiting.length === 0) return Promise.resolve(start(holder));
      if (waiting.some((w) => w.holder === holder))
        return Promise.reject(new ShareRefused('waiting', `a ${what} from this address is already waiting`));
      if (waiting.length >= maxWaiting) {
        const heaviest = waiting.reduce((a, b) => (weight(b.holder) > weight(a.holder) ? b : a));
        if (weight(heaviest.holder) <= weight(holder))
          return Promise.reject(new ShareRefused('full', `every ${what} slot and place in line is taken`));
        leave(heaviest, 'displaced', `a lighter client took this ${what}'s place in line`);
      }
      return new Promise((resolve, reject) => {
        const entry = { holder, resolve, reject, timer: null, since: performance.now() };
        entry.timer = setTimeout(
          () => leave(entry, 'timeout', `no ${what} slot came free within ${waitMs} ms`),
          waitMs,
        );
        entry.timer.unref?.();
        waiting.push(entry);
        next();
      });
    },
    /**
     * Whether a client lighter than `holder` (less `discount`: the weight of the run it would give up) has
     * waited in line for `ms` or more: that run should give way.
     */
    lighterWaiting(holder, ms, discount = 0) {
      const t = performance.now();
      return waiting.some((w) => t - w.since >= ms && weight(w.holder) < weight(holder) - discount);
    },
    running: () => runs,
    waiting: () => waiting.length,
  };
}

/** KEY_PRESSURE: see limits.js LIMITS.keyPressure. */
export const KEY_PRESSURE = LIMITS.keyPressure;

/**
 * The most keys a client may have added within the data's TTL (its ledger) while the database holds `fill` of
 * its quota: all of --ip-keys up to KEY_PRESSURE, then falling to nothing at a full database. Heavy writers stop
 * first, so a newcomer, whose ledger is empty, still finds room.
 */
export function keyShare(fill, ipKeys) {
  if (fill <= KEY_PRESSURE) return ipKeys;
  return Math.max(0, (ipKeys * (1 - fill)) / (1 - KEY_PRESSURE));
}

/** Whether a client's own bucket shows it light: at least half full (it has spent little lately). */
export const isLight = (own) => own.used() <= own.capacity / 2;

/**
 * Takes n units of a bridge-wide bucket: past it (less `keep`, a reserve), a `light` client may still overdraw
 * it, so the heavy ones that emptied it wait longer instead of the newcomer. Whether it was taken.
 */
export function takeShared(shared, n, { light = false, keep = 0 } = {}) {
  if (shared.take(n, keep)) return true;
  if (!light) return false;
  shared.charge(n);
  return true;
}

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
