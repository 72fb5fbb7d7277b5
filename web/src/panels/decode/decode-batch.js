// The batch's tools over the Decode table: filter (refused only, a namespace, a node), sort by mint time, and
// export the rows in view as CSV or JSON. They compute a row order; the table reads through it. Their
// criteria are part of the panel's state, so a link carries them.
import { streamId, unpackNamespace } from '@echomq/branded';
import { h, field } from '../../lib/dom.js';
import { formatCount, formatIso } from '../../lib/format.js';
import { namespaceWanted } from './decode-rows.js';

const SHOWS = [
  ['all', 'every id'],
  ['refused', 'refused only'],
  ['valid', 'valid only'],
  ['implausible', 'implausible only'],
];
const SORTS = [
  ['input', 'input order'],
  ['time', 'mint time'],
];
// Rows written between two yields to the page, so a million-row export shows progress and stays responsive.
const EXPORT_CHUNK = 20000;

const csvCell = (value) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
// A spreadsheet reads a bare Snowflake as a float and keeps 15 digits; ="…" makes it text, every digit kept.
const spreadsheetText = (digits) => `="${digits}"`;
const CSV_KEYS = [
  'line',
  'offset',
  'id',
  'ok',
  'error',
  'namespace',
  'snowflake',
  'unixMs',
  'iso',
  'node',
  'seq',
  'hash32',
  'streamId',
];

// One row as CSV and as JSON, written straight from the columns (no object per row: a million rows export
// in seconds). A refused row has its id and error only.
function rowText(decoded, i, format) {
  const line = decoded.line(i);
  const offset = decoded.scanned ? decoded.columns.offset[i] : undefined;
  const id = decoded.id(i);
  const json = format === 'json';
  if (!decoded.ok(i)) {
    const error = decoded.error(i);
    if (json)
      return `{"line":${line},${offset === undefined ? '' : `"offset":${offset},`}"id":${JSON.stringify(id)},"ok":false,"error":"${error}"}`;
    return `${line},${offset ?? ''},${csvCell(id)},false,${error},,,,,,,,`;
  }
  const c = decoded.columns;
  const snowflake = c.snowflake[i];
  const digits = snowflake.toString();
  const ms = c.unixMs[i];
  const namespace = unpackNamespace(c.namespace[i]);
  const stream = streamId(snowflake);
  const iso = formatIso(ms);
  if (json)
    return `{"line":${line},${offset === undefined ? '' : `"offset":${offset},`}"id":${JSON.stringify(id)},"ok":true,"namespace":"${namespace}","snowflake":"${digits}","unixMs":${ms},"iso":"${iso}","node":${c.node[i]},"seq":${c.seq[i]},"hash32":${c.hash32[i]},"streamId":"${stream}"}`;
  return `${line},${offset ?? ''},${csvCell(id)},true,,${namespace},${spreadsheetText(digits)},${ms},${iso},${c.node[i]},${c.seq[i]},${c.hash32[i]},${stream}`;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The rows of `order` as a CSV or JSON Blob, written a chunk at a time: onProgress(done, total) after each;
 * `cancelled()` is asked between chunks (then null is returned).
 */
export async function exportRows(decoded, order, format, { onProgress, cancelled } = {}) {
  const total = order.length;
  const parts = [format === 'json' ? '[' : `${CSV_KEYS.join(',')}\n`];
  for (let from = 0; from < total; from += EXPORT_CHUNK) {
    const lines = [];
    const to = Math.min(total, from + EXPORT_CHUNK);
    for (let k = from; k < to; k += 1) lines.push(rowText(decoded, order[k], format));
    parts.push(format === 'json' ? `${from === 0 ? '' : ','}\n${lines.join(',\n')}` : `${lines.join('\n')}\n`);
    onProgress?.(to, total);
    await nextTask();
    if (cancelled?.()) return null;
  }
  if (format === 'json') {
    parts.push('\n]');
    return new Blob(parts, { type: 'application/json' });
  }
  return new Blob(parts, { type: 'text/csv' });
}

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = h('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const select = (options, testid) =>
  h(
    'select',
    { 'data-testid': testid },
    options.map(([value, label]) => h('option', { value }, label)),
  );

/**
 * The tools: `criteria` {show, ns, node, sort} to start from; onCriteria(criteria) when the reader changes one.
 * The model computes the order; reset(decoded, order) shows it.
 */
export function batchTools({ criteria, onCriteria }) {
  let decoded = null;
  let order = null;
  const show = select(SHOWS, 'filter-show');
  const sort = select(SORTS, 'sort');
  const namespace = h('input', {
    type: 'text',
    class: 'id',
    maxlength: '3',
    size: '4',
    spellcheck: 'false',
    autocomplete: 'off',
    placeholder: 'any',
    'data-testid': 'filter-ns',
  });
  const node = h('input', { type: 'number', min: '0', max: '1023', placeholder: 'any', 'data-testid': 'filter-node' });
  const shown = h('span', { class: 'muted', role: 'status', 'data-testid': 'shown' });
  const exportStatus = h('span', { class: 'muted', role: 'status', 'data-testid': 'export-status' });
  const exportProgress = h('progress', { hidden: true, 'data-testid': 'export-progress', 'aria-label': 'Export' });

  const read = () => ({ show: show.value, ns: namespace.value, node: node.value, sort: sort.value });
  function write(c) {
    show.value = c.show;
    namespace.value = c.ns;
    node.value = c.node;
    sort.value = c.sort;
  }

  function showCount() {
    const c = read();
    const asked = namespaceWanted(c.ns);
    const upper = asked && asked !== c.ns.trim() ? ` (namespaces are A–Z: ${c.ns.trim()} read as ${asked})` : '';
    shown.textContent =
      order && decoded ? `${formatCount(order.length)} of ${formatCount(decoded.count)} shown${upper}` : '';
  }
  const changed = () => onCriteria(read());
  for (const control of [show, sort]) control.addEventListener('change', changed);
  for (const control of [namespace, node]) control.addEventListener('input', changed);

  let exporting = null;
  async function save(format) {
    if (!decoded || exporting) return;
    const rows = order ?? Uint32Array.from({ length: decoded.count }, (_, i) => i);
    const job = { cancelled: false };
    exporting = job;
    exportProgress.hidden = false;
    exportProgress.max = Math.max(rows.length, 1);
    exportProgress.value = 0;
    exportStatus.textContent = `Exporting ${formatCount(rows.length)} rows… 0%`;
    try {
      const blob = await exportRows(decoded, rows, format, {
        onProgress: (done, total) => {
          exportProgress.value = done;
          exportStatus.textContent = `Exporting ${formatCount(total)} rows… ${Math.floor((100 * done) / total)}%`;
        },
        cancelled: () => job.cancelled,
      });
      if (!blob) return;
      download(blob, `branded-ids.${format}`);
      exportStatus.textContent = `Exported ${formatCount(rows.length)} rows as ${format.toUpperCase()}.`;
    } finally {
      exporting = null;
      exportProgress.hidden = true;
    }
  }

  const element = h(
    'div',
    { class: 'chips batch', 'data-testid': 'batch' },
    field('Show', show).field,
    field('Namespace', namespace).field,
    field('Node', node).field,
    field('Sort by', sort).field,
    h(
      'button',
      {
        type: 'button',
        'data-testid': 'export-csv',
        title: 'For spreadsheets: each Snowflake is written ="…", as text, so no digit is lost',
        onclick: () => save('csv'),
      },
      'Export CSV',
    ),
    h('button', { type: 'button', 'data-testid': 'export-json', onclick: () => save('json') }, 'Export JSON'),
    exportProgress,
    exportStatus,
    shown,
  );
  write(criteria);

  return {
    element,
    /** The rows on show: a batch and the order the criteria give it (null: every row in input order). */
    reset(nextDecoded, nextOrder) {
      if (nextDecoded !== decoded) {
        if (exporting) exporting.cancelled = true;
        exportStatus.textContent = '';
      }
      decoded = nextDecoded;
      order = nextOrder;
      showCount();
    },
    /** Criteria from outside (the address): shown in the controls; the next reset applies them. */
    set(next) {
      write(next);
    },
  };
}
