// The Decode panel's model, without a DOM: its state (what the address keeps), the rows on show and where
// they came from, the row order the batch tools chose, the selection, and the scan under way. The view
// (decode.js) renders what it says and calls its methods; `onChange(what)` says what to render again.
import { JOB_NAMESPACE } from '@echomq/branded';
import { explainNamespace } from '@echomq/branded/explain';
import { formatCount } from '../../lib/format.js';
import { decodeText, decodedScan, everyRow, rowOrder } from './decode-rows.js';
import { AS_TYPED, readingOf, snowflakesAsIds } from './decode-reading.js';
import { startScan } from '../../scan/scan-client.js';

export const DECODE_DEFAULTS = {
  ids: 'JOB0KHTOWnGLuC',
  sel: '0',
  mode: 'lines',
  show: 'all',
  ns: '',
  node: '',
  sort: 'input',
  as: JOB_NAMESPACE,
};
// A paste longer than this is decoded without entering the text box (a browser lays out a box of a million
// lines for tens of seconds); the box then says what it holds.
export const LARGE_PASTE_CHARS = 1 << 20;

/**
 * {current, decoded, order, scan, notInLink, …}: `onState(current)` persists the state; `onChange(what)` with
 * what = 'rows' (new rows), 'order' (the filter or sort), 'select', 'scan' (progress or its end), 'text' (the
 * box's text was replaced).
 */
export function createDecodeModel({ state, onState, onChange }) {
  const model = {
    current: { ...DECODE_DEFAULTS, ...state },
    decoded: decodeText(''),
    /** The filtered, sorted row → index map, or null for every row in input order. */
    order: null,
    /** {label, done, total} while a scan runs, else null; `message` is what the last one ended with. */
    scan: null,
    scanMessage: '',
    /** What the rows came from when no link can carry it (a file, a large paste), else null. */
    notInLink: null,
    /** How the text was read (decode-reading.js): AS_TYPED, or the fix applied or suggested. */
    reading: AS_TYPED,
    /** Why `as` is no namespace (bare Snowflakes are then shown under JOB), or null. */
    asRefusal: null,
  };
  let job = null;

  const persist = (patch) => {
    model.current = { ...model.current, ...patch };
    onState?.(model.current);
  };

  const applyOrder = () => {
    model.order = everyRow(model.current) ? null : rowOrder(model.decoded, model.current);
  };

  function show(decoded, notInLink = null) {
    model.decoded = decoded;
    const linkChanged = model.notInLink !== notInLink;
    model.notInLink = notInLink;
    applyOrder();
    onChange('rows');
    if (linkChanged) onState?.(model.current); // the page says whether its link carries the rows
  }

  function endScan(message) {
    job = null;
    model.scan = null;
    model.scanMessage = message;
    onChange('scan');
  }

  function stopScan(message = '') {
    if (!job) return;
    job.cancel();
    endScan(message);
  }

  async function scanNow(source, label, notInLink = null) {
    stopScan();
    const size = source.size ?? source.byteLength;
    model.scan = { label, done: 0, total: Math.max(size, 1) };
    model.scanMessage = '';
    onChange('scan');
    const started = startScan(source, (done, total) => {
      if (job !== started) return;
      model.scan = { label, done, total: Math.max(total, 1) };
      onChange('scan');
    });
    job = started;
    try {
      const found = await started.result;
      if (job !== started) return;
      if (!found) return endScan(`The scan of ${label} was cancelled.`);
      endScan('');
      show(decodedScan(found.columns, found.scanMs, label), notInLink);
    } catch (error) {
      if (job === started) endScan(`The scan failed: ${error.message}`);
    }
  }

  /**
   * Shows the lines of `text` (`decoded`), read as the mode says: the default mode ('lines') finds what a text
   * that is no id holds (a URL scanned, whitespace trimmed, a Snowflake given an id); 'exact' never does.
   */
  function showRead(text, decoded, { source = null, notInLink = null } = {}) {
    const reading = model.current.mode === 'lines' ? readingOf(text, decoded) : AS_TYPED;
    model.reading = reading;
    model.asRefusal = null;
    let rows = decoded;
    if (reading.kind === 'scan') {
      scanNow(new TextEncoder().encode(text).buffer, source ?? 'the pasted text', notInLink);
      return;
    }
    stopScan();
    model.scanMessage = '';
    if (reading.kind === 'trimmed') rows = decodeText(reading.id);
    if (reading.kind === 'snowflakes') {
      model.asRefusal = explainNamespace(model.current.as);
      const lines = reading.single ? decodeText(text.trim()) : decoded;
      const ids = snowflakesAsIds(lines, model.asRefusal ? JOB_NAMESPACE : model.current.as);
      if (ids.text !== undefined) rows = decodeText(ids.text);
    }
    if (source) rows.source = source;
    show(rows, notInLink);
  }

  return Object.assign(model, {
    /** Decodes the state's text as its mode says (lines here; a scan goes to the worker). */
    decode() {
      if (model.current.mode === 'scan') {
        model.reading = AS_TYPED;
        scanNow(new TextEncoder().encode(model.current.ids).buffer, 'the pasted text');
        return;
      }
      showRead(model.current.ids, decodeText(model.current.ids));
    },
    /** The namespace bare Snowflakes are shown under. */
    setAs(namespace) {
      persist({ as: namespace });
      model.decode();
    },
    setText(text) {
      persist({ ids: text, sel: '0' });
      model.decode();
    },
    setMode(mode) {
      persist({ mode, sel: '0' });
      model.decode();
    },
    /**
     * A paste too large for the box goes the way a file does: read in pieces by the worker, with progress, the
     * page never frozen; its ids are found as in any text. The box is emptied.
     */
    pasteLarge(text) {
      persist({ ids: '', sel: '0' });
      onChange('text');
      const blob = new Blob([text], { type: 'text/plain' });
      const source = `a paste of ${formatCount(blob.size)} bytes (not shown in the box)`;
      model.reading = AS_TYPED;
      scanNow(blob, source, `the paste of ${formatCount(blob.size)} bytes`);
    },
    /** A File goes to the scan as it is, which reads it a piece at a time; the box is emptied. */
    openFile(file) {
      if (!file) return;
      // The box would otherwise keep the old ids beside the file's rows; the link then names the file.
      persist({ ids: '', sel: '0' });
      onChange('text');
      model.reading = AS_TYPED;
      scanNow(file, `${file.name} (${formatCount(file.size)} bytes)`, `the file ${file.name}`);
    },
    cancelScan() {
      stopScan('The scan was cancelled.');
    },
    /** The batch tools' criteria {show, ns, node, sort}: the rows on show, in the order they give. */
    setCriteria(criteria) {
      persist({ ...criteria, sel: '0' });
      applyOrder();
      onChange('order');
    },
    select(row) {
      persist({ sel: String(row) });
      onChange('select');
    },
    /** The row index shown at table row `row`. */
    at(row) {
      return model.order ? model.order[row] : row;
    },
    rows() {
      return model.order ? model.order.length : model.decoded.count;
    },
    /** A state from outside (the address on Back): taken as it is, then decoded. */
    set(next) {
      model.current = { ...DECODE_DEFAULTS, ...next };
      model.decode();
    },
  });
}
