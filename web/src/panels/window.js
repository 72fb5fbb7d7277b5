// Stream window: [t0, t1) as ISO times, ms or offsets → the XRANGE arguments and a timeline; with the
// bridge, seed the contract.md §6 reproduction stream, run the window live and hold it against the prediction.
import { queueKey, streamWindow } from '@echomq/branded';
import { h, fill, field, submitOnEnter } from '../lib/dom.js';
import { panelState } from '../lib/panel-state.js';
import { formatCount, formatIso, readInstant } from '../lib/format.js';
import { commandView } from '../views/command.js';
import { liveStatus } from '../views/live.js';
import { timeline } from '../views/timeline.js';
import { SPEC_SEED, predictWindow, seedExtent } from './window-model.js';

export const WINDOW_DEFAULTS = { t0: '+10ms', t1: '+20ms', stream: 'fills', queue: 'demo' };

function resolve(current) {
  const now = Date.now(); // t0 and t1 read `now` as the same instant
  const t0 = readInstant(current.t0, SPEC_SEED.startMs, now);
  const t1 = readInstant(current.t1, SPEC_SEED.startMs, now);
  if (!t0.ok) return { error: `t0: ${t0.message}`, field: 't0' };
  if (!t1.ok) return { error: `t1: ${t1.message}`, field: 't1' };
  try {
    return { t0: t0.ms, t1: t1.ms, window: streamWindow(t0.ms, t1.ms) };
  } catch (error) {
    const why = error.code === 'range' ? 'a window needs t0 < t1, both within the Snowflake horizon' : error.message;
    return { error: `${error.code ?? 'error'} — ${why}`, t0: t0.ms, t1: t1.ms };
  }
}

// The key the bridge reads for a queue's named stream (bridge/PROTOCOL.md, streamWindow): type `stream.NAME`.
function streamKey(queue, stream) {
  try {
    return { key: queueKey(queue, `stream.${stream}`) };
  } catch (error) {
    return { key: 'key', error: error.message };
  }
}

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

/**
 * The Stream window panel, live through `bridge`: {element, set(state)}.
 * `onState` is given its state as the reader changes it; `compact`: without the lede and the stream field,
 * for the docs widgets.
 */
export function createWindowPanel({ state, onState, bridge, compact = false }) {
  const model = panelState({ defaults: WINDOW_DEFAULTS, state, onState });
  const t0Input = h('input', { type: 'text', class: 'mono', spellcheck: 'false', size: 26 });
  const t1Input = h('input', { type: 'text', class: 'mono', spellcheck: 'false', size: 26 });
  const streamInput = h('input', { type: 'text', class: 'mono', spellcheck: 'false', size: 12 });
  const t0Field = field('t0 (inclusive)', t0Input);
  const t1Field = field('t1 (exclusive)', t1Input);
  const streamField = field('Stream', streamInput);
  const hint = h(
    'p',
    { class: 'hint' },
    'Instants as Unix ms (1781000000010), ISO (2026-06-09T10:13:20.010Z) offsets from the seed start (+10ms, +1s), or now and offsets from now (now-5m, now).',
  );

  const resolved = h('dl', { class: 'kv', 'data-testid': 'window-resolved' });
  const command = h('div');
  const chart = h('div', { class: 'timeline' });
  const prediction = h('p', { 'data-testid': 'prediction' });

  const seedButton = h('button', { type: 'button' }, 'Seed the stream');
  const runButton = h('button', { type: 'button', class: 'primary' }, 'Run the window');
  const liveResult = h('div', { 'aria-live': 'polite' });
  let seeded = null;
  const setButtons = () => {
    seedButton.disabled = !bridge?.live;
    runButton.disabled = !bridge?.live;
  };
  const status = liveStatus(bridge, 'running the window on a real stream', setButtons);

  function render() {
    const r = resolve(model.current);
    t0Input.setAttribute('aria-invalid', String(r.field === 't0'));
    t1Input.setAttribute('aria-invalid', String(r.field === 't1'));
    const window = r.window ? { t0: r.t0, t1: r.t1 } : null;
    fill(chart, timeline({ seed: seedExtent(), window, base: SPEC_SEED.startMs }));
    if (!r.window) {
      fill(resolved, h('dt', null, 'error'), h('dd', { class: 'error-text', 'data-testid': 'window-error' }, r.error));
      fill(command);
      prediction.textContent = '';
      return null;
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
    const p = predictWindow(r.t0, r.t1);
    fill(
      prediction,
      'Over the SPEC §6 stream this window holds ',
      h('strong', { 'data-field': 'predicted-count' }, formatCount(p.count)),
      ' entries',
      p.first ? [', the first ', h('code', { 'data-field': 'predicted-first' }, p.first)] : '',
      '.',
    );
    return { ...r, predicted: p };
  }

  async function seed() {
    seedButton.disabled = true;
    fill(liveResult, h('p', { class: 'muted busy' }, `Seeding ${formatCount(SPEC_SEED.entries)} entries`));
    try {
      seeded = await bridge.request('streamSeed', {
        queue: model.current.queue,
        stream: model.current.stream,
        ...SPEC_SEED,
      });
      fill(
        liveResult,
        h(
          'p',
          { 'data-testid': 'seeded' },
          h('span', { class: 'badge ok' }, 'seeded'),
          ' ',
          `${formatCount(seeded.entries)} entries in ${seeded.key}, ${seeded.first} … ${seeded.last} (${formatCount(seeded.elapsedMs)} ms).`,
        ),
      );
    } catch (error) {
      fill(liveResult, h('p', { class: 'error-text' }, h('code', null, error.code), ' — ', error.message));
    } finally {
      setButtons();
    }
  }

  async function run() {
    const r = render();
    if (!r) return;
    runButton.disabled = true;
    try {
      const live = await bridge.request('streamWindow', {
        queue: model.current.queue,
        stream: model.current.stream,
        t0: r.t0,
        t1: r.t1,
        sample: 5,
      });
      fill(
        liveResult,
        h('p', null, 'Sent: '),
        commandView(live.command, 'the command the bridge sent'),
        seeded
          ? null
          : h(
              'p',
              { class: 'hint' },
              'The prediction assumes the stream holds the SPEC §6 seed; seed it first if you have not.',
            ),
        comparison(r.predicted, live),
        live.truncated
          ? h('p', { class: 'note' }, `Truncated: the bridge reads at most ${formatCount(live.count)} entries.`)
          : null,
        live.sample?.length
          ? [
              h('h3', null, `The first ${live.sample.length} entries`),
              h(
                'dl',
                { class: 'kv' },
                live.sample.map((e) => [h('dt', null, e.entry), h('dd', null, JSON.stringify(e.fields))]),
              ),
            ]
          : null,
      );
    } catch (error) {
      fill(liveResult, h('p', { class: 'error-text' }, h('code', null, error.code), ' — ', error.message));
    } finally {
      setButtons();
    }
  }
  seedButton.addEventListener('click', seed);
  runButton.addEventListener('click', run);
  submitOnEnter([t0Input, t1Input, streamInput], runButton);

  model.bind(
    [
      ['t0', t0Input],
      ['t1', t1Input],
      ['stream', streamInput],
    ],
    render,
  );

  const element = h(
    'section',
    { class: 'panel', 'aria-labelledby': 'window-title', 'data-panel': 'window' },
    h(
      'header',
      null,
      h('h2', { id: 'window-title' }, 'Stream window'),
      compact
        ? null
        : h(
            'p',
            { class: 'lede' },
            'A Snowflake maps to the stream entry id <unix_ms>-<node << 12 | seq>, so the instants [t0, t1) are an XRANGE by id arithmetic alone — no second index, no scan.',
          ),
    ),
    h('div', { class: 'row' }, t0Field.field, t1Field.field, compact ? null : streamField.field),
    hint,
    h('h3', null, 'XRANGE arguments'),
    resolved,
    command,
    h('h3', null, 'Timeline'),
    chart,
    prediction,
    h(
      'section',
      { class: 'live', 'aria-label': 'Live window' },
      h('div', { class: 'live-head' }, h('h3', null, 'Live: the SPEC §6 stream in Valkey')),
      h(
        'p',
        { class: 'hint' },
        `The seed: ${formatCount(SPEC_SEED.entries)} entries, node ${SPEC_SEED.node}, ${formatCount(SPEC_SEED.perMs)} per ms from ${SPEC_SEED.startMs} (${formatIso(SPEC_SEED.startMs)}), one 8-byte field each.`,
      ),
      status,
      h('div', { class: 'row actions' }, seedButton, runButton),
      liveResult,
    ),
  );

  render();
  return {
    element,
    set(next) {
      model.set(next);
      render();
    },
  };
}
