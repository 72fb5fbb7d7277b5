// Mint: namespace + node → fresh ids from the package's monotonic minter, with copy buttons.
import { createMinter, parse } from '@echomq/branded';
import { h, fill, field } from '../lib/dom.js';
import { panelState } from '../lib/panel-state.js';
import { formatCount, formatIso } from '../lib/format.js';
import { copyButton } from '../views/controls.js';
import { namespaceRefusal } from '../lib/refusal.js';

export const MINT_DEFAULTS = { ns: 'JOB', node: '0', count: '5' };
const MAX_COUNT = 1000;

/** The Mint panel: {element, set(state)}; `onState` is given its state as the reader changes it. */
export function createMintPanel({ state, onState }) {
  const model = panelState({ defaults: MINT_DEFAULTS, state, onState });
  let minter = null;
  let minterKey = '';
  let minted = 0;

  const nsInput = h('input', {
    type: 'text',
    class: 'mono',
    size: 5,
    maxlength: 8,
    spellcheck: 'false',
    autocomplete: 'off',
  });
  const nodeInput = h('input', { type: 'number', min: 0, max: 1023, step: 1 });
  const countInput = h('input', { type: 'number', min: 1, max: MAX_COUNT, step: 1 });
  const nsField = field('Namespace', nsInput, '3 × A–Z');
  const nodeField = field('Node', nodeInput, '0–1023');
  const countField = field('How many', countInput, `1–${MAX_COUNT}`);
  const mintButton = h('button', { type: 'button', class: 'primary' }, 'Mint');
  const message = h('p', { role: 'status', 'aria-live': 'polite' });
  const list = h('ol', { class: 'idlist', 'data-testid': 'minted' });
  const copyAll = copyButton(
    () => [...list.querySelectorAll('.id')].map((e) => e.textContent).join('\n'),
    'Copy all minted ids',
    'Copy all',
  );
  copyAll.hidden = true;

  function minterFor(ns, node) {
    const key = `${ns}/${node}`;
    if (key !== minterKey) {
      minter = createMinter({ namespace: ns, node });
      minterKey = key;
    }
    return minter;
  }

  function mint() {
    const count = Number(countInput.value);
    if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
      fill(message, h('span', { class: 'error-text' }, `How many: a whole number from 1 to ${MAX_COUNT}.`));
      return;
    }
    if (!/^-?\d+$/.test(nodeInput.value.trim())) {
      fill(
        message,
        h(
          'span',
          { class: 'error-text', 'data-testid': 'mint-error' },
          'Node: a whole number 0–1023; nothing was minted.',
        ),
      );
      return;
    }
    let source;
    try {
      source = minterFor(nsInput.value, Number(nodeInput.value));
    } catch (error) {
      // The namespace in the package's words (with its did-you-mean); the node's range as the field says it.
      const why =
        error.code === 'namespace'
          ? (namespaceRefusal(nsInput.value) ?? error.message)
          : error.code === 'node'
            ? 'the node must be a whole number 0–1023'
            : error.message;
      fill(
        message,
        h(
          'span',
          { class: 'error-text', 'data-testid': 'mint-error' },
          h('code', null, error.code ?? 'error'),
          ` — ${why}; nothing was minted.`,
        ),
      );
      return;
    }
    const ids = Array.from({ length: count }, () => source.next());
    minted += count;
    fill(
      list,
      ids.map((id) => {
        const p = parse(id);
        return h(
          'li',
          null,
          h('span', { class: 'id' }, id),
          h('span', { class: 'muted mono' }, `${formatIso(p.unixMs)} · seq ${p.seq}`),
          copyButton(() => id, `Copy ${id}`),
        );
      }),
    );
    copyAll.hidden = false;
    fill(
      message,
      `${formatCount(count)} fresh id${count === 1 ? '' : 's'}, each greater than the one before (byte order = mint order). ${formatCount(minted)} minted by this page.`,
    );
  }
  mintButton.addEventListener('click', mint);

  const inputs = [
    ['ns', nsInput],
    ['node', nodeInput],
    ['count', countInput],
  ];
  model.bind(inputs);
  for (const [, input] of inputs)
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') mint();
    });

  const element = h(
    'section',
    { class: 'panel', 'aria-labelledby': 'mint-title', 'data-panel': 'mint' },
    h(
      'header',
      null,
      h('h2', { id: 'mint-title' }, 'Mint'),
      h(
        'p',
        { class: 'lede' },
        'The minting law: state = max(now, state + 1). Monotonic, never blocks, never repeats; a 4,097th id in one millisecond borrows the next.',
      ),
    ),
    h('div', { class: 'row' }, nsField.field, nodeField.field, countField.field, mintButton, copyAll),
    message,
    list,
  );

  return {
    element,
    set(next) {
      model.set(next);
    },
  };
}
