// The bulk pass behind the Decode table: the pasted text goes to parseMany as UTF-8 bytes, one call for
// all the lines; the columns it returns (snowflake, namespace, unixMs, node, seq, hash32, error, and
// each line's byte offset and length) are what the table shows.
import { parseMany, unixMs } from '@echomq/branded';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** single: the whole text is one id (a one-line input), newlines and all. */
export function decodeText(text, { single = false } = {}) {
  const bytes = encoder.encode(text);
  const started = performance.now();
  const columns = single ? parseMany(text === '' ? [] : [text], { fields: true }) : parseMany(bytes, { fields: true });
  const parseMs = performance.now() - started;
  return new Decoded(text, bytes, columns, parseMs, single);
}

class Decoded {
  constructor(text, bytes, columns, parseMs, single) {
    this.text = text;
    this.bytes = bytes;
    this.columns = columns;
    this.parseMs = parseMs;
    this.single = single;
    this.count = columns.count;
    this.refused = columns.refused;
  }

  /** The id on row i, exactly as pasted (its line without the terminator). */
  id(i) {
    if (this.single) return this.text;
    const at = this.columns.offset[i];
    return decoder.decode(this.bytes.subarray(at, at + this.columns.length[i]));
  }

  ok(i) {
    return this.columns.error[i] === 0;
  }

  error(i) {
    return this.columns.errorAt(i);
  }

  /** {namespace, snowflake, unixMs, node, seq, hash32} of a parsed row. */
  fields(i) {
    const c = this.columns;
    return {
      namespace: c.namespaceAt(i),
      snowflake: c.snowflake[i],
      unixMs: c.unixMs[i],
      node: c.node[i],
      seq: c.seq[i],
      hash32: c.hash32[i],
    };
  }

  refusedByClass() {
    const counts = {};
    for (let i = 0; i < this.count; i += 1) {
      if (!this.ok(i)) counts[this.error(i)] = (counts[this.error(i)] ?? 0) + 1;
    }
    return counts;
  }

  /** The earliest and latest instants among the parsed ids (unix ms), or null. */
  span() {
    let min = null;
    let max = null;
    const { snowflake } = this.columns;
    for (let i = 0; i < this.count; i += 1) {
      if (!this.ok(i)) continue;
      if (min === null || snowflake[i] < min) min = snowflake[i];
      if (max === null || snowflake[i] > max) max = snowflake[i];
    }
    return min === null ? null : { first: unixMs(min), last: unixMs(max) };
  }
}
