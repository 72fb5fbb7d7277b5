// The columns parseMany returns: one slot per id, in input order, in typed arrays.
import { ID_LENGTH } from './constants.js';
import { ERROR_CODES } from './errors.js';

/**
 * The columns parseMany, scan and a scanner answer with: typed arrays sharing one buffer, grown by reserve,
 * cut by trim. `streamed` (a scanner's) holds offset and line as numbers, exact past 2^32; `idBytes` adds
 * each candidate's bytes.
 */
export class ParsedIds {
  #types;

  constructor(capacity, { fields, lines, found = false, streamed = false, idBytes = false }) {
    this.count = 0;
    this.refused = 0;
    this.#types = streamed ? STREAMED_TYPES : TYPES;
    // What each column holds is ParsedIds in index.d.ts; `fields`, `lines` and `found` (scan) add their
    // columns to the basic ones.
    const names = [
      ...BASIC,
      ...(fields ? FIELDS : []),
      ...(lines ? LINES : []),
      ...(found ? FOUND : []),
      ...(idBytes ? ['idBytes'] : []),
    ];
    Object.assign(this, columnViews(names, capacity, this.#types));
  }

  // The error code of id i ('length', 'namespace', …), or null when it parsed.
  errorAt(i) {
    const error = this.error[i];
    return error === 0 ? null : ERROR_CODES[error];
  }

  // The namespace of id i, or null when it was refused.
  namespaceAt(i) {
    return namespaceOf(this.namespace[i]);
  }

  // Makes room for `needed` ids, keeping what is there.
  reserve(needed) {
    const capacity = this.snowflake.length;
    if (needed <= capacity) return;
    const names = COLUMNS.filter((name) => this[name] !== undefined);
    const grown = columnViews(names, Math.max(needed, capacity * 2), this.#types);
    for (const name of names) grown[name].set(this[name]);
    Object.assign(this, grown);
  }

  // Cuts every column to the ids parsed.
  trim() {
    for (const name of COLUMNS)
      if (this[name] !== undefined) this[name] = this[name].subarray(0, this.count * width(name));
    return this;
  }
}

/** The namespace a namespace column's value packs (ns[0] << 16 | ns[1] << 8 | ns[2]), or null for 0 (refused). */
export function unpackNamespace(packed) {
  if (!Number.isInteger(packed) || packed < 0 || packed > 0xffffff)
    throw new TypeError('unpackNamespace takes a value of a namespace column (an integer from 0 to 0xffffff)');
  return namespaceOf(packed);
}

const namespaceOf = (packed) =>
  packed === 0 ? null : String.fromCharCode(packed >>> 16, (packed >>> 8) & 0xff, packed & 0xff);

const BASIC = ['snowflake', 'error', 'namespace'];
const FIELDS = ['unixMs', 'node', 'seq', 'hash32'];
const LINES = ['offset', 'length'];
const FOUND = ['offset', 'line'];
const COLUMNS = [...BASIC, ...FIELDS, ...LINES, 'line', 'idBytes'];
// The module's column types (what copyColumns reads), also the results' but for a scanner's offset and line.
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
  idBytes: Uint8Array,
};
const STREAMED_TYPES = { ...TYPES, offset: Float64Array, line: Float64Array };
// Elements per slot: idBytes holds a candidate's ID_LENGTH bytes (read from core once the module is ready).
const width = (name) => (name === 'idBytes' ? ID_LENGTH : 1);

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
function columnViews(names, capacity, types) {
  const bytes = (name) => types[name].BYTES_PER_ELEMENT * capacity * width(name);
  const widestFirst = [...names].sort((a, b) => types[b].BYTES_PER_ELEMENT - types[a].BYTES_PER_ELEMENT);
  const buffer = new ArrayBuffer(names.reduce((total, name) => total + bytes(name), 0));
  const at = {};
  let offset = 0;
  for (const name of widestFirst) {
    at[name] = offset;
    offset += bytes(name);
  }
  return Object.fromEntries(names.map((name) => [name, new types[name](buffer, at[name], capacity * width(name))]));
}
