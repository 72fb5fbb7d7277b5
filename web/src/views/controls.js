// Small reusable controls: verdict cards, copy buttons, segmented radio groups, preset chips.
import { h, uid } from '../lib/dom.js';

/** outcome: 'pass' | 'refuse' | 'skip'. */
export function verdictCard({ who, outcome, what, why, extra }) {
  const icon = { pass: '✓', refuse: '✕', skip: '–' }[outcome] ?? '';
  return h(
    'section',
    { class: 'verdict', 'data-outcome': outcome, 'aria-label': who },
    h('div', { class: 'who' }, who),
    h('div', { class: 'what' }, h('span', { 'aria-hidden': 'true' }, icon), what),
    why ? h('p', { class: 'why' }, why) : null,
    extra ?? null,
  );
}

/** A button that copies `getText()` to the clipboard and says for a moment whether it could. */
export function copyButton(getText, label = 'Copy', text = 'Copy') {
  const button = h('button', { type: 'button', class: 'small', 'aria-label': label });
  button.textContent = text;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(getText());
      flash(button, 'Copied', text);
    } catch {
      flash(button, 'Select & copy', text);
    }
  });
  return button;
}

function flash(button, message, text) {
  button.textContent = message;
  button.classList.add('copied');
  setTimeout(() => {
    button.textContent = text;
    button.classList.remove('copied');
  }, 1200);
}

/** A labelled group of radio buttons; onChange(value). Returns {element, set(value)}. */
export function segmented(legend, options, value, onChange) {
  const name = uid('seg');
  const inputs = options.map(([optionValue, text]) => {
    const input = h('input', { type: 'radio', name, value: optionValue, checked: optionValue === value });
    input.addEventListener('change', () => input.checked && onChange(optionValue));
    return { input, label: h('label', null, input, text) };
  });
  const element = h(
    'fieldset',
    { class: 'field' },
    h('legend', { class: 'label' }, legend),
    h(
      'div',
      { class: 'segmented' },
      inputs.map((i) => i.label),
    ),
  );
  return {
    element,
    set(v) {
      for (const { input } of inputs) input.checked = input.value === v;
    },
  };
}

/** Preset chips that fill a value; the chip matching the current value is pressed. */
export function presetChips(label, presets, onPick) {
  const buttons = presets.map((preset) =>
    h(
      'button',
      {
        type: 'button',
        class: 'chip',
        'aria-pressed': 'false',
        onclick: () => onPick(preset),
      },
      preset,
    ),
  );
  const element = h(
    'div',
    { class: 'chips', role: 'group', 'aria-label': label },
    h('span', { class: 'label' }, label),
    buttons,
  );
  return {
    element,
    update(value) {
      buttons.forEach((b, i) => b.setAttribute('aria-pressed', String(presets[i] === value)));
    },
  };
}
