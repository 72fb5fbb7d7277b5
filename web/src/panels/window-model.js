// What a window over the contract.md §6 reproduction stream should return, predicted from the seed plan alone:
// entry i sits at millisecond startMs + floor(i / perMs) with seq i mod perMs. The entry ids themselves
// come from the package (compose → streamId).
import { compose, streamId } from '@echomq/branded';

export const SPEC_SEED = Object.freeze({ entries: 200000, node: 7, perMs: 4096, startMs: 1781000000000 });

/** The seed's extent as instants [first, end). */
export function seedExtent(seed = SPEC_SEED) {
  return { first: seed.startMs, end: seed.startMs + Math.ceil(seed.entries / seed.perMs) };
}

function entryAt(seed, ms, seq) {
  return streamId(compose({ unixMs: ms, node: seed.node, seq }));
}

/** {count, first, last} of the entries whose millisecond lies in [t0, t1); first/last null when none. */
export function predictWindow(t0, t1, seed = SPEC_SEED) {
  const lastMs = seed.startMs + Math.floor((seed.entries - 1) / seed.perMs);
  const from = Math.max(t0, seed.startMs);
  const to = Math.min(t1 - 1, lastMs);
  if (from > to) return { count: 0, first: null, last: null };
  const firstIndex = (from - seed.startMs) * seed.perMs;
  const endIndex = Math.min((to - seed.startMs + 1) * seed.perMs, seed.entries);
  const lastIndex = endIndex - 1;
  return {
    count: endIndex - firstIndex,
    first: entryAt(seed, from, firstIndex % seed.perMs),
    last: entryAt(seed, to, lastIndex % seed.perMs),
  };
}
