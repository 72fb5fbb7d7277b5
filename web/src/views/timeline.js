// A time axis with the seeded stream's extent and the [t0, t1) window drawn on it (SVG, no inline styles).
import { s } from '../lib/dom.js';
import { formatIso } from '../lib/format.js';

const WIDTH = 900;
const HEIGHT = 118;
const PAD = 34;

function niceStep(span) {
  const raw = span / 6;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw) ?? raw;
}

function offsetLabel(ms, base) {
  const d = ms - base;
  const sign = d < 0 ? '−' : '+';
  const a = Math.abs(d);
  if (a >= 86400e3) return `${sign}${(a / 86400e3).toFixed(1)}d`;
  if (a >= 3600e3) return `${sign}${(a / 3600e3).toFixed(1)}h`;
  if (a >= 60e3) return `${sign}${(a / 60e3).toFixed(1)}m`;
  if (a >= 1e3) return `${sign}${(a / 1e3).toFixed(a % 1e3 ? 2 : 0)}s`;
  return `${sign}${a}ms`;
}

/** seed: {first, end} instants; window: {t0, t1} or null; base: the instant offsets count from. */
export function timeline({ seed, window, base }) {
  const lo = Math.min(seed.first, window?.t0 ?? seed.first);
  const hi = Math.max(seed.end, window?.t1 ?? seed.end);
  const span = Math.max(hi - lo, 1);
  const start = lo - span * 0.06;
  const end = hi + span * 0.06;
  const x = (ms) => PAD + ((ms - start) / (end - start)) * (WIDTH - 2 * PAD);
  const width = (a, b) => Math.max(x(b) - x(a), 2);
  const step = niceStep(end - start);
  const ticks = [];
  for (let t = Math.ceil((start - base) / step) * step + base; t <= end; t += step) {
    ticks.push(
      s('line', { class: 'tick', x1: x(t), x2: x(t), y1: 78, y2: 84 }),
      s('text', { x: x(t), y: 98, 'text-anchor': 'middle' }, offsetLabel(t, base)),
    );
  }
  const parts = [
    s('title', null, 'Timeline: the seeded stream and the window'),
    s('line', { class: 'axis', x1: PAD, x2: WIDTH - PAD, y1: 78, y2: 78 }),
    ...ticks,
    s('rect', { class: 'seed', x: x(seed.first), y: 46, width: width(seed.first, seed.end), height: 24, rx: 3 }),
    s('text', { class: 'seed-label', x: x(seed.first), y: 40 }, 'seeded stream'),
    s('text', { x: WIDTH - PAD, y: 114, 'text-anchor': 'end' }, `offsets from ${formatIso(base)}`),
  ];
  if (window) {
    parts.push(
      s('rect', { class: 'window', x: x(window.t0), y: 18, width: width(window.t0, window.t1), height: 60, rx: 2 }),
      s(
        'text',
        { class: 'window-label', x: x(window.t0) + width(window.t0, window.t1) / 2, y: 12, 'text-anchor': 'middle' },
        '[t0, t1)',
      ),
    );
  }
  return s(
    'svg',
    { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': 'timeline of the window over the seeded stream' },
    parts,
  );
}
