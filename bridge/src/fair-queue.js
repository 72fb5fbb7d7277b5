// A line for the bridge-wide slots that run (stream windows, seeds): one waiter per holder, the lightest
// first, and a full line gives the heaviest waiter's place to a lighter newcomer.
import { ShareRefused } from './share-refused.js';

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
