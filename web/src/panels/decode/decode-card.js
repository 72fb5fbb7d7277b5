// The one-id form of Decode, for the docs widget: a text field and the id taken apart under it (no table,
// no batch tools, no scan). Every value comes from @echomq/branded.
import { parse, errorOffset, hash32 } from '@echomq/branded';
import { h, fill, field, debounce } from '../../lib/dom.js';
import { parsedDetail, refusedDetail } from '../../views/id-detail.js';
import { panelFrame } from '../../views/panel-frame.js';
import { DECODE_DEFAULTS } from './decode-model.js';
import { fromTheFuture } from './plausibility.js';

function detailOf(id) {
  if (id === '') return h('p', { class: 'empty' }, 'Paste an id to decode it.');
  const p = parse(id);
  if (!p.ok) return refusedDetail(id, { error: p.error, offset: errorOffset(id) });
  return parsedDetail(id, { ...p, hash32: hash32(p.snowflake) }, { future: fromTheFuture(p.unixMs) });
}

/** The one-id Decode card: {element, set(state)}; `onState` is given {ids} as the reader edits it. */
export function createDecodeCard({ state, onState }) {
  let current = { ids: DECODE_DEFAULTS.ids, ...state };
  const input = h('input', { type: 'text', spellcheck: 'false', autocomplete: 'off', class: 'id', value: current.ids });
  const detail = h('div', { class: 'detail compact', 'aria-live': 'polite' });
  const render = () => fill(detail, detailOf(input.value));
  input.addEventListener(
    'input',
    debounce(() => {
      current = { ...current, ids: input.value };
      render();
      onState?.(current);
    }, 60),
  );
  const element = panelFrame({ key: 'decode', title: 'Decode' }, field('Branded id', input).field, detail);
  render();
  return {
    element,
    set(next) {
      current = { ids: DECODE_DEFAULTS.ids, ...next };
      if (input.value !== current.ids) input.value = current.ids;
      render();
    },
  };
}
