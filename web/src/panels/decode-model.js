// The bulk pass behind the Decode table: the lines people pasted, and parseMany's columns for them.
import { parseMany, unixMs } from '@echomq/branded';

export const ERROR_CLASSES = ['length', 'namespace', 'charset', 'range'];

/** Splits pasted text into lines ("\n" or "\r\n"); fully empty lines are skipped, nothing is trimmed. */
function linesOf(text, single) {
  if (single) return text === '' ? { rows: [], blank: 0 } : { rows: [{ line: 1, text }], blank: 0 };
  const rows = [];
  let blank = 0;
  const parts = text.split(/\r?\n/);
  if (parts.at(-1) === '') parts.pop();
  parts.forEach((part, i) => {
    if (part === '') blank += 1;
    else rows.push({ line: i + 1, text: part });
  });
  return { rows, blank };
}

export function decodeText(text, { single = false } = {}) {
  const { rows, blank } = linesOf(text, single);
  const started = performance.now();
  const columns = parseMany(rows.map((r) => r.text));
  const parseMs = performance.now() - started;
  return new Decoded(rows, blank, columns, parseMs);
}

class Decoded {
  constructor(rows, blank, columns, parseMs) {
    this.rows = rows;
    this.blank = blank;
    this.columns = columns;
    this.parseMs = parseMs;
    this.count = rows.length;
    this.refused = columns.refused;
  }

  ok(index) {
    return this.columns.errors[index] === 0;
  }

  error(index) {
    return this.columns.errorNames[this.columns.errors[index]];
  }

  refusedByClass() {
    const counts = {};
    for (let i = 0; i < this.count; i += 1) {
      if (!this.ok(i)) counts[this.error(i)] = (counts[this.error(i)] ?? 0) + 1;
    }
    return counts;
  }

  /** The earliest and latest instants among the decoded ids (unix ms), or null. */
  span() {
    let min = null;
    let max = null;
    for (let i = 0; i < this.count; i += 1) {
      if (!this.ok(i)) continue;
      const s = this.columns.snowflakes[i];
      if (min === null || s < min) min = s;
      if (max === null || s > max) max = s;
    }
    return min === null ? null : { first: unixMs(min), last: unixMs(max) };
  }
}
