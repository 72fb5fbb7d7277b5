// Fair shares of the bridge-wide ceilings (TCP sockets, WebSockets, open static files, stream windows and
// seeds, the database's keys, seeded bytes): when a ceiling is reached, a newcomer is not refused for being
// late; it gets a share taken from the heaviest holder (that holder's oldest item, or its place in line), or
// among equals from the least valuable one. A holder is a client key (clients.js: an address, or a group).
// The parts: shares.js (held items), fair-queue.js (lines for slots), seed-ledger.js (seeded bytes); here the
// key quota's shares and the bridge-wide buckets a light client may overdraw.
import { LIMITS } from './limits.js';

export { ShareRefused } from './share-refused.js';
export { Shares, createShares } from './shares.js';
export { createFairQueue } from './fair-queue.js';
export { createSeedLedger } from './seed-ledger.js';

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
