// The streaming scan over a module instance's scan columns (bindings/scan.cpp): an id split between two pieces
// is found once. Plain code that takes the instance (scan() and createScanner() pass the package's).
import { readLayout } from './layout.js';

const AREA = 1 << 18;

/** Column addresses by name, from a module instance's table (bindings/scan.cpp), and the columns' capacity. */
export function scanLayout(instance, u32) {
  const table = readLayout(u32, instance.scan_layout());
  return Object.freeze({ ...table, capacity: u32[table.capacity >> 2] });
}

/**
 * The streaming scan in one module instance.
 * push(fill, final, take): `fill(u8, from, to)` → {written, done} writes the next piece. `module`: the
 * instance to scan in ({wasm, views, reserveInput, FOUND}: the package's). For each chunk of
 * candidates, take({count, refused, text, byteBase, line}) reads FOUND before anything else calls the module:
 * candidate i is at byte byteBase + offset[i] of the stream (text + offset[i] in memory), on line line + newlines[i].
 */
export class Scanner {
  constructor(fields, module) {
    this.module = module;
    this.fields = fields ? 1 : 0;
    this.carry = new Uint8Array(0); // the undecided end of the last piece (at most 14 bytes)
    this.byteBase = 0;
    this.line = 1;
    this.afterAlnum = 0;
  }

  push(fill, final, take) {
    const { wasm, views, reserveInput, FOUND } = this.module;
    for (let sourceDone = false; ;) {
      const at = reserveInput(AREA);
      const u8 = views().u8;
      u8.set(this.carry, at);
      let size = this.carry.length;
      if (!sourceDone) {
        const filled = fill(u8, at + size, at + AREA);
        size += filled.written;
        sourceDone = filled.done;
      }
      wasm.scan(at, size, final && sourceDone, this.afterAlnum, this.fields);
      const u32 = views().u32;
      const count = u32[FOUND.foundIds >> 2];
      const refused = u32[FOUND.foundRefused >> 2];
      const consumed = u32[FOUND.consumedBytes >> 2];
      const newlines = u32[FOUND.consumedNewlines >> 2];
      const afterAlnum = u32[FOUND.afterAlnum >> 2];
      if (count > 0) take({ count, refused, text: at, byteBase: this.byteBase, line: this.line });
      this.afterAlnum = afterAlnum;
      this.byteBase += consumed;
      this.line += newlines;
      this.carry = views().u8.slice(at + consumed, at + size);
      if (sourceDone && count < FOUND.capacity) return;
    }
  }
}
