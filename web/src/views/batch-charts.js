// Two pictures of a decoded batch: how many ids were minted when (a histogram of mint time) and by which
// node (the busiest nodes, with the rest summed). Drawn as SVG with classes only (strict CSP: no styles).
import { h, s } from '../lib/dom.js';
import { formatCount, formatIso } from '../lib/format.js';

const BINS = 48;
const TOP_NODES = 8;
const WIDTH = 480;
const HEIGHT = 96;

/**
 * {bins: counts, first, last} of the valid ids' unixMs, or null when none parsed. Implausible ids
 * (decoded.verdict: from the future, or long before the rest of their namespace; most likely typos) are left
 * out, so one cannot stretch the axis.
 */
export function timeHistogram(decoded) {
  const { unixMs, error } = decoded.columns;
  const { verdict } = decoded;
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < decoded.count; i += 1) {
    if (error[i] !== 0 || verdict[i] !== 0) continue;
    if (unixMs[i] < first) first = unixMs[i];
    if (unixMs[i] > last) last = unixMs[i];
  }
  if (first === Infinity) return null;
  const bins = new Uint32Array(BINS);
  const width = Math.max(last - first, 1) / BINS;
  for (let i = 0; i < decoded.count; i += 1) {
    if (error[i] === 0 && verdict[i] === 0) bins[Math.min(BINS - 1, Math.floor((unixMs[i] - first) / width))] += 1;
  }
  return { bins, first, last };
}

/** [{node, count}] of the busiest nodes, then {node: 'other', count} for the rest. */
export function nodeBreakdown(decoded) {
  const { node, error } = decoded.columns;
  const counts = new Uint32Array(1024);
  for (let i = 0; i < decoded.count; i += 1) if (error[i] === 0) counts[node[i]] += 1;
  const used = [];
  for (let n = 0; n < counts.length; n += 1) if (counts[n]) used.push({ node: n, count: counts[n] });
  used.sort((a, b) => b.count - a.count || a.node - b.node);
  const top = used.slice(0, TOP_NODES);
  const rest = used.slice(TOP_NODES).reduce((total, r) => total + r.count, 0);
  return {
    rows: rest ? [...top, { node: 'other', count: rest, nodes: used.length - TOP_NODES }] : top,
    nodes: used.length,
  };
}

/** What the time chart leaves out, in words: '' when it shows every parsed id. */
function leftOut(decoded) {
  const future = decoded.futureCount?.() ?? 0;
  const early = decoded.earlyCount?.() ?? 0;
  const parts = [];
  if (future) parts.push(`${formatCount(future)} from the future`);
  if (early) parts.push(`${formatCount(early)} long before the rest of ${early === 1 ? 'its' : 'their'} namespace`);
  return parts.length ? `Left out of the chart: ${parts.join(', ')}.` : '';
}

function histogramSvg({ bins, first, last }, note) {
  const peak = Math.max(...bins);
  const barWidth = WIDTH / bins.length;
  const bars = Array.from(bins, (count, i) => {
    const height = count === 0 ? 0 : Math.max(1, (count / peak) * (HEIGHT - 4));
    return s(
      'rect',
      {
        class: 'bar',
        x: (i * barWidth).toFixed(2),
        y: (HEIGHT - height).toFixed(2),
        width: Math.max(barWidth - 1, 1).toFixed(2),
        height: height.toFixed(2),
      },
      s(
        'title',
        null,
        `${formatCount(count)} ${count === 1 ? 'id' : 'ids'} from ${formatIso(first + (i * (last - first)) / bins.length)}`,
      ),
    );
  });
  return h(
    'figure',
    { class: 'chart', 'data-testid': 'time-histogram' },
    s(
      'svg',
      {
        viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
        preserveAspectRatio: 'none',
        role: 'img',
        'aria-label': `Mint times of the valid ids in ${bins.length} bins; the fullest holds ${formatCount(peak)}`,
      },
      bars,
    ),
    h(
      'figcaption',
      null,
      h('span', null, formatIso(first)),
      h('span', null, 'mint time'),
      h('span', null, formatIso(last)),
    ),
    note ? h('p', { class: 'chart-note', 'data-testid': 'left-out' }, note) : null,
  );
}

function nodesTable({ rows, nodes }) {
  const peak = Math.max(...rows.map((r) => r.count));
  return h(
    'figure',
    { class: 'chart nodes', 'data-testid': 'node-breakdown' },
    h(
      'table',
      null,
      h('caption', null, `ids per node (${formatCount(nodes)} ${nodes === 1 ? 'node' : 'nodes'})`),
      h(
        'tbody',
        null,
        rows.map((r) =>
          h(
            'tr',
            null,
            h('th', { scope: 'row' }, r.node === 'other' ? `${formatCount(r.nodes)} more` : `node ${r.node}`),
            h('td', { class: 'num' }, formatCount(r.count)),
            h(
              'td',
              { class: 'meter-cell' },
              h('meter', { min: '0', max: String(peak), value: String(r.count), 'aria-label': `node ${r.node}` }),
            ),
          ),
        ),
      ),
    ),
  );
}

/** The charts for a batch (nothing for fewer than two valid ids). */
// Ids all of one millisecond have no spread to draw: one thin bar between two identical labels says nothing.
function oneInstant({ bins, first }, note) {
  const count = bins.reduce((total, n) => total + n, 0);
  return h(
    'figure',
    { class: 'chart one-instant', 'data-testid': 'time-histogram' },
    h(
      'p',
      { 'data-testid': 'one-instant' },
      h('strong', null, `${count === 2 ? 'Both' : `All ${formatCount(count)}`} ids in one millisecond: `),
      h('span', { class: 'mono' }, formatIso(first)),
      '. Their order is their sequence numbers.',
    ),
    note ? h('p', { class: 'chart-note', 'data-testid': 'left-out' }, note) : null,
  );
}

/** The batch's pictures: mint time (or the one millisecond they share) and the busiest nodes; null for < 2 ids. */
export function batchCharts(decoded) {
  if (!decoded || decoded.count - decoded.refused < 2) return null;
  const times = timeHistogram(decoded);
  const timeView = times && (times.first === times.last ? oneInstant : histogramSvg);
  return h(
    'div',
    { class: 'batch-charts' },
    times ? timeView(times, leftOut(decoded)) : null,
    nodesTable(nodeBreakdown(decoded)),
  );
}
