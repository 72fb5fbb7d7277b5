// branded decode from stdin: lines read straight into the CLI module's memory, parsed and formatted there by
// core into one buffer, and written from it; bounded memory whatever the input, however long its lines. Only
// a refused line's row is made in JavaScript (it may hold any bytes), and the package module loads on the first
// one; it goes into the same buffer, between core's rows.
import { FOUND, reserveInput, views, wasm } from './module.js';
import { DECODE_HEADER } from './headers.js';
import { progress, stdinBytes } from './progress.js';
import { RowBuffers } from './row-buffers.js';
import { StdinReader, writeText } from './stdio.js';

const READ_BYTES = 1 << 18;
const NEWLINE = 0x0a;
const CR = 0x0d;

// A 32-bit field the last call left, at its address in FOUND (bindings/scan.cpp names each).
const status = (address) => views().u32[address >> 2];

/** `branded decode` from stdin: a row (or JSON line) per line; resolves to exit status 1 when a line was refused, else 0. */
export async function decodeStream(json) {
  if (!json) await writeText(DECODE_HEADER);
  const decoder = new LineDecoder(json);
  const bar = progress('decode', { total: stdinBytes(), found: 'lines' });
  const stdin = new StdinReader();
  let readBytes = 0;
  const reader = {
    async read(u8, at, size) {
      const read = await stdin.read(u8, at, size);
      readBytes += read;
      bar.update(readBytes, decoder.lines);
      return read;
    },
  };
  // the area holds a part line (less than READ_BYTES: a longer one is no id, and is read past) and a read
  const area = reserveInput(2 * READ_BYTES);
  let carry = 0; // the bytes after the last newline, at the start of the area
  for (let ended = false; !ended;) {
    const read = await reader.read(views().u8, area + carry, READ_BYTES);
    const size = carry + read;
    const done = await decoder.decode(area, size, read === 0);
    views().u8.copyWithin(area, area + done, area + size);
    carry = size - done;
    ended = read === 0;
    if (carry >= READ_BYTES) ({ carry, ended } = await decoder.readPastLongLine(reader, area, carry));
  }
  await decoder.buffers.flush();
  bar.clear();
  return decoder.refused === 0 ? 0 : 1;
}

// output.js and the error codes: it imports the package module, which so loads with the first refused line.
const loadRefusedRows = () => import('./output.js');

const encoder = new TextEncoder();

class LineDecoder {
  constructor(json) {
    this.json = json ? 1 : 0;
    this.refused = 0;
    this.lines = 0;
    this.rows = null; // output.js and the error codes, loaded with the package module on the first refused line
    this.buffers = new RowBuffers();
    this.buffers.reserve(FOUND.capacity * FOUND.rowBytes); // a chunk's lines, each its row's room
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
      this.lines += lines;
      if (refused > 0) this.rows ??= await loadRefusedRows();
      let used = 0; // the bytes of rows in the current row buffer
      for (let first = 0; first < lines;) {
        wasm.format_lines(text + done, first, this.json, this.buffers.slot, used); // may grow memory: views are read after
        const stop = status(FOUND.rowsStop);
        used = status(FOUND.rowsSize);
        if (stop === lines) break;
        used = await this.placeRefused(text + done, stop, lines, used);
        first = stop + 1;
      }
      await this.buffers.submit(used);
      done += consumed;
      if (lines < FOUND.capacity || done === size) return done;
    }
  }

  // Puts refused line i's row after the `used` bytes of rows in the current buffer, where it leaves each later
  // line of the chunk its room; else at the start of the other buffer, once this one is handed to the writer;
  // else (a row larger than a whole buffer's room) writes it alone. Returns the bytes the current buffer holds.
  async placeRefused(text, i, lines, used) {
    const row = this.refusedRow(text, i);
    const later = (lines - i - 1) * FOUND.rowBytes;
    const placed = this.putRow(row, used, later);
    if (placed !== undefined) return placed;
    await this.buffers.submit(used);
    const fresh = this.putRow(row, 0, later);
    if (fresh !== undefined) return fresh;
    await this.buffers.flush();
    await writeText(row);
    return 0;
  }

  // Writes `row` after the `used` bytes of the current buffer if it fits in what `later` bytes (the room of
  // the lines after it) leave of the buffer (FOUND.capacity rows' room): answers the bytes it holds then, or
  // undefined.
  putRow(row, used, later) {
    const start = this.buffers.address() + used;
    const room = FOUND.capacity * FOUND.rowBytes - later - used;
    const { read, written } = encoder.encodeInto(row, views().u8.subarray(start, start + room));
    return read === row.length ? used + written : undefined;
  }

  refusedRow(text, i) {
    const { u8, u32 } = views();
    const start = text + u32[(FOUND.offset >> 2) + i];
    const bytes = u8.subarray(start, start + u32[(FOUND.length >> 2) + i]);
    const { LINE_SHOWN_BYTES, shownHead, longLineJson, longLineRow, refusedJson, refusedRow } = this.rows;
    if (bytes.length > LINE_SHOWN_BYTES) {
      const head = shownHead(bytes);
      return `${this.json ? longLineJson(head, bytes.length) : longLineRow(head, bytes.length)}\n`;
    }
    const id = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
    const error = this.rows.ERROR_CODES[u8[FOUND.error + i]];
    // the error, its offset and the byte named come from the line's bytes, which `id` may not spell (U+FFFD)
    const at = wasm.error_offset(start, bytes.length);
    return `${this.json ? refusedJson(id, error, bytes, at) : refusedRow(id, error, bytes, at)}\n`;
  }

  // The line at the start of the area has `carry` bytes and no newline yet: it is no id. Its first bytes are
  // kept for its row, the rest is read past up to its end; answers the bytes after that (moved to the start of
  // the area) and whether the input ended.
  async readPastLongLine(reader, area, carry) {
    this.refused++;
    this.rows ??= await loadRefusedRows();
    const head = this.rows.shownHead(views().u8.slice(area, area + this.rows.LINE_SHOWN_BYTES + 4));
    let bytes = carry;
    let endsInCR = views().u8[area + carry - 1] === CR;
    for (;;) {
      const read = await reader.read(views().u8, area, READ_BYTES);
      const u8 = views().u8;
      const newline = read === 0 ? -1 : u8.subarray(area, area + read).indexOf(NEWLINE);
      if (newline < 0 && read > 0) {
        bytes += read;
        endsInCR = u8[area + read - 1] === CR;
        continue;
      }
      if (newline >= 0) {
        bytes += newline;
        if (newline > 0 ? u8[area + newline - 1] === CR : endsInCR) bytes--; // "\r\n" ends the line
      }
      const { longLineJson, longLineRow } = this.rows;
      this.lines++;
      await this.buffers.flush();
      await writeText(`${this.json ? longLineJson(head, bytes) : longLineRow(head, bytes)}\n`);
      if (newline < 0) return { carry: 0, ended: true };
      u8.copyWithin(area, area + newline + 1, area + read);
      return { carry: read - newline - 1, ended: false };
    }
  }
}
