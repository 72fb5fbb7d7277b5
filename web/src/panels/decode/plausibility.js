// Which decoded ids no clock is likely to have minted, without a DOM: an id parses whatever its instant, so a
// typo in its first digits (Base62 tells upper from lower case; one digit moves the instant by weeks or years)
// goes unseen unless the instant is held against what is plausible. Two checks, over the package's columns:
// - from the future: the instant lies more than FUTURE_SKEW_MS past the reader's clock;
// - long before its namespace: the instant lies before the fence of its namespace's ids in this batch, the
//   lower quartile minus three interquartile ranges (Tukey's far-out fence) and at least EARLY_GAP_MS before
//   the quartile, for a namespace of at least EARLY_MIN_IDS ids in the batch, and only while those before the
//   fence are few (EARLY_MAX_SHARE of the namespace's ids): many old ids are a population, not a typo.

/** A clock that minted an id may run this far ahead of the reader's (Kerberos' default skew). */
export const FUTURE_SKEW_MS = 5 * 60e3;
/** An id this much earlier than the rest of its namespace's ids may be early; less never is. */
export const EARLY_GAP_MS = 30 * 24 * 3600e3;
/** A namespace with fewer ids than this in the batch says nothing about when it came into use. */
export const EARLY_MIN_IDS = 8;
/** More than this share of a namespace's ids before its fence are a population: none is flagged. */
export const EARLY_MAX_SHARE = 0.05;
// Quartiles are read from at most this many of a namespace's instants (an even stride over them).
const QUARTILE_SAMPLE = 1 << 16;

/** The verdicts: 0 plausible (or refused), FUTURE, EARLY. */
export const FUTURE = 1;
export const EARLY = 2;

/** Whether an instant lies past any clock that could have minted it by `nowMs`. */
export const fromTheFuture = (unixMs, nowMs = Date.now()) => unixMs > nowMs + FUTURE_SKEW_MS;

function quartiles(sample) {
  sample.sort();
  const at = (q) => sample[Math.floor(q * (sample.length - 1))];
  return { q1: at(0.25), q3: at(0.75) };
}

/**
 * Each parsed row's namespace as a small index (0: refused or from the future), and the namespaces it indexes
 * (index - 1): one Map lookup per run of one namespace rather than one per row.
 */
function indexNamespaces(columns, verdict) {
  const { error, namespace } = columns;
  const group = new Uint16Array(columns.count);
  const index = new Map();
  const packed = [];
  let lastNs = -1;
  let last = 0;
  for (let i = 0; i < columns.count; i += 1) {
    if (error[i] !== 0 || verdict[i] !== 0) continue;
    const ns = namespace[i];
    if (ns !== lastNs) {
      lastNs = ns;
      last = index.get(ns) ?? 0;
      if (last === 0 && packed.length < 0xffff) {
        packed.push(ns);
        last = packed.length;
        index.set(ns, last);
      }
    }
    group[i] = last;
  }
  return { group, packed };
}

/** For each namespace of at least EARLY_MIN_IDS rows: its lower quartile and its fence. */
function fencesOf(columns, group, namespaces) {
  const counts = new Uint32Array(namespaces + 1);
  for (let i = 0; i < group.length; i += 1) counts[group[i]] += 1;
  const strides = Array.from(counts, (count) => Math.ceil(count / QUARTILE_SAMPLE));
  const samples = Array.from(counts, (count, g) =>
    g > 0 && count >= EARLY_MIN_IDS ? new Float64Array(Math.ceil(count / strides[g])) : null,
  );
  const seen = new Uint32Array(namespaces + 1);
  for (let i = 0; i < group.length; i += 1) {
    const g = group[i];
    if (samples[g] && seen[g]++ % strides[g] === 0)
      samples[g][Math.floor((seen[g] - 1) / strides[g])] = columns.unixMs[i];
  }
  return samples.map((sample, g) => {
    if (!sample) return null;
    const { q1, q3 } = quartiles(sample);
    return { fence: q1 - Math.max(3 * (q3 - q1), EARLY_GAP_MS), q1, count: counts[g], before: 0 };
  });
}

/**
 * The verdict on each row of the package's columns ({count, error, namespace, unixMs}) as of `nowMs`:
 * {verdict: Uint8Array (0, FUTURE, EARLY), future, early (counts), futureAfter, fences: Map(packed namespace →
 * {fence, q1})} — a fence for each namespace judged, whether or not it flagged any id.
 */
export function plausibility(columns, nowMs = Date.now()) {
  const { error, unixMs, count } = columns;
  const futureAfter = nowMs + FUTURE_SKEW_MS;
  const verdict = new Uint8Array(count);
  let future = 0;
  for (let i = 0; i < count; i += 1) {
    if (error[i] === 0 && unixMs[i] > futureAfter) {
      verdict[i] = FUTURE;
      future += 1;
    }
  }
  const { group, packed } = indexNamespaces(columns, verdict);
  const judged = fencesOf(columns, group, packed.length);
  const fences = new Map();
  judged.forEach((fence, g) => fence && fences.set(packed[g - 1], fence));
  if (fences.size === 0) return { verdict, future, early: 0, futureAfter, fences };
  for (let i = 0; i < count; i += 1) {
    const fence = judged[group[i]];
    if (fence && unixMs[i] < fence.fence) fence.before += 1;
  }
  const flags = judged.map((fence) => fence !== null && fence.before <= Math.max(1, EARLY_MAX_SHARE * fence.count));
  let early = 0;
  for (let i = 0; i < count; i += 1) {
    const g = group[i];
    if (!flags[g] || unixMs[i] >= judged[g].fence) continue;
    verdict[i] = EARLY;
    early += 1;
  }
  return { verdict, future, early, futureAfter, fences };
}
