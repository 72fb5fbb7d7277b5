// The Stream window's model, without a DOM: [t0, t1) read from what the reader typed, the XRANGE arguments
// the package computes, what the window holds over the contract.md §6 reproduction stream (predicted from the
// seed plan alone: entry i sits at millisecond startMs + floor(i / perMs) with seq i mod perMs; the entry ids
// come from the package, compose → streamId), and the live run against the bridge.
import { compose, queueKey, streamId, streamWindow } from '@echomq/branded';
import { parseInstant } from '@echomq/branded/explain';
import { panelState } from '../../lib/panel-state.js';

export const CONTRACT_SEED = Object.freeze({ entries: 200000, node: 7, perMs: 4096, startMs: 1781000000000 });
export const WINDOW_DEFAULTS = { t0: '+10ms', t1: '+20ms', stream: 'fills', queue: 'demo' };

/** The seed's extent as instants [first, end). */
export function seedExtent(seed = CONTRACT_SEED) {
  return { first: seed.startMs, end: seed.startMs + Math.ceil(seed.entries / seed.perMs) };
}

function entryAt(seed, ms, seq) {
  return streamId(compose({ unixMs: ms, node: seed.node, seq }));
}

/** {count, first, last} of the entries whose millisecond lies in [t0, t1); first/last null when none. */
export function predictWindow(t0, t1, seed = CONTRACT_SEED) {
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

/**
 * The window a state names: {t0, t1, window: {start, end, inclusiveEnd}, predicted} or {error, field?}. `now`
 * is read once, so t0 and t1 mean the same instant by it.
 */
export function resolveWindow(current, now = Date.now()) {
  const read = (text) => parseInstant(String(text ?? ''), { now, base: CONTRACT_SEED.startMs });
  const t0 = read(current.t0);
  const t1 = read(current.t1);
  if (!t0.ok) return { error: `t0: ${t0.message}`, field: 't0' };
  if (!t1.ok) return { error: `t1: ${t1.message}`, field: 't1' };
  try {
    const window = streamWindow(t0.ms, t1.ms);
    return { t0: t0.ms, t1: t1.ms, window, predicted: predictWindow(t0.ms, t1.ms) };
  } catch (error) {
    const why = error.code === 'range' ? 'a window needs t0 < t1, both within the Snowflake horizon' : error.message;
    return { error: `${error.code ?? 'error'} — ${why}`, t0: t0.ms, t1: t1.ms };
  }
}

/** The key the bridge reads for a queue's named stream (bridge/PROTOCOL.md, streamWindow): type `stream.NAME`. */
export function streamKey(queue, stream) {
  try {
    return { key: queueKey(queue, `stream.${stream}`) };
  } catch (error) {
    return { key: 'key', error: error.message };
  }
}

/** Whether a live window answered what the prediction says. */
export const liveMatches = (predicted, live) =>
  predicted.count === live.count && predicted.first === live.first && predicted.last === live.last;

/**
 * The panel's model: {current, live, update, bind, set, run(), seed()}. `live` is what the live part shows:
 * {step: 'seeding' | 'running', seededFirst} while a request is out, then {seeded} or {window, seeded} or
 * {error}. onLive() is called whenever it changes.
 */
export function createWindowModel({ state, onState, bridge, onLive }) {
  const model = panelState({ defaults: WINDOW_DEFAULTS, state, onState });
  // The streams this page seeded, by queue and name: a window over one of them is compared as it stands.
  const seeded = new Map();
  const target = () => `${model.current.queue}\n${model.current.stream}`;
  model.live = null;
  const setLive = (live) => {
    model.live = live;
    onLive();
  };

  async function seedNow() {
    const seed = await bridge.request('streamSeed', {
      queue: model.current.queue,
      stream: model.current.stream,
      ...CONTRACT_SEED,
    });
    seeded.set(target(), seed);
    return seed;
  }

  // A window asked for right after another waits on the bridge for its address's read budget to refill.
  const windowOf = (r) =>
    bridge.request('streamWindow', {
      queue: model.current.queue,
      stream: model.current.stream,
      t0: r.t0,
      t1: r.t1,
      sample: 5,
    });

  /** Seeds the stream with the contract's reproduction (it replaces what the stream held). */
  model.seed = async () => {
    setLive({ step: 'seeding' });
    try {
      setLive({ seeded: await seedNow() });
    } catch (error) {
      setLive({ error });
    }
  };

  /**
   * Runs the window. A stream this page has not seeded, whose window does not hold what the seed predicts, is
   * seeded first and the window run again: the prediction is over the seed, so that is the comparison asked for.
   */
  model.run = async () => {
    const r = resolveWindow(model.current);
    if (!r.window) return;
    setLive({ step: 'running' });
    try {
      let live = await windowOf(r);
      let seed = seeded.get(target()) ?? null;
      let seededNow = false;
      if (!seed && !liveMatches(r.predicted, live)) {
        setLive({ step: 'seeding', before: live });
        seed = await seedNow();
        seededNow = true;
        setLive({ step: 'running', seeded: seed });
        live = await windowOf(r);
      }
      setLive({ window: live, predicted: r.predicted, seeded: seededNow ? seed : null });
    } catch (error) {
      setLive({ error });
    }
  };
  return model;
}
