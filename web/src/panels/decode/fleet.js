// Fleet forensics over a decoded batch in log order, without a DOM: what goes wrong in a fleet of minters shows
// in their ids. Each finding names a node and the rows that show it. One process's minter never goes back
// (state = max(now, state + 1)), so per node, in log order:
// - a node whose ids go back in time once and then climb again: its clock stepped back (a restart behind);
// - a node whose ids go back again and again: two processes mint under one node id, interleaved;
// - one id on several rows: an exact duplicate (a line written twice, or an id minted again: after a step back,
//   by a second process);
// - a node whose instants sit far from the other nodes' at the same place in the log: out of step;
// - and when most ids go back, the log runs newest first: one finding, not one per node.
// Built on the package's columns alone (node, unixMs, snowflake, namespace), so it can move into the package.

/** A drop smaller than this is log lines written out of order, not a clock. */
export const STEP_BACK_MS = 100;
/** More drops than this share of a node's rows (and at least MIN_INTERLEAVED): two processes, interleaved. */
const INTERLEAVED_SHARE = 0.01;
const MIN_INTERLEAVED = 3;
/** A node this far from the fleet's median instant at the same place in the log is out of step. */
export const OUT_OF_STEP_MS = 60_000;
/** Rows per stretch of log whose median instant is the fleet's clock there. */
const STRETCH = 1024;
/** Rows kept as examples per finding. */
const EXAMPLES = 20;

/** The valid rows' indices, each node's in log order: Map(node → Uint32Array). */
function rowsByNode(columns, count) {
  const { error, node } = columns;
  const sizes = new Uint32Array(1024);
  for (let i = 0; i < count; i += 1) if (error[i] === 0) sizes[node[i]] += 1;
  const byNode = new Map();
  const filled = new Uint32Array(1024);
  for (let n = 0; n < 1024; n += 1) if (sizes[n]) byNode.set(n, new Uint32Array(sizes[n]));
  for (let i = 0; i < count; i += 1) {
    if (error[i] !== 0) continue;
    const n = node[i];
    byNode.get(n)[filled[n]++] = i;
  }
  return byNode;
}

/**
 * One node's drops: {row, after, behindMs} where an id lies before the node's id on the row above it (its row
 * before, in log order). A clock stepped back drops once, then climbs; two interleaved processes drop at
 * every switch to the one behind.
 */
function dropsOf(rows, columns) {
  const { snowflake, unixMs } = columns;
  const drops = [];
  for (let k = 1; k < rows.length; k += 1) {
    const [before, i] = [rows[k - 1], rows[k]];
    if (snowflake[i] < snowflake[before]) drops.push({ row: i, after: before, behindMs: unixMs[before] - unixMs[i] });
  }
  return drops;
}

/** Whether most of the fleet's ids go back in log order: the log is newest first, not a fleet's fault. */
function reversed(byNode, columns) {
  const { snowflake } = columns;
  let pairs = 0;
  let back = 0;
  for (const rows of byNode.values()) {
    for (let k = 1; k < rows.length; k += 1) {
      pairs += 1;
      if (snowflake[rows[k]] < snowflake[rows[k - 1]]) back += 1;
    }
  }
  return pairs > 0 && back > pairs / 2;
}

function clockFindings(byNode, columns) {
  if (reversed(byNode, columns)) {
    const rows = [...byNode.values()][0].slice(0, 2);
    return [{ kind: 'reversed', node: null, rows: [...rows] }];
  }
  const findings = [];
  for (const [node, rows] of byNode) {
    const drops = dropsOf(rows, columns).filter((drop) => drop.behindMs >= STEP_BACK_MS);
    if (drops.length === 0) continue;
    if (drops.length >= MIN_INTERLEAVED && drops.length > rows.length * INTERLEAVED_SHARE) {
      findings.push({
        kind: 'two-processes',
        node,
        count: drops.length,
        rows: drops.slice(0, EXAMPLES).map((d) => d.row),
      });
      continue;
    }
    for (const drop of drops) {
      findings.push({ kind: 'stepped-back', node, behindMs: drop.behindMs, rows: [drop.after, drop.row] });
    }
  }
  return findings;
}

/**
 * Ids on more than one row (the same Snowflake and namespace), per node: {kind: 'duplicate', node, count (ids
 * seen more than once), rows (theirs, the first EXAMPLES)}.
 */
function duplicateFindings(columns, count) {
  const { snowflake, error, namespace, node } = columns;
  const sorted = new BigUint64Array(count);
  let valid = 0;
  for (let i = 0; i < count; i += 1) if (error[i] === 0) sorted[valid++] = snowflake[i];
  const values = sorted.subarray(0, valid).sort();
  const repeated = new Set();
  for (let k = 1; k < values.length; k += 1) if (values[k] === values[k - 1]) repeated.add(values[k]);
  if (repeated.size === 0) return [];
  const rowsOf = new Map();
  for (let i = 0; i < count; i += 1) {
    if (error[i] !== 0 || !repeated.has(snowflake[i])) continue;
    const key = `${snowflake[i]}/${namespace[i]}`;
    if (!rowsOf.has(key)) rowsOf.set(key, []);
    rowsOf.get(key).push(i);
  }
  // One finding per node: a clock stepped back or a second process re-mints many ids, one cause.
  const byNode = new Map();
  for (const rows of rowsOf.values()) {
    if (rows.length < 2) continue;
    const n = node[rows[0]];
    if (!byNode.has(n)) byNode.set(n, { kind: 'duplicate', node: n, count: 0, rows: [] });
    const finding = byNode.get(n);
    finding.count += 1;
    if (finding.rows.length < EXAMPLES) finding.rows.push(...rows.slice(0, EXAMPLES - finding.rows.length));
  }
  return [...byNode.values()];
}

const median = (values) => {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.floor(sorted.length / 2)];
};

/** Nodes whose instants sit OUT_OF_STEP_MS or more from the fleet's at the same stretch of log. */
function outOfStepFindings(byNode, columns, count) {
  if (byNode.size < 3) return []; // "the others" need to be several to be a reference
  const { error, unixMs, node } = columns;
  const offsets = new Map();
  for (let from = 0; from < count; from += STRETCH) {
    const to = Math.min(count, from + STRETCH);
    const instants = [];
    for (let i = from; i < to; i += 1) if (error[i] === 0) instants.push(unixMs[i]);
    if (instants.length === 0) continue;
    const fleet = median(instants);
    for (let i = from; i < to; i += 1) {
      if (error[i] !== 0) continue;
      if (!offsets.has(node[i])) offsets.set(node[i], { sum: 0, rows: [], n: 0 });
      const entry = offsets.get(node[i]);
      entry.sum += unixMs[i] - fleet;
      entry.n += 1;
      if (entry.rows.length < EXAMPLES) entry.rows.push(i);
    }
  }
  const findings = [];
  for (const [n, { sum, rows, n: seen }] of offsets) {
    const offsetMs = sum / seen;
    if (Math.abs(offsetMs) >= OUT_OF_STEP_MS && seen >= 3) {
      findings.push({ kind: 'out-of-step', node: n, offsetMs: Math.round(offsetMs), count: seen, rows });
    }
  }
  return findings;
}

/**
 * The findings over `columns` (the package's parse or scan columns, rows in log order): [{kind, node, rows, …}],
 * `kind` one of 'stepped-back' {behindMs}, 'two-processes' {count}, 'duplicate' {count of ids}, 'out-of-step'
 * {offsetMs, count}, 'reversed' (node null: the log is newest first); `rows` the row indices that show it (up to
 * EXAMPLES). A clean log has none.
 */
export function fleetFindings(columns) {
  const count = columns.count;
  if (count === 0) return [];
  const byNode = rowsByNode(columns, count);
  return [
    ...clockFindings(byNode, columns),
    ...duplicateFindings(columns, count),
    ...outOfStepFindings(byNode, columns, count),
  ];
}
