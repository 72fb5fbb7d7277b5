// Placement: hash32 of an id's Snowflake (it places rows; not for security), and the cluster slot of a
// queue's keys — all of one queue's keys share one slot, the reserved {emq} keys live elsewhere.
import { h, fill, field } from '../../lib/dom.js';
import { panelState } from '../../lib/panel-state.js';
import { refusalText } from '../../lib/refusal.js';
import { panelFrame } from '../../views/panel-frame.js';
import { hashOf, keyRows, nodeOf, queueSlots, PLACEMENT_DEFAULTS } from './placement-model.js';

export { PLACEMENT_DEFAULTS };

const LEDE =
  "hash32 (the first half of MurmurHash3's fmix64) places rows: shards, tries, cache partitions. The cluster slot is CRC16-XMODEM of the hashtag, mod 16384.";

function hashView(id) {
  const p = hashOf(id);
  if (p.error) {
    return h('p', { class: 'error-text', 'data-testid': 'hash-error' }, `No Snowflake to hash: ${refusalText(id)}.`);
  }
  const value = p.hash32;
  return h(
    'dl',
    { class: 'kv', 'data-testid': 'hash' },
    h('dt', null, 'snowflake'),
    h('dd', null, p.snowflake.toString()),
    h('dt', null, 'hash32'),
    h('dd', { 'data-field': 'hash32' }, String(value)),
    h('dt', null, 'hex'),
    h('dd', null, `0x${value.toString(16).padStart(8, '0')}`),
    h('dt', null, 'input'),
    h(
      'dd',
      { class: 'muted' },
      `the Snowflake alone — ${p.namespace} plays no part, so every holder of this Snowflake places it the same way`,
    ),
  );
}

function slotView(queue, id, slotMap) {
  const rows = keyRows(queue, id);
  const slots = queueSlots(rows);
  const table = h(
    'div',
    { class: 'kv-table' },
    h(
      'dl',
      { class: 'kv', 'data-testid': 'slots' },
      rows.map((r) => [
        h('dt', null, r.label),
        h(
          'dd',
          null,
          r.error
            ? h('span', { class: 'error-text' }, r.error)
            : [
                h('span', null, r.key),
                '  →  slot ',
                h('strong', { 'data-slot': r.label }, String(r.slot)),
                ...(nodeOf(slotMap, r.slot)
                  ? ['  on  ', h('strong', { 'data-node': r.label }, nodeOf(slotMap, r.slot))]
                  : []),
              ],
        ),
      ]),
    ),
  );
  let verdict = null;
  if (slots) {
    verdict =
      slots.size === 1
        ? h(
            'p',
            { class: 'match' },
            `One slot for the whole queue: ${[...slots][0]} — a multi-key transition never crosses shards.`,
          )
        : h('p', { class: 'mismatch' }, "The queue's keys land in different slots.");
  }
  return [table, verdict];
}

/**
 * The Placement panel: {element, set(state)}; `onState` is given its state as the reader changes it. With a
 * bridge live on a cluster, each key's slot also names the primary serving it (hello's slot map).
 */
export function createPlacementPanel({ state, onState, bridge = null }) {
  const model = panelState({ defaults: PLACEMENT_DEFAULTS, state, onState });
  const idInput = h('input', {
    type: 'text',
    class: 'id',
    spellcheck: 'false',
    autocomplete: 'off',
    size: 22,
  });
  const queueInput = h('input', {
    type: 'text',
    class: 'mono',
    spellcheck: 'false',
    autocomplete: 'off',
    size: 16,
  });
  const idField = field('Branded id', idInput);
  const queueField = field('Queue', queueInput, '[A-Za-z0-9._-]{1,128}, not "emq"');
  const hashOut = h('div');
  const slotOut = h('div', { 'aria-live': 'polite' });

  function render() {
    fill(hashOut, hashView(idInput.value));
    fill(slotOut, slotView(queueInput.value, idInput.value, bridge?.hello?.slots));
  }
  // Live on a cluster, each key also shows the primary its slot lands on now.
  bridge?.addEventListener('change', render);
  model.bind(
    [
      ['id', idInput],
      ['queue', queueInput],
    ],
    render,
  );

  const element = panelFrame(
    { key: 'placement', title: 'Placement', lede: LEDE },
    h('div', { class: 'row' }, idField.field, queueField.field),
    h('h3', null, 'hash32'),
    hashOut,
    h('h3', null, "Cluster slots of the queue's keys"),
    slotOut,
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
