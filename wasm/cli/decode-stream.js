// branded decode from stdin: lines read straight into the CLI module's memory, parsed and formatted there by
// core into one buffer, and written from it; bounded memory whatever the input size. Only a refused line's row
// is made in JavaScript (it may hold any bytes), and the package module loads on the first one.
import { FOUND, reserveInput, views, wasm } from './module.js';
import { DECODE_HEADER } from './headers.js';
import { BackgroundWriter, StdinReader, writeText } from './stdio.js';

const READ_BYTES = 1 << 18;

// A 32-bit field the last call left, at its address in FOUND (bindings/scan.cpp names each).
const status = (address) => views().u32[address >> 2];

/** `branded decode` from stdin: a row (or JSON line) per line; resolves to exit status 1 when a line was refused, else 0. */
export async function decodeStream(json) {
  if (!json) await writeText(DECODE_HEADER);
  const decoder = new LineDecoder(json);
  const reader = new StdinReader();
  let area = reserveInput(2 * READ_BYTES);
  let carry = 0; // the bytes after the last newline, at the start of the area
  for (;;) {
    area = await reserveWithCarry(area, carry + READ_BYTES, carry, decoder.writer);
    const read = await reader.read(views().u8, area + carry, READ_BYTES);
    const size = carry + read;
    const done = await decoder.decode(area, size, read === 0);
    views().u8.copyWithin(area, area + done, area + size);
    carry = size - done;
    if (read === 0) {
      await decoder.writer.flush();
      return decoder.refused === 0 ? 0 : 1;
    }
  }
}

// The input area for `size` bytes whose first `carry` bytes are kept (a long line outgrows the area). Growing
// memory may reallocate the buffer a write in flight reads from, so that write finishes first.
async function reserveWithCarry(area, size, carry, writer) {
  if (size <= 2 * READ_BYTES) return area;
  await writer.flush();
  const kept = views().u8.slice(area, area + carry);
  const moved = reserveInput(size);
  if (moved !== area) views().u8.set(kept, moved);
  return moved;
}

async function loadRefusedRows() {
  const [{ ERROR_CODES }, { refusedJson, refusedRow }] = await Promise.all([
    import('@echomq/branded'),
    import('./output.js'),
  ]);
  return { ERROR_CODES, refusedJson, refusedRow };
}

class LineDecoder {
  constructor(json) {
    this.json = json ? 1 : 0;
    this.refused = 0;
    this.rows = null; // output.js and the error codes, loaded with the package module on the first refused line
    this.writer = new BackgroundWriter();
    this.slot = 0; // the row buffer core fills next, while the other may still be being written
  }

  // Writes the rows of the whole lines of `text` (all of it when final); returns the bytes consumed.
  async decode(text, size, final) {
    let done = 0;
    for (;;) {
      wasm.decode_lines(text + done, size - done, final ? 1 : 0);
      const lines = status(FOUND.foundIds);
      const refused = status(FOUND.foundRefused);
      const consumed = status(FOUND.consumedBytes);
      this.refused += refused;
      if (refused > 0 && this.rows === null) this.rows = await loadRefusedRows();
      for (let first = 0; first < lines;) {
        wasm.format_lines(text + done, first, this.json, this.slot); // may grow memory: views are read after it
        this.slot ^= 1;
        const stop = status(FOUND.rowsStop);
        const rowAddress = status(FOUND.rowsAddress);
        await this.writer.write(views().u8, rowAddress, rowAddress + status(FOUND.rowsSize));
        if (stop === lines) break;
        const row = `${this.refusedRow(text + done, stop)}\n`;
        await this.writer.flush();
        await writeText(row);
        first = stop + 1;
      }
      done += consumed;
      if (lines < FOUND.capacity || done === size) return done;
    }
  }

  refusedRow(text, i) {
    const { u8, u32 } = views();
    const start = text + u32[(FOUND.offset >> 2) + i];
    const id = Buffer.from(u8.subarray(start, start + u32[(FOUND.length >> 2) + i])).toString('utf8');
    const error = this.rows.ERROR_CODES[u8[FOUND.error + i]];
    return this.json ? this.rows.refusedJson(id, error) : this.rows.refusedRow(id, error);
  }
}
