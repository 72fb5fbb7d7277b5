// The rows behind the Decode table, from either pass: the pasted text through parseMany (one call for all the
// lines, each line's byte offset and length kept) or the scan's columns (each candidate's bytes kept). Both
// are the package's columns (snowflake, error, namespace, unixMs, node, seq, hash32), so one class reads them.
import { parseMany, unixMs, unpackNamespace, ERROR_CODES, ID_LENGTH } from '@echomq/branded';
import { plausibility, EARLY, FUTURE } from './plausibility.js';

const encoder = new TextEncoder();
// ignoreBOM keeps a byte order mark in the text: a line that starts with one is shown (and refused) as it is.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The package's columns, read row by row: what the Decode table, its tools and its pictures ask. */
class DecodedColumns {
  constructor(columns, parseMs, nowMs = Date.now()) {
    this.columns = columns;
    this.parseMs = parseMs;
    this.count = columns.count;
    this.refused = columns.refused;
    // Each parsed row's plausibility (plausibility.js): 0, FUTURE or EARLY.
    const judged = plausibility(columns, nowMs);
    this.verdict = judged.verdict;
    this.futureAfter = judged.futureAfter;
    this.fences = judged.fences;
    this.futureTotal = judged.future;
    this.earlyTotal = judged.early;
  }

  ok(i) {
    return this.columns.error[i] === 0;
  }

  /** The error class of row i ('length', 'namespace', …), or null when it parsed. */
  error(i) {
    const code = this.columns.error[i];
    return code === 0 ? null : ERROR_CODES[code];
  }

  /** {namespace, snowflake, unixMs, node, seq, hash32} of a parsed row. */
  fields(i) {
    const c = this.columns;
    return {
      namespace: unpackNamespace(c.namespace[i]),
      snowflake: c.snowflake[i],
      unixMs: c.unixMs[i],
      node: c.node[i],
      seq: c.seq[i],
      hash32: c.hash32[i],
    };
  }

  /** Whether a parsed row's instant lies ahead of any clock that could have minted it. */
  future(i) {
    return this.verdict[i] === FUTURE;
  }

  /**
   * For a row long before the rest of its namespace's ids in the batch: {fence, q1} (the instant it lies
   * before, and the lower quartile of the namespace's instants); else null.
   */
  early(i) {
    return this.verdict[i] === EARLY ? this.fences.get(this.columns.namespace[i]) : null;
  }

  /** {class: count} of the refused rows. */
  refusedByClass() {
    const counts = {};
    const { error } = this.columns;
    for (let i = 0; i < this.count; i += 1) {
      if (error[i] !== 0) counts[ERROR_CODES[error[i]]] = (counts[ERROR_CODES[error[i]]] ?? 0) + 1;
    }
    return counts;
  }

  /** How many parsed rows lie in the future (see future()). */
  futureCount() {
    return this.futureTotal;
  }

  /** How many parsed rows lie long before the rest of their namespace (see early()). */
  earlyCount() {
    return this.earlyTotal;
  }

  /** The earliest and latest instants among the parsed ids (unix ms), the implausible ones left out; or null. */
  span() {
    let min = null;
    let max = null;
    const { snowflake, error } = this.columns;
    for (let i = 0; i < this.count; i += 1) {
      if (error[i] !== 0 || this.verdict[i] !== 0) continue;
      if (min === null || snowflake[i] < min) min = snowflake[i];
      if (max === null || snowflake[i] > max) max = snowflake[i];
    }
    return min === null ? null : { first: unixMs(min), last: unixMs(max) };
  }
}

/** Lines decoded by parseMany: row i is line i + 1 of the text. */
class DecodedLines extends DecodedColumns {
  constructor(text, bytes, columns, parseMs, single) {
    super(columns, parseMs);
    this.text = text;
    this.bytes = bytes;
    this.single = single;
    this.scanned = false;
  }

  /** The id on row i, exactly as pasted (its line without the terminator). */
  id(i) {
    if (this.single) return this.text;
    const at = this.columns.offset[i];
    return decoder.decode(this.bytes.subarray(at, at + this.columns.length[i]));
  }

  /** The rows for the export (createExport's columns): each line's bytes as pasted, row i on line i + 1. */
  exportColumns() {
    if (!this.single) {
      const { offset, length } = this.columns;
      return { ids: this.bytes, count: this.count, idOffset: offset, idLength: length };
    }
    const ids = encoder.encode(this.text);
    return { ids, count: this.count, idOffset: [0], idLength: [ids.length] };
  }

  line(i) {
    return i + 1;
  }
}

/** Candidates found by the scan: each keeps its bytes and its line in the source. */
class DecodedScan extends DecodedColumns {
  constructor(columns, parseMs, source) {
    super(columns, parseMs);
    this.source = source;
    this.scanned = true;
  }

  id(i) {
    return decoder.decode(this.columns.idBytes.subarray(i * ID_LENGTH, (i + 1) * ID_LENGTH));
  }

  /** The rows for the export (createExport's columns): each candidate's bytes, line and offset. */
  exportColumns() {
    const { idBytes, line, offset } = this.columns;
    return { ids: idBytes.subarray(0, this.count * ID_LENGTH), count: this.count, line, offset };
  }

  line(i) {
    return this.columns.line[i];
  }
}

/** Decodes text, one id per line; `single`: the whole text is one id (a one-line input), newlines and all. */
export function decodeText(text, { single = false } = {}) {
  const bytes = encoder.encode(text);
  const started = performance.now();
  const columns = single ? parseMany(text === '' ? [] : [text], { fields: true }) : parseMany(bytes, { fields: true });
  const parseMs = performance.now() - started;
  return new DecodedLines(text, bytes, columns, parseMs, single);
}

/** The scan's columns (with idBytes and line) as decoded rows; `source` says where they came from. */
export function decodedScan(columns, scanMs, source) {
  return new DecodedScan(columns, scanMs, source);
}

/** Whether the criteria leave every row in input order. */
export const everyRow = (c) => c.show === 'all' && !c.ns && c.node === '' && c.sort === 'input';

/** The namespace a filter means: namespaces are A–Z, so `usr` means USR. */
export const namespaceWanted = (text) => text.trim().toUpperCase();

/** The row order the criteria {show, ns, node, sort} give over `decoded` (show 'implausible': flagged rows). */
export function rowOrder(decoded, { show, ns, node, sort }) {
  const wantNode = node === '' ? null : Number(node);
  const namespace = namespaceWanted(ns);
  const rows = [];
  for (let i = 0; i < decoded.count; i += 1) {
    const ok = decoded.ok(i);
    if (show === 'refused' && ok) continue;
    if (show === 'valid' && !ok) continue;
    if (show === 'implausible' && decoded.verdict[i] === 0) continue;
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
