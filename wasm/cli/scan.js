// branded scan [FILE...]: every branded id in logs, JSON, URLs, CSV — any text — from files or stdin, streamed
// through core's scan in bounded memory (an id split between two reads is found once). Each input is read with
// read(2) a piece at a time; core formats a piece's rows into one of two row buffers, written out (cli/stdio.js)
// while the next piece is scanned.
import { closeSync, openSync, statSync } from 'node:fs';

import { Scanner } from '../lib/scanner.js';
import { bytesSource } from '../lib/sources.js';
import { CLI_MODULE, FOUND, views, wasm } from './module.js';
import { progress, stdinBytes } from './progress.js';
import { RowBuffers } from './row-buffers.js';
import { FileReader, StdinReader, writeText } from './stdio.js';

const READ_BYTES = 1 << 17;
// The most candidates a piece (and the at most 14 bytes carried into it) can hold: each takes 14 bytes and a
// byte apart from the next. The row buffers are sized for that many rows.
const PIECE_CANDIDATES = Math.ceil((READ_BYTES + 14) / 15) + 1;
const COLUMNS =
  '  OFFSET  ID              NS   SNOWFLAKE            TIME (UTC)                NODE   SEQ      HASH32  STREAM ID\n';
const header = (files) => `${(files ? 'FILE:LINE' : 'LINE').padEnd(12)}  ${COLUMNS}`;

const encoder = new TextEncoder();
const PREFIX_BYTES = 4096;

// Writes a file's place prefix (a table row's "FILE:", a JSON row's "file" member) where core's row formatter
// reads it; returns its size.
function setPrefix(file, json) {
  if (file === null) return 0;
  const bytes = encoder.encode(json ? `"file":${JSON.stringify(file)},` : `${file}:`);
  if (bytes.length > PREFIX_BYTES)
    throw new Error(`branded scan: a file name of ${bytes.length} bytes is too long to print`);
  views().u8.set(bytes, FOUND.prefix);
  return bytes.length;
}

// Rows of one input at a time into the row buffers, handed to the writer a piece at a time.
class RowWriter {
  constructor({ json, validOnly }) {
    this.flags = (json ? 1 : 0) | (validOnly ? 2 : 0);
    this.buffers = new RowBuffers();
    this.used = 0; // the bytes of rows in the current row buffer
    this.prefixSize = 0;
  }

  // A new input's place prefix; the buffers are sized for it before anything is written from them.
  async begin(file) {
    await this.buffers.flush();
    this.prefixSize = setPrefix(file, this.flags & 1);
    this.buffers.reserve(PIECE_CANDIDATES * (FOUND.rowBytes + this.prefixSize));
  }

  // The rows of a chunk of candidates, after those already in the current buffer (Scanner's take).
  add(chunk) {
    const { text, byteBase, line } = chunk;
    wasm.format_found(text, this.flags | (this.buffers.slot << 2), this.prefixSize, byteBase, line, this.used);
    this.used = views().u32[FOUND.rowsSize >> 2];
  }

  // Hands the current buffer's rows to the writer, and moves on to the other buffer.
  async submit() {
    await this.buffers.submit(this.used);
    this.used = 0;
  }
}

// The progress line's counts over every input so far.
class Tally {
  constructor(bar) {
    this.bar = bar;
    this.readBytes = 0;
    this.found = 0;
  }

  read(bytes) {
    this.readBytes += bytes;
    this.bar.update(this.readBytes, this.found);
  }
}

// Scans one input (a reader of cli/stdio.js) into `rows`, counted in `tally`; returns how many candidates were
// refused, or throws the read's error.
async function scanInput(reader, rows, tally, file) {
  const scanner = new Scanner(false, CLI_MODULE);
  const piece = new Uint8Array(READ_BYTES);
  let refused = 0;
  const take = (chunk) => {
    refused += chunk.refused;
    tally.found += chunk.count;
    rows.add(chunk);
  };
  await rows.begin(file);
  for (;;) {
    const read = await reader.read(piece, 0, READ_BYTES);
    tally.read(read);
    scanner.push(bytesSource(piece.subarray(0, read)), read === 0, take);
    await rows.submit();
    if (read === 0) return refused;
  }
}

function fileBytes(file) {
  try {
    const stat = statSync(file);
    return stat.isFile() ? stat.size : null;
  } catch {
    return 0; // unreadable: scanCommand says so when it comes to it
  }
}

// The bytes the inputs hold (FILEs, or stdin when there are none or for "-"), or null if one is no regular file.
function totalBytes(files) {
  let total = 0;
  for (const file of files.length === 0 ? ['-'] : files) {
    const bytes = file === '-' ? stdinBytes() : fileBytes(file);
    if (bytes === null) return null;
    total += bytes;
  }
  return total;
}

// Scans FILE (opened, read and closed here), or stdin for "-".
async function scanFile(file, rows, tally) {
  if (file === '-') return scanInput(new StdinReader(), rows, tally, file);
  const fd = openSync(file, 'r');
  try {
    return await scanInput(new FileReader(fd), rows, tally, file);
  } finally {
    closeSync(fd);
  }
}

/**
 * `branded scan [FILE...]`: every id found in the files (or stdin), one row or JSON line each.
 * Exit status: 2 when a file could not be read (the others are still scanned), else 1 when some candidate was
 * refused (range), else 0 (also when no id was found).
 */
export async function scanCommand({ positional, options }) {
  const json = options.json === true;
  const bar = progress('scan', { total: totalBytes(positional), found: 'ids' });
  const rows = new RowWriter({ json, validOnly: options['valid-only'] === true });
  const tally = new Tally(bar);
  if (!json) await writeText(header(positional.length > 0));
  if (positional.length === 0) {
    const refused = await scanInput(new StdinReader(), rows, tally, null);
    await rows.buffers.flush();
    bar.clear();
    return refused === 0 ? 0 : 1;
  }
  let refused = 0;
  let unreadable = false;
  for (const file of positional) {
    try {
      refused += await scanFile(file, rows, tally);
    } catch (error) {
      if (typeof error?.code !== 'string' || !error.syscall) throw error;
      await rows.buffers.flush();
      bar.clear();
      process.stderr.write(`branded scan: cannot read ${JSON.stringify(file)}: ${error.message}\n`);
      unreadable = true;
    }
  }
  await rows.buffers.flush();
  bar.clear();
  if (unreadable) return 2;
  return refused === 0 ? 0 : 1;
}
