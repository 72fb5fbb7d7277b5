// Decode: one id or thousands (one per line), or any text or file scanned for ids → the table, and for the
// selected id its bytes and its 64-bit layout. The model (decode-model.js) holds the state, the rows and the
// scan; this file draws them. Every value comes from @echomq/branded.
import { streamId, errorOffset, ERROR_CODES, ID_LENGTH } from '@echomq/branded';
import { h, fill, field, debounce } from '../../lib/dom.js';
import { formatCount, formatIso, formatLocalShort, formatAgo, localZone } from '../../lib/format.js';
import { refusalOf, refusalText } from '../../lib/refusal.js';
import { VirtualTable } from '../../views/vtable.js';
import { markedText } from '../../views/bytes.js';
import { parsedDetail, refusedDetail } from '../../views/id-detail.js';
import { panelFrame } from '../../views/panel-frame.js';
import { batchCharts } from '../../views/batch-charts.js';
import { SCAN_WHERE } from '../../scan/scan-client.js';
import { createDecodeModel, DECODE_DEFAULTS, LARGE_PASTE_CHARS } from './decode-model.js';
import { batchTools } from './decode-batch.js';
import { readingNote } from '../../views/reading-note.js';
import { fleetReady, fleetView } from './fleet-view.js';

export { DECODE_DEFAULTS };

const MODES = [
  ['lines', 'One id per line, or anything'],
  ['exact', 'One id per line, exactly as typed'],
  ['scan', 'Find ids in any text'],
];
const INPUT_LABEL = { lines: 'Ids, one per line', exact: 'Ids, one per line', scan: 'Text to search for ids' };
const INPUT_HINT = {
  lines:
    'One id or thousands. Text that is no id is read for what it holds (a URL, a log line, a Snowflake, an id in spaces) and the fix is named.',
  exact: 'Each line exactly as a host reads it: nothing is trimmed, a blank line is an id of length 0.',
  scan: `Logs, JSON, CSV, URLs: every run of ${ID_LENGTH} letters and digits that starts with three capitals is a candidate.`,
};

// The contract's vectors: valid ids, then one of each refusal.
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
  { key: 'id', label: 'id', width: width(ID_LENGTH) },
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

function cell(key, content, extra = '') {
  return h('span', { role: 'gridcell', class: `c-${key} ${extra}` }, content);
}

/** One table row of `decoded`: the id's cells, or its refusal. */
function rowCells(decoded, index) {
  const id = decoded.id(index);
  const first = cell('i', String(decoded.line(index)));
  if (!decoded.ok(index)) {
    const error = decoded.error(index);
    const offset = errorOffset(id);
    return {
      refused: true,
      cells: [
        first,
        Object.assign(cell('id', markedText(id, error, offset), 'c-mono'), { title: id }),
        h('span', { role: 'gridcell', class: 'c-err' }, refusalText(id)),
      ],
    };
  }
  const p = decoded.fields(index);
  const future = decoded.future(index);
  const early = decoded.early(index) !== null;
  const iso = cell('iso', formatIso(p.unixMs), future ? 'c-mono future' : early ? 'c-mono early' : 'c-mono');
  if (future) iso.title = 'From the future: no clock has minted it yet';
  if (early) iso.title = `Long before the rest of ${p.namespace} in this batch`;
  return {
    refused: false,
    future,
    cells: [
      first,
      cell('id', id, 'c-mono'),
      cell('ns', p.namespace, 'c-mono'),
      cell('snowflake', p.snowflake.toString(), 'c-mono num'),
      iso,
      cell('local', formatLocalShort(p.unixMs)),
      cell('ago', formatAgo(p.unixMs)),
      cell('node', String(p.node), 'num'),
      cell('seq', String(p.seq), 'num'),
      cell('hash32', String(p.hash32), 'c-mono num'),
      cell('stream', streamId(p.snowflake), 'c-mono'),
    ],
  };
}

// How many refused lines to ask whether they hold ids in other text (a pasted log): enough to tell, and cheap.
const LINES_ASKED = 200;

/** Whether some refused line of `decoded` (read one id per line) is text that holds ids: a URL, a log line. */
function holdsIds(decoded) {
  if (decoded.scanned) return false;
  let asked = 0;
  for (let i = 0; i < decoded.count && asked < LINES_ASKED; i += 1) {
    if (decoded.error(i) !== 'length') continue;
    asked += 1;
    if (refusalOf(decoded.id(i))?.remedy === 'scan') return true;
  }
  return false;
}

/** The line over the table: counts, refusals by class, the span, where the rows came from, the time taken. */
function summaryView(decoded) {
  const counts = decoded.refusedByClass();
  const refused = ERROR_CODES.filter((c) => counts[c]).map((c) => `${c} ${formatCount(counts[c])}`);
  const span = decoded.span();
  const future = decoded.futureCount();
  const early = decoded.earlyCount();
  const ms = decoded.parseMs;
  return [
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
    future
      ? h(
          'span',
          { class: 'badge warn', 'data-testid': 'future-count' },
          `${formatCount(future)} from the future (not in the time chart)`,
        )
      : null,
    early
      ? h(
          'span',
          { class: 'badge warn', 'data-testid': 'early-count' },
          `${formatCount(early)} long before the rest of ${early === 1 ? 'its' : 'their'} namespace (not in the time chart)`,
        )
      : null,
    span && span.first !== span.last
      ? h(
          'span',
          { class: 'muted', 'data-testid': 'span' },
          'spans ',
          h('span', { class: 'nowrap' }, formatIso(span.first)),
          ' → ',
          h('span', { class: 'nowrap' }, formatIso(span.last)),
        )
      : null,
    decoded.source ? h('span', { class: 'muted', 'data-testid': 'source' }, decoded.source) : null,
    h(
      'span',
      { class: 'muted', 'data-testid': 'parse-ms', 'data-ms': ms.toFixed(3) },
      `${decoded.scanned ? `scan (${SCAN_WHERE})` : 'parseMany'}: ${ms < 1 ? ms.toFixed(2) : ms.toFixed(1)} ms`,
    ),
  ];
}

/** The detail of row `index`: the id taken apart, or its refusal (`onScan` offered for a line of other text). */
function detailView(decoded, index, onScan, convert) {
  if (decoded.count === 0) return h('p', { class: 'empty' }, 'Paste an id to decode it.');
  const id = decoded.id(index);
  if (!decoded.ok(index)) {
    const refused = { error: decoded.error(index), offset: errorOffset(id), onScan: decoded.scanned ? null : onScan };
    return refusedDetail(id, refused);
  }
  return parsedDetail(id, decoded.fields(index), {
    future: decoded.future(index),
    early: decoded.early(index),
    convert,
  });
}

/**
 * The explorer's Decode panel: {element, set(state), notInLink()}; `onState` is given its state as the reader
 * changes it; notInLink() names what the rows came from when a link cannot carry it (a file, a large paste).
 * `convertLink`: the detail links to the explorer's Convert tab (not in a docs widget, which has none).
 */
export function createDecodePanel({ state, onState, convertLink = false }) {
  const model = createDecodeModel({ state, onState, onChange: (what) => render(what) });

  const input = h('textarea', { spellcheck: 'false', autocomplete: 'off', rows: 6, value: model.current.ids });
  const inputField = field(INPUT_LABEL.lines, input, INPUT_HINT.lines);
  const inputLabel = inputField.field.querySelector('label');
  const inputHint = inputField.field.querySelector('.hint');
  const summary = h('div', { class: 'summary', role: 'status', 'aria-live': 'polite' });
  const scanPointer = h(
    'p',
    { class: 'note', hidden: true, 'data-testid': 'scan-hint' },
    'Some lines are text that holds ids (a URL, a log line), not ids. ',
    h('button', { type: 'button', class: 'small', onclick: () => setMode('scan') }, 'Find ids in any text'),
  );
  const detail = h('div', { class: 'detail', 'aria-live': 'polite' });
  const charts = h('div', { class: 'charts' });
  const fleet = h('div', { class: 'fleet-check' });
  const reading = readingNote({
    onExact: () => setMode('exact'),
    onText: (text) => setIds(text),
    onAs: (namespace) => model.setAs(namespace),
  });

  const table = new VirtualTable({
    columns: COLUMNS,
    renderRow: (row) => rowCells(model.decoded, model.at(row)),
    label: 'Decoded ids',
    onSelect: (row) => model.select(row),
  });
  const batch = batchTools({ criteria: model.current, onCriteria: (criteria) => model.setCriteria(criteria) });

  const progress = h('progress', {
    class: 'scan-progress',
    'data-testid': 'scan-progress',
    hidden: true,
    'aria-label': 'Scan progress',
  });
  const progressText = h('span', { class: 'muted', role: 'status', 'data-testid': 'scan-status' });
  const cancelButton = h(
    'button',
    { type: 'button', hidden: true, 'data-testid': 'scan-cancel', onclick: () => model.cancelScan() },
    'Cancel',
  );
  const fileInput = h('input', { type: 'file', hidden: true, 'data-testid': 'file-input' });
  fileInput.addEventListener('change', () => {
    model.openFile(fileInput.files[0]);
    fileInput.value = '';
  });
  const modeSelect = h(
    'select',
    { 'data-testid': 'mode' },
    MODES.map(([value, label]) => h('option', { value }, label)),
  );
  modeSelect.value = model.current.mode;
  modeSelect.addEventListener('change', () => model.setMode(modeSelect.value));
  function setMode(mode) {
    modeSelect.value = mode;
    model.setMode(mode);
  }

  function setIds(text) {
    input.value = text;
    model.setText(text);
    input.focus();
  }
  const tools = h(
    'div',
    { class: 'chips' },
    field('Read the text as', modeSelect).field,
    h('button', { type: 'button', onclick: () => setIds(EXAMPLES) }, 'The contract’s vectors'),
    h('button', { type: 'button', onclick: () => setIds('') }, 'Clear'),
    h('button', { type: 'button', 'data-testid': 'open-file', onclick: () => fileInput.click() }, 'Open a file…'),
    fileInput,
    progress,
    cancelButton,
    progressText,
  );

  function renderDetail() {
    const rows = model.rows();
    if (rows === 0 && model.decoded.count > 0) {
      fill(detail, h('p', { class: 'empty' }, 'No id matches the filter.'));
      return;
    }
    const selected = Math.min(Number(model.current.sel) || 0, Math.max(rows - 1, 0));
    fill(
      detail,
      detailView(model.decoded, model.at(selected), () => setMode('scan'), convertLink),
    );
  }

  function renderTable() {
    batch.reset(model.decoded, model.order);
    const rows = model.rows();
    table.setCount(rows, Math.min(Number(model.current.sel) || 0, Math.max(rows - 1, 0)));
    renderDetail();
  }

  function renderScan() {
    const { scan } = model;
    reading.render(model.reading, { as: model.current.as, asRefusal: model.asRefusal });
    progress.hidden = !scan;
    cancelButton.hidden = !scan;
    if (scan) {
      progress.max = scan.total;
      progress.value = scan.done;
      progressText.textContent = `Scanning ${scan.label}… ${Math.floor((100 * scan.done) / scan.total)}%`;
    } else progressText.textContent = model.scanMessage;
  }

  function renderMode() {
    inputLabel.textContent = INPUT_LABEL[model.current.mode] ?? INPUT_LABEL.lines;
    inputHint.textContent = INPUT_HINT[model.current.mode] ?? INPUT_HINT.lines;
  }

  // Filter, sort and export are for a batch: one id has nothing to filter.
  function renderRows() {
    const { decoded } = model;
    const several = decoded.count > 1;
    batch.element.hidden = !several;
    fill(summary, summaryView(decoded));
    scanPointer.hidden = !holdsIds(decoded);
    fill(charts, batchCharts(decoded));
    fill(fleet);
    renderScan();
    renderTable();
    // After the table is painted: a million rows are checked in a few passes, never before they show.
    const later = globalThis.requestAnimationFrame ?? ((run) => run());
    later(() =>
      setTimeout(() => {
        fleetReady.then(() => {
          if (model.decoded === decoded) fill(fleet, fleetView(decoded, showRow));
        });
      }, 0),
    );
  }

  /** Shows row `index` of the batch: every row in input order, that row selected and scrolled to. */
  function showRow(index) {
    if (model.order) {
      const everyRow = { show: 'all', ns: '', node: '', sort: 'input' };
      batch.set(everyRow);
      model.setCriteria(everyRow);
    }
    table.select(index, { scroll: true });
    table.element.focus();
  }

  function render(what) {
    if (what === 'rows') renderRows();
    else if (what === 'order') renderTable();
    else if (what === 'select') renderDetail();
    else if (what === 'scan') renderScan();
    else if (what === 'text') input.value = model.current.ids;
    renderMode();
  }

  input.addEventListener(
    'input',
    debounce(() => model.setText(input.value), 120),
  );
  input.addEventListener('paste', (event) => {
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (text.length <= LARGE_PASTE_CHARS) return;
    event.preventDefault();
    model.pasteLarge(text);
  });

  const element = panelFrame(
    {
      key: 'decode',
      title: 'Decode',
      lede: 'A branded id is 3 bytes of namespace and 11 Base62 digits of a 63-bit Snowflake. Paste ids to take them apart; a refused id shows its error class and the byte the check trips on.',
    },
    inputField.field,
    tools,
    reading.element,
    summary,
    scanPointer,
    charts,
    fleet,
    batch.element,
    table.element,
    detail,
  );
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
    model.openFile(file);
  });

  model.decode();
  return {
    element,
    set(next) {
      const current = { ...DECODE_DEFAULTS, ...next };
      if (input.value !== current.ids) input.value = current.ids;
      if (modeSelect.value !== current.mode) modeSelect.value = current.mode;
      batch.set(current);
      model.set(next);
    },
    notInLink: () => model.notInLink,
  };
}
