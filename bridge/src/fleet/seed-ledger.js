// --seed-bytes for a fleet (--limits valkey): the seeded streams alive are kept in Valkey by the branded_limits
// library (fleet/library.js), so the bytes any bridge of the fleet seeds count against one --seed-bytes. The
// room is taken in Valkey before a seed starts (the victims chosen there), so bridges seeding together cannot
// pass it together; a seed that fails gives its room back.
import { unavailable } from '../errors.js';
import { LIMITS_FUNCTIONS, SEED_LEDGER_KEY } from './library.js';

/** The fleet's ledger of seeded streams: the seeder's async ledger (see ops/stream-seed.js). */
export class FleetSeedLedger {
  #fleet;
  #limit;
  #ttlMs;
  #previous = new Map(); // stream key → its entry before the seed that took its room ('' for none)

  constructor(fleet, { limit, ttlMs }) {
    this.#fleet = fleet;
    this.#limit = limit;
    this.#ttlMs = ttlMs;
  }

  async #call(fn, args) {
    try {
      return await this.#fleet.call(fn, [SEED_LEDGER_KEY], args);
    } catch (error) {
      throw unavailable(`the bridge cannot reach the fleet's seeded bytes in Valkey (${error.message}); retry shortly`);
    }
  }

  /** Room for `bytes` more by `holder` at `key`: the victims' keys to delete ([] when there is room), or null. */
  async makeRoom(holder, key, bytes) {
    const args = [holder, key, String(bytes), String(this.#limit), String(this.#ttlMs)];
    const [granted, previous, ...victims] = await this.#call(LIMITS_FUNCTIONS.seedRoom, args);
    if (granted !== 1) return null;
    this.#previous.set(key, previous);
    return victims;
  }

  /** The victims are deleted: Valkey forgot them when it gave the room. */
  forget() {}

  /** A seed done: its entry lives a data TTL from now. */
  async record(holder, key, bytes) {
    this.#previous.delete(key);
    await this.#call(LIMITS_FUNCTIONS.seedPut, [key, 'record', holder, String(bytes), String(this.#ttlMs)]);
  }

  /** A seed that failed: the stream it would have replaced is as it was, and so is its entry. */
  async abandon(key) {
    const previous = this.#previous.get(key) ?? '';
    this.#previous.delete(key);
    await this.#call(LIMITS_FUNCTIONS.seedPut, [key, 'restore', previous]);
  }
}
