// Stream window: [t0, t1) as ISO times, ms or offsets → the XRANGE arguments and a timeline; with the bridge,
// run the window on the contract.md §6 reproduction stream in Valkey (seeded first when it does not hold it)
// and hold it against the prediction. The model is window-model.js; this file draws it.
import { h, fill, field, submitOnEnter } from '../../lib/dom.js';
import { formatCount, formatIso } from '../../lib/format.js';
import { commandView } from '../../views/command.js';
import { liveStatus } from '../../views/live.js';
import { panelFrame } from '../../views/panel-frame.js';
import { timelineView } from '../../views/timeline.js';
import {
  createWindowModel,
  resolveWindow,
  seedExtent,
  streamKey,
  CONTRACT_SEED,
  WINDOW_DEFAULTS,
} from './window-model.js';

export { WINDOW_DEFAULTS };

const LEDE =
  'A Snowflake maps to the stream entry id <unix_ms>-<node << 12 | seq>, so the instants [t0, t1) are an XRANGE by id arithmetic alone — no second index, no scan.';

function comparison(predicted, live) {
  const row = (name, p, l) => {
    const same = String(p) === String(l);
    return [
      h('span', null, name),
      h('span', { class: 'mono' }, p ?? '—'),
      h(
        'span',
        { class: 'mono' },
        l ?? '—',
        ' ',
        h('span', { class: same ? 'match' : 'mismatch' }, same ? '✓' : '✕ differs'),
      ),
    ];
  };
  return h(
    'div',
    { class: 'prediction', 'data-testid': 'window-comparison' },
    h('span', { class: 'h' }, ''),
    h('span', { class: 'h' }, 'predicted'),
    h('span', { class: 'h' }, 'live from Valkey'),
    row('count', formatCount(predicted.count), formatCount(live.count)),
    row('first id', predicted.first, live.first),
    row('last id', predicted.last, live.last),
  );
}

function seededLine(seed, testid = 'seeded') {
  return h(
    'p',
    { 'data-testid': testid },
    h('span', { class: 'badge ok' }, 'seeded'),
    ' ',
    `${formatCount(seed.entries)} entries in ${seed.key}, ${seed.first} … ${seed.last} (${formatCount(seed.elapsedMs)} ms).`,
  );
}

const errorLine = (error) => h('p', { class: 'error-text' }, h('code', null, error.code), ' — ', error.message);

// The bridge answers a seed once, when it is done (seconds: it is paced): meanwhile the reader sees a bar that
// moves and the seconds gone, so a wait of several seconds is never a page that looks stuck.
function seedingView(live) {
  const what = live.before
    ? `The stream does not hold the seed (${formatCount(live.before.count)} entries in the window): seeding ${formatCount(CONTRACT_SEED.entries)} entries, then running the window`
    : `Seeding ${formatCount(CONTRACT_SEED.entries)} entries`;
  const elapsed = h('span', { 'data-testid': 'seeding-elapsed' });
  const started = performance.now();
  const tick = () => {
    if (!elapsed.isConnected && performance.now() - started > 1000) return clearInterval(timer);
    elapsed.textContent = ` · ${Math.floor((performance.now() - started) / 1000)} s`;
  };
  const timer = setInterval(tick, 1000);
  tick();
  return h(
    'div',
    { class: 'seeding', 'data-testid': 'seeding' },
    h('progress', { 'aria-label': 'Seeding the stream' }),
    h('p', { class: 'muted busy' }, what, elapsed),
  );
}

function liveView(live) {
  if (!live) return null;
  if (live.error) return errorLine(live.error);
  if (live.step === 'seeding') return seedingView(live);
  if (live.step === 'running')
    return [live.seeded ? seededLine(live.seeded) : null, h('p', { class: 'muted busy' }, 'Running the window')];
  if (!live.window) return seededLine(live.seeded);
  const w = live.window;
  return [
    live.seeded ? seededLine(live.seeded) : null,
    h('p', null, 'Sent: '),
    commandView(w.command, 'the command the bridge sent'),
    comparison(live.predicted, w),
    w.truncated
      ? h('p', { class: 'note' }, `Truncated: the bridge reads at most ${formatCount(w.count)} entries.`)
      : null,
    w.sample?.length
      ? [
          h('h3', null, `The first ${w.sample.length} entries`),
          h(
            'dl',
            { class: 'kv' },
            w.sample.map((e) => [h('dt', null, e.entry), h('dd', null, JSON.stringify(e.fields))]),
          ),
        ]
      : null,
  ];
}

/**
 * The window's inputs, arguments, timeline and live part: {element (the panel's body), set(state)}. `inputs`
 * names the fields shown (the explorer adds the stream's name; a widget takes it from an attribute).
 */
function windowBody({ state, onState, bridge, inputs }) {
  const model = createWindowModel({ state, onState, bridge, onLive: () => renderLive() });
  const input = (size) => h('input', { type: 'text', class: 'mono', spellcheck: 'false', size });
  const fields = {
    // "+10ms" is read from the seed's start here (the stream the window runs over), from now in `branded window`:
    // the fields say which, where the reader types it.
    t0: field('t0 (inclusive)', input(26), '+10ms = seed start + 10 ms'),
    t1: field('t1 (exclusive)', input(26), 'now+10ms = from now'),
    stream: field('Stream', input(12)),
  };
  const hint = h(
    'p',
    { class: 'hint' },
    'Instants as Unix ms (1781000000010), ISO (2026-06-09T10:13:20.010Z), offsets from the seed start (+10ms, +1s), or now and offsets from now (now-5m, now+10ms). The CLI’s branded window reads a bare +10ms from now.',
  );

  const resolved = h('dl', { class: 'kv', 'data-testid': 'window-resolved' });
  const command = h('div');
  const chart = timelineView();
  const prediction = h('p', { 'data-testid': 'prediction' });

  const runButton = h('button', { type: 'button', class: 'primary' }, 'Run the window');
  const seedButton = h(
    'button',
    { type: 'button', title: 'Replace the stream with the seed now (Run does it when the stream does not hold it)' },
    'Seed the stream',
  );
  const liveResult = h('div', { 'aria-live': 'polite' });
  const busy = () => model.live?.step !== undefined;
  const setButtons = () => {
    seedButton.disabled = !bridge?.live || busy();
    runButton.disabled = !bridge?.live || busy() || !resolveWindow(model.current).window;
  };
  const status = liveStatus(bridge, 'running the window on a real stream', setButtons);

  function renderLive() {
    fill(liveResult, liveView(model.live));
    setButtons();
  }

  function render() {
    const r = resolveWindow(model.current);
    fields.t0.input.setAttribute('aria-invalid', String(r.field === 't0'));
    fields.t1.input.setAttribute('aria-invalid', String(r.field === 't1'));
    chart.draw({ seed: seedExtent(), window: r.window ? { t0: r.t0, t1: r.t1 } : null, base: CONTRACT_SEED.startMs });
    setButtons();
    if (!r.window) {
      fill(resolved, h('dt', null, 'error'), h('dd', { class: 'error-text', 'data-testid': 'window-error' }, r.error));
      fill(command);
      prediction.textContent = '';
      return;
    }
    fill(
      resolved,
      h('dt', null, 't0'),
      h('dd', null, `${formatIso(r.t0)} · ${r.t0}`),
      h('dt', null, 't1'),
      h('dd', null, `${formatIso(r.t1)} · ${r.t1}`),
      h('dt', null, 'length'),
      h('dd', null, `${formatCount(r.t1 - r.t0)} ms`),
      h('dt', null, 'start'),
      h('dd', { 'data-field': 'start' }, r.window.start),
      h('dt', null, 'end (exclusive)'),
      h('dd', { 'data-field': 'end' }, r.window.end),
      r.window.inclusiveEnd ? [h('dt', null, 'or inclusive end'), h('dd', null, r.window.inclusiveEnd)] : null,
    );
    const target = streamKey(model.current.queue, model.current.stream);
    fill(
      command,
      commandView(['XRANGE', target.key, r.window.start, r.window.end], 'XRANGE arguments'),
      target.error
        ? h('p', { class: 'error-text', 'data-testid': 'stream-key-error' }, `Stream: ${target.error}`)
        : null,
    );
    const p = r.predicted;
    fill(
      prediction,
      'Over the contract’s reproduction stream this window holds ',
      h('strong', { 'data-field': 'predicted-count' }, formatCount(p.count)),
      ' entries',
      p.first ? [', the first ', h('code', { 'data-field': 'predicted-first' }, p.first)] : '',
      '.',
    );
  }
  seedButton.addEventListener('click', () => model.seed());
  runButton.addEventListener('click', () => model.run());
  submitOnEnter(
    inputs.map((name) => fields[name].input),
    runButton,
  );
  model.bind(
    inputs.map((name) => [name, fields[name].input]),
    render,
  );

  const body = [
    h(
      'div',
      { class: 'row' },
      inputs.map((name) => fields[name].field),
    ),
    hint,
    h('h3', null, 'XRANGE arguments'),
    resolved,
    command,
    h('h3', null, 'Timeline'),
    chart.element,
    prediction,
    h(
      'section',
      { class: 'live', 'aria-label': 'Live window' },
      h('div', { class: 'live-head' }, h('h3', null, 'Live: the reproduction stream in Valkey')),
      h(
        'p',
        { class: 'hint' },
        `The seed: ${formatCount(CONTRACT_SEED.entries)} entries, node ${CONTRACT_SEED.node}, ${formatCount(CONTRACT_SEED.perMs)} per ms from ${CONTRACT_SEED.startMs} (${formatIso(CONTRACT_SEED.startMs)}), one 8-byte field each. Run the window seeds the stream first when it does not hold them.`,
      ),
      status,
      h('div', { class: 'row actions' }, runButton, seedButton),
      liveResult,
    ),
  ];

  render();
  return {
    body,
    set(next) {
      model.set(next);
      render();
    },
  };
}

/** The explorer's Stream window panel, live through `bridge`: {element, set(state)}. */
export function createWindowPanel({ state, onState, bridge }) {
  const { body, set } = windowBody({ state, onState, bridge, inputs: ['t0', 't1', 'stream'] });
  return { element: panelFrame({ key: 'window', title: 'Stream window', lede: LEDE }, body), set };
}

/** The docs widget's Stream window: t0 and t1 only (the stream and queue are its attributes), no lede. */
export function createWindowCard({ state, onState, bridge }) {
  const { body, set } = windowBody({ state, onState, bridge, inputs: ['t0', 't1'] });
  return { element: panelFrame({ key: 'window', title: 'Stream window' }, body), set };
}
