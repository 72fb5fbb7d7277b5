// The columns parseMany returns: one slot per id, in input order, in typed arrays.
import { ERROR_CODES } from './errors.js';

/** The columns parseMany and scan answer with: typed arrays sharing one buffer, grown by reserve, cut by trim. */
export class ParsedIds {
  constructor(capacity, { fields, lines, found = false }) {
    this.count = 0;
    this.refused = 0;
    // What each column holds is ParsedIds in index.d.ts; `fields`, `lines` and `found` (scan) add their
    // columns to the basic ones.
    const names = [...BASIC, ...(fields ? FIELDS : []), ...(lines ? LINES : []), ...(found ? FOUND : [])];
    Object.assign(this, columnViews(names, capacity));
  }

  // The error code of id i ('length', 'namespace', …), or null when it parsed.
  errorAt(i) {
    const error = this.error[i];
    return error === 0 ? null : ERROR_CODES[error];
  }

  // The namespace of id i, or null when it was refused.
  namespaceAt(i) {
    const packed = this.namespace[i];
    return packed === 0 ? null : String.fromCharCode(packed >>> 16, (packed >>> 8) & 0xff, packed & 0xff);
  }

  // Makes room for `needed` ids, keeping what is there.
  reserve(needed) {
    const capacity = this.snowflake.length;
    if (needed <= capacity) return;
    const names = COLUMNS.filter((name) => this[name] !== undefined);
    const grown = columnViews(names, Math.max(needed, capacity * 2));
    for (const name of names) grown[name].set(this[name]);
    Object.assign(this, grown);
  }

  // Cuts every column to the ids parsed.
  trim() {
    for (const name of COLUMNS) if (this[name] !== undefined) this[name] = this[name].subarray(0, this.count);
    return this;
  }
}

const BASIC = ['snowflake', 'error', 'namespace'];
const FIELDS = ['unixMs', 'node', 'seq', 'hash32'];
const LINES = ['offset', 'length'];
const FOUND = ['offset', 'line'];
const COLUMNS = [...BASIC, ...FIELDS, ...LINES, 'line'];
const TYPES = {
  snowflake: BigUint64Array,
  error: Uint8Array,
  namespace: Uint32Array,
  unixMs: Float64Array,
  node: Uint16Array,
  seq: Uint16Array,
  hash32: Uint32Array,
  offset: Uint32Array,
  length: Uint32Array,
  line: Uint32Array,
};

const VIEW_OF = new Map([
  [BigUint64Array, 'u64'],
  [Float64Array, 'f64'],
  [Uint32Array, 'u32'],
  [Uint16Array, 'u16'],
  [Uint8Array, 'u8'],
]);

/** The columns every parse answers (the basic ones, then the `fields` ones) and parseMany's line columns. */
export const PARSED_COLUMNS = [...BASIC, ...FIELDS];
export const LINE_COLUMNS = LINES;

/**
 * Copies `count` slots of the module's columns `names` (addresses in `layout`, memory `views`) into `result`
 * from slot `at`; a column `result` does not hold is skipped.
 */
export function copyColumns(result, names, layout, views, at, count) {
  for (const name of names) {
    if (result[name] === undefined) continue;
    const view = views[VIEW_OF.get(TYPES[name])];
    const first = layout[name] / view.BYTES_PER_ELEMENT;
    result[name].set(view.subarray(first, first + count), at);
  }
}

// The named columns as views of one ArrayBuffer, in the order named: one allocation (and one zero fill)
// per result instead of one per column. Laid out widest type first, so every view is aligned.
function columnViews(names, capacity) {
  const bytes = (name) => TYPES[name].BYTES_PER_ELEMENT * capacity;
  const widestFirst = [...names].sort((a, b) => TYPES[b].BYTES_PER_ELEMENT - TYPES[a].BYTES_PER_ELEMENT);
  const buffer = new ArrayBuffer(names.reduce((total, name) => total + bytes(name), 0));
  const at = {};
  let offset = 0;
  for (const name of widestFirst) {
    at[name] = offset;
    offset += bytes(name);
  }
  return Object.fromEntries(names.map((name) => [name, new TYPES[name](buffer, at[name], capacity)]));
}
