// A time axis with the seeded stream's extent and the [t0, t1) window drawn on it (SVG, no inline styles).
// The drawing is as wide in its units as its box is in pixels, so text keeps its size at any width: a narrow
// box gets fewer ticks, never larger or overlapping labels. What the colours mean is said under it, in HTML.
import { h, s, fill } from '../lib/dom.js';
import { formatIso } from '../lib/format.js';

const HEIGHT = 84;
const PAD = 8;
const AXIS_Y = 62;
const TICK_SPACING = 72; // px between tick labels, at least
const FALLBACK_WIDTH = 640; // before the box is laid out

function niceStep(span, count) {
  const raw = span / Math.max(count, 1);
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

// A label at x, kept inside [PAD, width - PAD]: anchored at its start near the left edge, its end near the right.
function labelAt(x, width, room, props, text) {
  const anchor = x - room < PAD ? 'start' : x + room > width - PAD ? 'end' : 'middle';
  const at = anchor === 'start' ? Math.max(x, PAD) : anchor === 'end' ? Math.min(x, width - PAD) : x;
  return s('text', { ...props, x: at, 'text-anchor': anchor }, text);
}

/** The SVG for {seed: {first, end}, window: {t0, t1} | null, base} drawn `width` units (= px) wide. */
export function timelineSvg({ seed, window, base }, width = FALLBACK_WIDTH) {
  const lo = Math.min(seed.first, window?.t0 ?? seed.first);
  const hi = Math.max(seed.end, window?.t1 ?? seed.end);
  const span = Math.max(hi - lo, 1);
  const start = lo - span * 0.06;
  const end = hi + span * 0.06;
  const x = (ms) => PAD + ((ms - start) / (end - start)) * (width - 2 * PAD);
  const extent = (a, b) => Math.max(x(b) - x(a), 2);
  const step = niceStep(end - start, Math.floor((width - 2 * PAD) / TICK_SPACING));
  const ticks = [];
  for (let t = Math.ceil((start - base) / step) * step + base; t <= end; t += step) {
    ticks.push(
      s('line', { class: 'tick', x1: x(t), x2: x(t), y1: AXIS_Y, y2: AXIS_Y + 5 }),
      labelAt(x(t), width, TICK_SPACING / 2, { y: AXIS_Y + 18 }, offsetLabel(t, base)),
    );
  }
  const parts = [
    s('title', null, 'Timeline: the seeded stream and the window'),
    s('line', { class: 'axis', x1: PAD, x2: width - PAD, y1: AXIS_Y, y2: AXIS_Y }),
    ...ticks,
    s('rect', { class: 'seed', x: x(seed.first), y: 32, width: extent(seed.first, seed.end), height: 22, rx: 3 }),
  ];
  if (window) {
    const middle = x(window.t0) + extent(window.t0, window.t1) / 2;
    parts.push(
      s('rect', { class: 'window', x: x(window.t0), y: 20, width: extent(window.t0, window.t1), height: 42, rx: 2 }),
      labelAt(middle, width, 30, { class: 'window-label', y: 13 }, '[t0, t1)'),
    );
  }
  return s(
    'svg',
    {
      viewBox: `0 0 ${width} ${HEIGHT}`,
      width,
      height: HEIGHT,
      role: 'img',
      'aria-label': 'timeline of the window over the seeded stream',
    },
    parts,
  );
}

function legend(base) {
  return h(
    'p',
    { class: 'timeline-legend' },
    h('span', { class: 'key seed-key' }, 'seeded stream'),
    h('span', { class: 'key window-key' }, '[t0, t1) window'),
    h('span', null, `offsets from ${formatIso(base)}`),
  );
}

/** A timeline that redraws itself at its box's width: {element, draw({seed, window, base})}. */
export function timelineView() {
  const figure = h('div', { class: 'timeline-plot' });
  const element = h('div', { class: 'timeline' }, figure);
  let last = null;
  let drawnWidth = 0;
  const redraw = () => {
    if (!last) return;
    drawnWidth = Math.round(figure.clientWidth) || FALLBACK_WIDTH;
    fill(figure, timelineSvg(last, drawnWidth));
  };
  if (globalThis.ResizeObserver)
    new ResizeObserver(() => {
      if (Math.round(figure.clientWidth) !== drawnWidth) redraw();
    }).observe(figure);
  return {
    element,
    draw(args) {
      const baseChanged = !last || last.base !== args.base;
      last = args;
      redraw();
      if (baseChanged) element.replaceChildren(figure, legend(args.base));
    },
  };
}
