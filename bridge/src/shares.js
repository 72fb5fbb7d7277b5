// Held items (sockets, WebSockets, open files) under a bridge-wide ceiling, shared fairly: when it is full, a
// newcomer takes the oldest item of the heaviest holder, or among equals the least valuable item.

/**
 * Held items under a ceiling of `limit` in all and `perHolder` per holder. take(holder, item) admits the item
 * or refuses (`holder` or `full`); when the ceiling is full it evicts the oldest item of the heaviest holder
 * (item.evict(), and its place is freed at once) if that holder holds at least two more than the newcomer, so
 * equals never push each other out. Else it evicts the least valuable item: a socket that never finished its
 * headers (item.unfinished()), oldest first, for any newcomer; or, for a newcomer that holds nothing (one of a
 * crowd of addresses holding one each), the item whose item.idleSince() (its last real work) is oldest, if that
 * is at least `minIdleMs` ago. `exempt` items (a
 * trusted proxy's) count toward the ceiling but have no per-holder cap and are never evicted.
 */
export class Shares {
  #holders = new Map(); // holder → Set of items, oldest first
  #size = 0;
  #evictions = 0;

  constructor({ limit, perHolder = Infinity, minIdleMs = Infinity, now = () => performance.now() }) {
    this.limit = limit;
    this.perHolder = perHolder;
    this.minIdleMs = minIdleMs;
    this.now = now;
  }

  /** How many items `holder` holds. */
  countOf = (holder) => this.#holders.get(holder)?.size ?? 0;

  // The holder with the most items; of equals, the one whose oldest item is oldest.
  #heaviest() {
    let chosen = null;
    let most = 0;
    let oldest = Infinity;
    for (const [holder, items] of this.#holders) {
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

  // The least valuable item for `key`'s newcomer: [holder, item], or null when there is none. An unfinished
  // item (a socket without its headers) goes to anyone, oldest first; the item idle longest by real work (for
  // minIdleMs at least) only to a newcomer that holds nothing, so a client that already holds places cannot
  // take its neighbours' by coming back.
  #leastValuable(key) {
    const threshold = this.countOf(key) === 0 ? this.now() - this.minIdleMs : -Infinity;
    let chosen = null;
    let oldest = Infinity;
    for (const [holder, items] of this.#holders) {
      if (holder === null) continue;
      for (const item of items) {
        const idle = item.idleSince?.() ?? Infinity;
        if ((idle <= threshold || item.unfinished?.() === true) && idle < oldest) {
          chosen = [holder, item];
          oldest = idle;
        }
      }
    }
    return chosen;
  }

  #evict(holder, item) {
    this.#release(holder, item);
    this.#evictions += 1;
    item.evict();
  }

  #release(holder, item) {
    const items = this.#holders.get(holder);
    if (!items?.delete(item)) return false;
    this.#size -= 1;
    if (items.size === 0) this.#holders.delete(holder);
    return true;
  }

  // Frees a place for `key`'s newcomer: whether one was freed.
  #makeRoom(key) {
    const victim = this.#heaviest();
    if (victim !== null && this.countOf(victim) >= this.countOf(key) + 2) {
      this.#evict(victim, this.#holders.get(victim).values().next().value);
      return true;
    }
    const idle = this.#leastValuable(key);
    if (idle === null) return false;
    this.#evict(...idle);
    return true;
  }

  /** Admits `item` ({evict(), idleSince()?}) for `holder`: null when admitted, else the refusal's reason. */
  take(holder, item, { exempt = false } = {}) {
    const key = exempt ? null : holder;
    if (!exempt && this.countOf(key) >= this.perHolder) return 'holder';
    if (this.#size >= this.limit && (exempt || !this.#makeRoom(key))) return 'full';
    item.since = this.now();
    if (!this.#holders.has(key)) this.#holders.set(key, new Set());
    this.#holders.get(key).add(item);
    this.#size += 1;
    return null;
  }

  /** The items `holder` holds now, oldest first. */
  itemsOf(holder) {
    return [...(this.#holders.get(holder) ?? [])];
  }

  /** Frees an item's place (again: nothing). */
  release(holder, item, { exempt = false } = {}) {
    return this.#release(exempt ? null : holder, item);
  }

  size() {
    return this.#size;
  }

  evictions() {
    return this.#evictions;
  }
}

/** The shares (see Shares). */
export const createShares = (options) => new Shares(options);
