// The 64-bit layout of a Snowflake: sign 1 | ts 41 | node 10 | seq 12, each field coloured with its value.
import { h } from '../lib/dom.js';
import { formatIso } from '../lib/format.js';

const FIELDS = [
  { key: 'sign', name: 'sign', bits: 1 },
  { key: 'ts', name: 'ts · 41 bits', bits: 41 },
  { key: 'node', name: 'node · 10', bits: 10 },
  { key: 'seq', name: 'seq · 12', bits: 12 },
];

function fieldOfBit(index) {
  let end = 0;
  for (const f of FIELDS) {
    end += f.bits;
    if (index < end) return f.key;
  }
  return 'seq';
}

/** parsed: {snowflake: bigint, unixMs, node, seq}; epochMs: the package's EPOCH_MS. */
export function layout64(parsed, epochMs) {
  const bits = parsed.snowflake.toString(2).padStart(64, '0');
  const cells = [...bits].map((bit, i) => {
    const key = fieldOfBit(i);
    const edge = i === 1 || i === 42 || i === 52;
    return h(
      'span',
      {
        class: `bit ${key} ${bit === '1' ? 'one' : 'zero'}${edge ? ' edge' : ''}`,
        title: `bit ${63 - i} (${key})`,
      },
      bit,
    );
  });
  const tsValue = parsed.unixMs - epochMs;
  const values = {
    sign: ['', ''],
    ts: [String(tsValue), `ms since ${formatIso(epochMs)} → ${formatIso(parsed.unixMs)}`],
    node: [String(parsed.node), '0–1023'],
    seq: [String(parsed.seq), '0–4095'],
  };
  const fields = FIELDS.map((f) =>
    h(
      'div',
      { class: `f-${f.key}` },
      h('div', { class: 'f-name' }, f.key === 'sign' ? '' : f.name),
      h('div', { class: 'f-value' }, values[f.key][0]),
      h('div', { class: 'muted' }, values[f.key][1]),
    ),
  );
  // Focusable: on a narrow screen it scrolls sideways, and the keyboard must be able to scroll it.
  return h(
    'div',
    { class: 'layout', role: 'group', 'aria-label': '64-bit layout of the snowflake', tabindex: '0' },
    h('div', { class: 'bits', 'aria-hidden': 'true' }, cells),
    h('div', { class: 'fields' }, fields),
    h(
      'p',
      { class: 'hint' },
      'Bit 63, the grey one, is always 0: a Snowflake has 63 bits, so it fits a signed 64-bit integer.',
    ),
  );
}
