// Gate: one candidate id through the two owners that check it (contract.md §5) — the host (all 14 bytes
// parse) and the wire gate (exactly the first three bytes are JOB) — and, with the bridge, the live
// verdicts of the script and the native command side by side.
import { parse, errorOffset, gate, ID_LENGTH } from '@echomq/branded';
import { h, fill, field, debounce, submitOnEnter } from '../../lib/dom.js';
import { byteCells, bytesLegend } from '../../views/bytes.js';
import { verdictCard, presetChips } from '../../views/controls.js';
import { commandView } from '../../views/command.js';
import { liveStatus } from '../../views/live.js';
import { refusalText } from '../../lib/refusal.js';
import { firstThree, outcomeLine, GATE_DEFAULTS, GATE_PRESETS } from './gate-model.js';
import { panelFrame } from '../../views/panel-frame.js';

export { GATE_DEFAULTS, GATE_PRESETS };

const LEDE = `Two owners check a job id for two different things: the host parses all ${ID_LENGTH} bytes before any wire; the wire gate, inside the atomic transition, reads only the first three.`;

function hostVerdict(id) {
  const p = parse(id);
  if (p.ok) {
    return verdictCard({
      who: `Host check · all ${ID_LENGTH} bytes`,
      outcome: 'pass',
      what: 'passes',
      why: `All ${ID_LENGTH} bytes parse: namespace ${p.namespace}, snowflake ${p.snowflake}. Any namespace passes the host; the key emq:{queue}:job:${id} can be built.`,
    });
  }
  return verdictCard({
    who: `Host check · all ${ID_LENGTH} bytes`,
    outcome: 'refuse',
    what: h('span', null, 'refuses: ', h('code', null, p.error)),
    why: `${refusalText(id)}. The host raises before any wire: no command is sent, no key is built.`,
  });
}

function wireVerdict(id, hostPasses) {
  const verdict = gate(id);
  const prefix = JSON.stringify(firstThree(id));
  const reached = hostPasses ? '' : ' (It never gets the chance: the host refused first.)';
  if (verdict.admitted) {
    return verdictCard({
      who: 'Wire gate · the first 3 bytes',
      outcome: hostPasses ? 'pass' : 'skip',
      what: 'admits',
      why: `The first three bytes are ${prefix}: the script and EMQ.ENQUEUE go on to EXISTS, HSET and ZADD.${reached}`,
    });
  }
  return verdictCard({
    who: 'Wire gate · the first 3 bytes',
    outcome: hostPasses ? 'refuse' : 'skip',
    what: 'refuses',
    why: `The first three bytes are ${prefix}, not "JOB". The server replies, before any write:${reached}`,
    extra: h('p', null, h('span', { class: 'refusal' }, verdict.error)),
  });
}

function sideView(name, side) {
  const outcome = side.ok ? 'pass' : 'refuse';
  const what = side.ok ? side.verdict : h('span', null, 'refused: ', h('code', null, side.error.code));
  return verdictCard({
    who: name,
    outcome,
    what,
    extra: [
      side.ok
        ? null
        : h('p', null, h('span', { class: 'refusal', 'data-testid': `${name}-message` }, side.error.message)),
      commandView(side.command, `${name} command`),
    ],
  });
}

/**
 * The Gate panel, with live verdicts through `bridge`: {element, set(state)}.
 * `onState` is given its state as the reader changes it.
 */
export function createGatePanel({ state, onState, bridge }) {
  let current = { ...GATE_DEFAULTS, ...state };
  const input = h('input', {
    type: 'text',
    class: 'id',
    spellcheck: 'false',
    autocomplete: 'off',
    value: current.id,
    size: 22,
  });
  const candidate = field('Candidate id', input);
  const presets = presetChips('Presets', GATE_PRESETS, (id) => {
    input.value = id;
    update();
  });
  const bytes = h('div');
  const verdicts = h('div', { class: 'verdicts', 'data-testid': 'verdicts' });
  const outcome = h('p', { class: 'muted', 'data-testid': 'outcome' });

  const compareButton = h('button', { type: 'button', class: 'primary' }, 'Run both executors');
  const liveResult = h('div', { 'aria-live': 'polite' });
  const status = liveStatus(bridge, 'the live comparison of the two executors', () => {
    compareButton.disabled = !bridge?.live;
  });
  compareButton.addEventListener('click', () => compare());
  submitOnEnter([input], compareButton);

  async function compare() {
    const id = input.value;
    compareButton.disabled = true;
    fill(liveResult, h('p', { class: 'muted busy' }, `Sending ${id} through the script and EMQ.ENQUEUE`));
    try {
      const r = await bridge.request('gateCompare', { job: id, payload: 'gate' });
      const identical =
        r.refusalsIdentical === null
          ? h('span', { class: 'muted' }, 'not applicable: both admitted it')
          : r.refusalsIdentical
            ? h('span', { class: 'match' }, 'yes, byte for byte')
            : h('span', { class: 'mismatch' }, 'NO — they differ');
      fill(
        liveResult,
        h('div', { class: 'compare' }, sideView('script', r.script), sideView('native', r.native)),
        h(
          'dl',
          { class: 'kv', 'data-testid': 'compare-summary' },
          h('dt', null, 'agree'),
          h('dd', { 'data-field': 'agree' }, r.agree ? 'yes' : 'no'),
          h('dt', null, 'refusals identical'),
          h('dd', { 'data-field': 'identical' }, identical),
          h('dt', null, 'scratch queue'),
          h('dd', null, r.queue),
        ),
      );
    } catch (error) {
      const hostRefused = error.code === 'malformed';
      fill(
        liveResult,
        h(
          'p',
          { class: hostRefused ? 'note' : 'error-text', 'data-testid': 'compare-error' },
          h('code', null, error.code),
          ' — ',
          error.message,
          hostRefused ? ' The bridge runs the host check first, so neither executor saw it.' : '',
        ),
      );
    } finally {
      compareButton.disabled = !bridge?.live;
    }
  }

  function render() {
    const id = input.value;
    const p = parse(id);
    const error = p.ok ? null : p.error;
    fill(bytes, byteCells(id, { error, offset: p.ok ? -1 : errorOffset(id) }), bytesLegend({ bad: !p.ok }));
    fill(verdicts, hostVerdict(id), wireVerdict(id, p.ok));
    outcome.textContent = outcomeLine(id);
    presets.update(id);
  }

  const persist = debounce(() => onState?.(current), 150);
  function update() {
    current = { ...current, id: input.value };
    render();
    fill(liveResult);
    persist();
  }
  input.addEventListener('input', update);

  const element = panelFrame(
    { key: 'gate', title: 'Gate', lede: LEDE },
    h('div', { class: 'row' }, candidate.field),
    h('div', { class: 'stack' }, presets.element),
    h('h3', null, 'The bytes'),
    bytes,
    h('h3', null, 'The two verdicts'),
    verdicts,
    outcome,
    h(
      'section',
      { class: 'live', 'aria-label': 'Live comparison' },
      h('div', { class: 'live-head' }, h('h3', null, 'Live: script and native, side by side')),
      status,
      h('div', { class: 'row actions' }, compareButton),
      liveResult,
    ),
  );

  render();
  return {
    element,
    set(next) {
      current = { ...GATE_DEFAULTS, ...next };
      input.value = current.id;
      render();
      fill(liveResult);
    },
  };
}
