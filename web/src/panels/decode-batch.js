// The batch's tools over the Decode table: filter (refused only, a namespace, a node), sort by mint time, and
// export the rows in view as CSV or JSON. They compute a row order; the table reads through it.
import { streamId } from '@echomq/branded';
import { h, field } from '../lib/dom.js';
import { formatIso } from '../lib/format.js';

const SHOWS = [
  ['all', 'every id'],
  ['refused', 'refused only'],
  ['valid', 'valid only'],
];
const SORTS = [
  ['input', 'input order'],
  ['time', 'mint time'],
];

function rowOrder(decoded, { show, namespace, node, sort }) {
  const wantNode = node === '' ? null : Number(node);
  const rows = [];
  for (let i = 0; i < decoded.count; i += 1) {
    const ok = decoded.ok(i);
    if (show === 'refused' && ok) continue;
    if (show === 'valid' && !ok) continue;
    if ((namespace || wantNode !== null) && !ok) continue;
    if (namespace && decoded.fields(i).namespace !== namespace) continue;
    if (wantNode !== null && decoded.columns.node[i] !== wantNode) continue;
    rows.push(i);
  }
  const order = Uint32Array.from(rows);
  if (sort === 'time') {
    const { snowflake, error } = decoded.columns;
    // Refused ids (no time) after every valid one, each group in input order.
    order.sort(
      (a, b) =>
        (error[a] !== 0) - (error[b] !== 0) ||
        (snowflake[a] < snowflake[b] ? -1 : snowflake[a] > snowflake[b] ? 1 : a - b),
    );
  }
  return order;
}

const csvCell = (value) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function exportRows(decoded, order, format) {
  const rows = [];
  for (const i of order) {
    const id = decoded.id(i);
    const where = decoded.scanned ? { line: decoded.line(i), offset: decoded.columns.offset[i] } : { line: i + 1 };
    if (!decoded.ok(i)) rows.push({ ...where, id, ok: false, error: decoded.error(i) });
    else {
      const p = decoded.fields(i);
      rows.push({
        ...where,
        id,
        ok: true,
        namespace: p.namespace,
        snowflake: p.snowflake.toString(),
        unixMs: p.unixMs,
        iso: formatIso(p.unixMs),
        node: p.node,
        seq: p.seq,
        hash32: p.hash32,
        streamId: streamId(p.snowflake),
      });
    }
  }
  if (format === 'json') return new Blob([JSON.stringify(rows, null, 1)], { type: 'application/json' });
  const keys = [
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
  const lines = [
    keys.join(','),
    ...rows.map((r) => keys.map((k) => csvCell(r[k] === undefined ? '' : String(r[k]))).join(',')),
  ];
  return new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' });
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

/** onOrder(order | null) when the filter or the sort changes. */
export function batchTools({ onOrder }) {
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

  function apply() {
    const criteria = { show: show.value, namespace: namespace.value, node: node.value, sort: sort.value };
    const everything =
      criteria.show === 'all' && !criteria.namespace && criteria.node === '' && criteria.sort === 'input';
    order = everything || !decoded ? null : rowOrder(decoded, criteria);
    shown.textContent = order
      ? `${order.length.toLocaleString('en')} of ${decoded.count.toLocaleString('en')} shown`
      : '';
    onOrder(order);
  }
  for (const control of [show, sort]) control.addEventListener('change', apply);
  for (const control of [namespace, node]) control.addEventListener('input', apply);

  const save = (format) => {
    if (!decoded) return;
    download(
      exportRows(decoded, order ?? Array.from({ length: decoded.count }, (_, i) => i), format),
      `branded-ids.${format}`,
    );
  };

  const element = h(
    'div',
    { class: 'chips batch', 'data-testid': 'batch' },
    field('Show', show).field,
    field('Namespace', namespace).field,
    field('Node', node).field,
    field('Sort by', sort).field,
    h('button', { type: 'button', 'data-testid': 'export-csv', onclick: () => save('csv') }, 'Export CSV'),
    h('button', { type: 'button', 'data-testid': 'export-json', onclick: () => save('json') }, 'Export JSON'),
    shown,
  );

  return {
    element,
    /** A new batch: the filter and sort stay as set and apply to it. */
    reset(next) {
      decoded = next;
      const untouched = show.value === 'all' && !namespace.value && node.value === '' && sort.value === 'input';
      if (untouched) {
        order = null;
        shown.textContent = '';
      } else apply();
    },
  };
}
