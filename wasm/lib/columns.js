// The columns parseMany returns: one slot per id, in input order, in typed arrays.
import { ERROR_CODES } from './errors.js';

export class ParsedIds {
  constructor(capacity, { fields, lines }) {
    this.count = 0;
    this.refused = 0;
    this.snowflake = new BigUint64Array(capacity); // 0n for a refused id
    this.error = new Uint8Array(capacity); // 0 for a valid id, else an index into ERROR_CODES
    this.namespace = new Uint32Array(capacity); // packed: ns[0] << 16 | ns[1] << 8 | ns[2]; 0 when refused
    if (fields) {
      this.unixMs = new Float64Array(capacity); // the fields of each Snowflake (0 for a refused id)
      this.node = new Uint16Array(capacity);
      this.seq = new Uint16Array(capacity);
      this.hash32 = new Uint32Array(capacity);
    }
    if (lines) {
      this.offset = new Uint32Array(capacity); // byte offset (UTF-8) of the id's line in the text
      this.length = new Uint32Array(capacity); // the line's length in bytes, without its terminator
    }
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
    const grown = Math.max(needed, capacity * 2);
    for (const name of COLUMNS) {
      const old = this[name];
      if (old === undefined) continue;
      this[name] = new old.constructor(grown);
      this[name].set(old);
    }
  }

  // Cuts every column to the ids parsed.
  trim() {
    for (const name of COLUMNS) if (this[name] !== undefined) this[name] = this[name].subarray(0, this.count);
    return this;
  }
}

const COLUMNS = ['snowflake', 'error', 'namespace', 'unixMs', 'node', 'seq', 'hash32', 'offset', 'length'];
