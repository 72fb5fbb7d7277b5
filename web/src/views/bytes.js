// An id drawn as its bytes: one cell per byte, the three the wire gate reads highlighted, the byte a
// refusal points at marked. Offsets are byte offsets (UTF-8), as the package reports them.
import { ID_LENGTH } from '@echomq/branded';
import { h } from '../lib/dom.js';

const GATE_BYTES = 3;
const MAX_CELLS = 24;
const encoder = new TextEncoder();

function show(byte) {
  if (byte > 0x20 && byte < 0x7f) return String.fromCharCode(byte);
  if (byte === 0x20) return '␠';
  return byte.toString(16).padStart(2, '0');
}

/** The byte offsets a refusal marks: one byte, the payload for `range`, nothing for `length`. */
export function markedBytes(error, offset, size) {
  if (!error || offset < 0) return new Set();
  if (error === 'range') return new Set(Array.from({ length: ID_LENGTH - offset }, (_, i) => offset + i));
  if (error === 'length') return new Set();
  return offset < size ? new Set([offset]) : new Set();
}

/**
 * id: the text; error/offset: the refusal from the package (or none). `gate`: highlight the first three
 * bytes as the wire gate's. Shorter ids get dashed placeholders up to ID_LENGTH, longer ones dashed extras.
 */
export function byteCells(id, { error = null, offset = -1, gate = true } = {}) {
  const bytes = encoder.encode(id);
  const marked = markedBytes(error, offset, bytes.length);
  const cells = [];
  const shown = Math.min(bytes.length, MAX_CELLS);
  for (let i = 0; i < shown; i += 1) {
    const classes = ['byte', i < GATE_BYTES ? 'ns' : 'payload'];
    if (gate && i < GATE_BYTES) classes.push('gate');
    if (marked.has(i)) classes.push('bad');
    if (i >= ID_LENGTH) classes.push('extra');
    cells.push(
      h(
        'span',
        { class: classes.join(' '), title: `byte ${i}: 0x${bytes[i].toString(16).padStart(2, '0')}` },
        h('span', { class: 'ch' }, show(bytes[i])),
        h('span', { class: 'at' }, i),
      ),
    );
  }
  for (let i = bytes.length; i < ID_LENGTH; i += 1) {
    cells.push(
      h(
        'span',
        { class: 'byte extra empty', title: `byte ${i}: missing` },
        h('span', { class: 'ch' }, '·'),
        h('span', { class: 'at' }, i),
      ),
    );
  }
  if (bytes.length > MAX_CELLS) cells.push(h('span', { class: 'muted' }, `… ${bytes.length - MAX_CELLS} more bytes`));
  const summary = `${bytes.length} byte${bytes.length === 1 ? '' : 's'}`;
  return h('div', { class: 'bytes', role: 'img', 'aria-label': `${summary}: ${id}` }, cells);
}

/** The key to the byte cells: the gate and refused-byte swatches when asked for, and what dashed cells mean. */
export function bytesLegend({ gate = true, bad = false } = {}) {
  return h(
    'div',
    { class: 'bytes-legend' },
    gate ? h('span', null, h('span', { class: 'swatch gate' }), 'the 3 bytes the wire gate reads') : null,
    bad ? h('span', null, h('span', { class: 'swatch bad' }), 'where the host check fails') : null,
    h('span', null, `dashed: missing or extra bytes (an id is exactly ${ID_LENGTH})`),
  );
}

/** The id as text with the refused byte(s) wrapped in <mark>, for table cells. */
export function markedText(id, error, offset) {
  const bytes = encoder.encode(id);
  const marked = markedBytes(error, offset, bytes.length);
  if (marked.size === 0) return [id];
  // Widened to whole characters, so a marked byte inside a multi-byte character marks that character.
  const continuation = (i) => (bytes[i] & 0xc0) === 0x80;
  let first = Math.min(...marked);
  let last = Math.max(...marked) + 1;
  while (first > 0 && continuation(first)) first -= 1;
  while (last < bytes.length && continuation(last)) last += 1;
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true }); // a leading byte order mark is shown, not dropped
  const part = (a, b) => decoder.decode(bytes.subarray(a, b));
  const mark = h('mark', { class: error === 'range' ? 'range' : null }, part(first, last) || '·');
  return [part(0, first), mark, part(last, bytes.length)];
}
