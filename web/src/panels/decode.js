// Decode: one id or thousands (one per line) → the table, and for the selected id its bytes and its
// 64-bit layout. Every value comes from @echomq/branded: one parseMany call for all the lines (with the
// derived columns), then streamId and errorOffset for the rows in view.
import { streamId, errorOffset, EPOCH_MS, ERROR_CODES } from '@echomq/branded';
import { h, fill, field, debounce } from '../lib/dom.js';
import { formatCount, formatIso, formatLocal, formatLocalShort, formatAgo, localZone } from '../lib/format.js';
import { VirtualTable } from '../views/vtable.js';
import { byteCells, bytesLegend, markedText } from '../views/bytes.js';
import { layout64 } from '../views/layout64.js';
import { copyButton } from '../views/controls.js';
import { decodeText } from './decode-model.js';
import { ScanDecoded } from './decode-scan.js';
import { startScan, SCAN_WHERE } from '../explorer/scan-client.js';
import { batchTools } from './decode-batch.js';
import { batchCharts } from '../views/batch-charts.js';

export const DECODE_DEFAULTS = { ids: 'JOB0KHTOWnGLuC', sel: '0', mode: 'lines' };
// A paste longer than this is decoded without entering the text box (a browser lays out a box of a million
// lines for tens of seconds); the box then says what it holds.
const LARGE_PASTE_CHARS = 1 << 20;
const MODES = [
  ['lines', 'One id per line'],
  ['scan', 'Find ids in any text'],
];

const EXAMPLES = [
  'JOB0KHTOWnGLuC',
  'USR0KHTOWnGLuC',
  'USR0NgWEfAEJfs',
  'EVT000xY9Wvvcd',
  'USRAzL8n0Y58m7',
  'USR00000000000',
  'USRzzzzzzzzzzz',
  'usr0KHTOWnGLuC',
  'USR0KHTOWnGLu',
  'USR0KHTOWnGLuCx',
  'USR0KHTOWnGL!C',
  'job-42',
].join('\n');

// Widths in ch of the cells' monospace font (base.css), so each engine's glyph width sizes its own columns;
// --decode-ago / --decode-local are set to 0 by base.css when the table's box is too narrow for them.
const width = (chars) => `calc(${chars}ch + 0.8rem)`;
const COLUMNS = [
  { key: 'i', label: 'line', width: width(7) },
  { key: 'id', label: 'id', width: width(14) },
  { key: 'ns', label: 'ns', width: width(3) },
  { key: 'snowflake', label: 'snowflake', width: width(19) },
  { key: 'iso', label: 'UTC (ISO 8601)', width: width(24) },
  { key: 'local', label: `local time (${localZone()})`, width: `var(--decode-local, ${width(26)})` },
  { key: 'ago', label: 'how long ago', width: `var(--decode-ago, ${width(15)})` },
  { key: 'node', label: 'node', width: width(6) },
  { key: 'seq', label: 'seq', width: width(6) },
  { key: 'hash32', label: 'hash32', width: width(10) },
  { key: 'stream', label: 'stream entry id', width: width(21) },
];

const describeByte = (byte) =>
  byte > 0x20 && byte < 0x7f ? JSON.stringify(String.fromCharCode(byte)) : `0x${byte.toString(16).padStart(2, '0')}`;

/** Why the host refuses, in words, for the error class the package reported. */
export function refusalText(id, error, offset) {
  const bytes = new TextEncoder().encode(id);
  switch (error) {
    case 'length':
      return `length — ${formatCount(bytes.length)} bytes, an id is exactly 14`;
    case 'namespace':
      return `namespace — byte ${offset} (${describeByte(bytes[offset])}) is not A–Z`;
    case 'charset':
      return `charset — byte ${offset} (${describeByte(bytes[offset])}) is not Base62`;
    case 'range':
      return 'range — the payload decodes to ≥ 2^63: refused, never wrapped';
    default:
      return error;
  }
}

function fact(label, value, name) {
  return h('div', null, h('dt', null, label), h('dd', { 'data-field': name }, value));
}

function cell(key, content, extra = '') {
  return h('span', { role: 'gridcell', class: `c-${key} ${extra}` }, content);
}

/**
 * The Decode panel: {element, set(state)}; `onState` is given its state as the reader changes it.
 * `compact`: the one-id form, for the docs widgets.
 */
export function createDecodePanel({ state, onState, compact = false }) {
  let current = { ...DECODE_DEFAULTS, ...state };
  let decoded = decodeText('');

  const input = compact
    ? h('input', { type: 'text', spellcheck: 'false', autocomplete: 'off', class: 'id', value: current.ids })
    : h('textarea', { spellcheck: 'false', autocomplete: 'off', rows: 6, value: current.ids });
  const inputField = field(
    compact ? 'Branded id' : 'Ids, one per line',
    input,
    compact ? null : 'One id or thousands. Nothing is trimmed: a blank line is an id of length 0.',
  );
  const summary = h('div', { class: 'summary', role: 'status', 'aria-live': 'polite' });
  const detail = h('div', { class: compact ? 'detail compact' : 'detail', 'aria-live': 'polite' });
  const charts = h('div', { class: 'charts' });

  let order = null; // the filtered, sorted row → id index (null: every id, in input order)
  const at = (row) => (order ? order[row] : row);
  const rowView = (row) => {
    const index = at(row);
    const id = decoded.id(index);
    const first = cell('i', String(decoded.scanned ? decoded.line(index) : index + 1));
    if (!decoded.ok(index)) {
      const error = decoded.error(index);
      const offset = errorOffset(id);
      return {
        refused: true,
        cells: [
          first,
          cell('id', markedText(id, error, offset), 'c-mono'),
          h('span', { role: 'gridcell', class: 'c-err' }, refusalText(id, error, offset)),
        ],
      };
    }
    const p = decoded.fields(index);
    return {
      refused: false,
      cells: [
        first,
        cell('id', id, 'c-mono'),
        cell('ns', p.namespace, 'c-mono'),
        cell('snowflake', p.snowflake.toString(), 'c-mono num'),
        cell('iso', formatIso(p.unixMs), 'c-mono'),
        cell('local', formatLocalShort(p.unixMs)),
        cell('ago', formatAgo(p.unixMs)),
        cell('node', String(p.node), 'num'),
        cell('seq', String(p.seq), 'num'),
        cell('hash32', String(p.hash32), 'c-mono num'),
        cell('stream', streamId(p.snowflake), 'c-mono'),
      ],
    };
  };

  const table = compact
    ? null
    : new VirtualTable({
        columns: COLUMNS,
        renderRow: rowView,
        label: 'Decoded ids',
        onSelect: (row) => {
          renderDetail(at(row));
          current = { ...current, sel: String(row) };
          onState?.(current);
        },
      });

  function renderSummary() {
    if (compact) return;
    const counts = decoded.refusedByClass();
    const refused = ERROR_CODES.filter((c) => counts[c]).map((c) => `${c} ${formatCount(counts[c])}`);
    const span = decoded.span();
    fill(
      summary,
      h(
        'span',
        null,
        h('strong', { 'data-testid': 'count' }, formatCount(decoded.count)),
        decoded.count === 1 ? ' id' : ' ids',
      ),
      h('span', { class: 'badge ok' }, `${formatCount(decoded.count - decoded.refused)} decoded`),
      decoded.refused
        ? h('span', { class: 'badge bad' }, `${formatCount(decoded.refused)} refused: ${refused.join(', ')}`)
        : null,
      span ? h('span', { class: 'muted' }, `spans ${formatIso(span.first)} → ${formatIso(span.last)}`) : null,
      decoded.source ? h('span', { class: 'muted', 'data-testid': 'source' }, decoded.source) : null,
      h(
        'span',
        { class: 'muted', 'data-testid': 'parse-ms', 'data-ms': decoded.parseMs.toFixed(3) },
        `${decoded.scanned ? `scan (${SCAN_WHERE})` : 'parseMany'}: ${decoded.parseMs < 1 ? decoded.parseMs.toFixed(2) : decoded.parseMs.toFixed(1)} ms`,
      ),
    );
  }

  function renderDetail(index) {
    if (decoded.count === 0) {
      fill(detail, h('p', { class: 'empty' }, 'Paste an id to decode it.'));
      return;
    }
    const id = decoded.id(index);
    if (!decoded.ok(index)) {
      const error = decoded.error(index);
      const offset = errorOffset(id);
      fill(
        detail,
        h(
          'div',
          { class: 'title' },
          h('span', { class: 'big-id' }, markedText(id, error, offset)),
          h('span', { class: 'badge bad', 'data-testid': 'error-class' }, error),
        ),
        h('p', { class: 'error-text' }, `The host refuses it: ${refusalText(id, error, offset)}.`),
        h('h3', null, 'The bytes'),
        byteCells(id, { error, offset }),
        bytesLegend({ bad: true }),
      );
      return;
    }
    const p = decoded.fields(index);
    fill(
      detail,
      h(
        'div',
        { class: 'title' },
        h('span', { class: 'big-id' }, id),
        h('span', { class: 'badge ok' }, 'valid'),
        copyButton(() => id, `Copy ${id}`),
      ),
      h(
        'dl',
        { class: 'facts', 'data-testid': 'fields' },
        fact('namespace', p.namespace),
        fact('snowflake', p.snowflake.toString()),
        fact('UTC', formatIso(p.unixMs), 'iso'),
        fact('local time', [formatLocal(p.unixMs), h('span', { class: 'sub' }, formatAgo(p.unixMs))]),
        fact('unix ms', String(p.unixMs)),
        fact('node', String(p.node), 'node'),
        fact('seq', String(p.seq), 'seq'),
        fact('hash32', String(p.hash32), 'hash32'),
        fact('stream entry id', streamId(p.snowflake), 'stream'),
      ),
      h('h3', null, 'The 14 bytes'),
      byteCells(id),
      bytesLegend(),
      h('h3', null, 'The 64-bit snowflake'),
      layout64(p, EPOCH_MS),
    );
  }

  function show(next) {
    decoded = next;
    order = null;
    batch?.reset(decoded);
    renderSummary();
    if (!compact) fill(charts, batchCharts(decoded));
    refreshTable();
  }

  function refreshTable() {
    const rows = order ? order.length : decoded.count;
    const selected = Math.min(Number(current.sel) || 0, Math.max(rows - 1, 0));
    table?.setCount(rows, selected);
    if (rows === 0 && decoded.count > 0) fill(detail, h('p', { class: 'empty' }, 'No id matches the filter.'));
    else renderDetail(at(selected));
  }

  // Scans are asynchronous: only the latest one is shown, and starting one cancels the one before.
  let scanning = null;
  function endScan(message) {
    scanning = null;
    progress.hidden = true;
    cancelButton.hidden = true;
    progressText.textContent = message;
  }

  function stopScan(message = '') {
    if (!scanning) return;
    scanning.cancel();
    endScan(message);
  }

  async function scanNow(source, label) {
    stopScan();
    const size = source.size ?? source.byteLength;
    progress.hidden = false;
    progress.value = 0;
    progress.max = Math.max(size, 1);
    cancelButton.hidden = false;
    const status = (done) => `Scanning ${label}… ${Math.floor((100 * done) / Math.max(size, 1))}%`;
    progressText.textContent = status(0);
    const job = startScan(source, (done, total) => {
      if (scanning !== job) return;
      progress.max = Math.max(total, 1);
      progress.value = done;
      progressText.textContent = status(done);
    });
    scanning = job;
    try {
      const found = await job.result;
      if (scanning !== job) return;
      if (!found) return endScan(`The scan of ${label} was cancelled.`);
      endScan('');
      show(new ScanDecoded(found.columns, found.scanMs, label));
    } catch (error) {
      if (scanning === job) endScan(`The scan failed: ${error.message}`);
    }
  }

  function decodeNow() {
    if (!compact && current.mode === 'scan') {
      const bytes = new TextEncoder().encode(input.value);
      scanNow(bytes.buffer, 'the pasted text');
      return;
    }
    stopScan();
    show(decodeText(input.value, { single: compact }));
  }

  function pasteLarge(text) {
    input.value = '';
    current = { ...current, ids: '', sel: '0' };
    onState?.(current);
    const bytes = new TextEncoder().encode(text);
    const source = `a paste of ${formatCount(bytes.length)} bytes (not shown in the box)`;
    if (current.mode === 'scan') scanNow(bytes.buffer, source);
    else {
      stopScan();
      const next = decodeText(text);
      next.source = source;
      show(next);
    }
  }

  // The File itself goes to the scan, which reads it a piece at a time.
  function openFile(file) {
    if (file) scanNow(file, `${file.name} (${formatCount(file.size)} bytes)`);
  }

  const onInput = debounce(
    () => {
      current = { ...current, ids: input.value, sel: '0' };
      decodeNow();
      onState?.(current);
    },
    compact ? 60 : 120,
  );
  input.addEventListener('input', onInput);
  if (!compact)
    input.addEventListener('paste', (event) => {
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (text.length <= LARGE_PASTE_CHARS) return;
      event.preventDefault();
      pasteLarge(text);
    });

  const progress = compact
    ? null
    : h('progress', {
        class: 'scan-progress',
        'data-testid': 'scan-progress',
        hidden: true,
        'aria-label': 'Scan progress',
      });
  const progressText = h('span', { class: 'muted', role: 'status', 'data-testid': 'scan-status' });
  const cancelButton = h(
    'button',
    { type: 'button', hidden: true, 'data-testid': 'scan-cancel', onclick: () => stopScan('The scan was cancelled.') },
    'Cancel',
  );
  const fileInput = h('input', { type: 'file', hidden: true, 'data-testid': 'file-input' });
  fileInput.addEventListener('change', () => {
    openFile(fileInput.files[0]);
    fileInput.value = '';
  });
  const modeSelect = h(
    'select',
    { 'data-testid': 'mode' },
    MODES.map(([value, label]) => h('option', { value, selected: value === current.mode }, label)),
  );
  modeSelect.value = current.mode;
  modeSelect.addEventListener('change', () => {
    current = { ...current, mode: modeSelect.value, sel: '0' };
    decodeNow();
    onState?.(current);
  });
  const tools = compact
    ? null
    : h(
        'div',
        { class: 'chips' },
        field('Read the text as', modeSelect).field,
        h('button', { type: 'button', onclick: () => setIds(EXAMPLES) }, 'The SPEC vectors'),
        h('button', { type: 'button', onclick: () => setIds('') }, 'Clear'),
        h('button', { type: 'button', 'data-testid': 'open-file', onclick: () => fileInput.click() }, 'Open a file…'),
        fileInput,
        progress,
        cancelButton,
        progressText,
      );
  const batch = compact
    ? null
    : batchTools({
        onOrder: (next) => {
          order = next;
          current = { ...current, sel: '0' };
          refreshTable();
        },
      });

  function setIds(text) {
    input.value = text;
    current = { ...current, ids: text, sel: '0' };
    decodeNow();
    onState?.(current);
    input.focus();
  }

  const element = h(
    'section',
    { class: 'panel', 'aria-labelledby': 'decode-title', 'data-panel': 'decode' },
    h(
      'header',
      null,
      h('h2', { id: 'decode-title' }, 'Decode'),
      compact
        ? null
        : h(
            'p',
            { class: 'lede' },
            'A branded id is 3 bytes of namespace and 11 Base62 digits of a 63-bit Snowflake. Paste ids to take them apart; a refused id shows its error class and the byte the check trips on.',
          ),
    ),
    inputField.field,
    tools,
    summary,
    compact ? null : charts,
    batch?.element,
    table?.element,
    detail,
  );
  if (!compact) {
    element.addEventListener('dragover', (event) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      element.classList.add('dropping');
    });
    element.addEventListener('dragleave', () => element.classList.remove('dropping'));
    element.addEventListener('drop', (event) => {
      element.classList.remove('dropping');
      const file = event.dataTransfer?.files[0];
      if (!file) return;
      event.preventDefault();
      openFile(file);
    });
  }

  decodeNow();
  return {
    element,
    set(next) {
      current = { ...DECODE_DEFAULTS, ...next };
      if (input.value !== current.ids) input.value = current.ids;
      if (modeSelect.value !== current.mode) modeSelect.value = current.mode;
      decodeNow();
    },
  };
}
