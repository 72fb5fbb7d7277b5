// The batch's tools over the Decode table: filter (refused only, a namespace, a node), sort by mint time, and
// export the rows in view as CSV or JSON. They compute a row order; the table reads through it. Their
// criteria are part of the panel's state, so a link carries them.
import { h, field } from '../../lib/dom.js';
import { formatCount } from '../../lib/format.js';
import { namespaceWanted } from './decode-rows.js';
import { startExport } from '../../scan/scan-client.js';

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
/**
 * The rows of `order` as a CSV or JSON Blob, written by core in the scan worker (on the main thread in the
 * single-file build): onProgress(done, total) after each slice; `cancelled()` is asked at each (then the export
 * stops and null is returned). `spreadsheet`: CSV Snowflakes as ="…".
 */
export async function exportRows(decoded, order, format, { onProgress, cancelled, spreadsheet = false } = {}) {
  const request = { columns: decoded.exportColumns(), order, format, spreadsheet };
  const job = startExport(request, (done, total) => {
    if (cancelled?.()) job.cancel();
    else onProgress?.(done, total);
  });
  const blob = await job.result;
  return cancelled?.() ? null : blob;
}

// Every row in input order (a loop: Uint32Array.from with a callback costs a call per row).
function inputOrder(count) {
  const rows = new Uint32Array(count);
  for (let i = 0; i < count; i += 1) rows[i] = i;
  return rows;
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
  const forSpreadsheets = h('input', { type: 'checkbox', 'data-testid': 'export-spreadsheet' });
  const spreadsheetOption = h(
    'label',
    {
      class: 'check',
      title: 'A spreadsheet keeps 15 digits of a number; ="…" makes each Snowflake text, so no digit is lost',
    },
    forSpreadsheets,
    ' CSV for a spreadsheet (Snowflakes as ="…")',
  );

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
    const rows = order ?? inputOrder(decoded.count);
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
        spreadsheet: format === 'csv' && forSpreadsheets.checked,
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
    h('button', { type: 'button', 'data-testid': 'export-csv', onclick: () => save('csv') }, 'Export CSV'),
    spreadsheetOption,
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
