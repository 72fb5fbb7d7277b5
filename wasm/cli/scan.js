// branded scan [FILE...]: every branded id in logs, JSON, URLs, CSV — any text — from files or stdin, streamed
// through core's scan in bounded memory (an id split between two reads is found once).
import { createReadStream } from 'node:fs';

import { Scanner } from '../lib/scanner.js';
import { bytesSource } from '../lib/sources.js';
import { CLI_MODULE, FOUND, views, wasm } from './module.js';
import { write } from './output.js';

const READ_BYTES = 1 << 18;
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

// The rows of one chunk of candidates, formatted by core into one buffer (copied out: the next call reuses it).
function formatChunk(chunk, { json, validOnly }, prefixSize) {
  wasm.format_found(chunk.text, json ? 1 : 0, validOnly ? 1 : 0, prefixSize, chunk.byteBase, chunk.line);
  const { u8, u32 } = views();
  const rowAddress = u32[FOUND.rowsAddress >> 2];
  return Buffer.from(u8.subarray(rowAddress, rowAddress + u32[FOUND.rowsSize >> 2]));
}

// Scans one input stream; returns how many candidates were refused, or throws the stream's error.
async function scanInput(input, options) {
  const scanner = new Scanner(false, CLI_MODULE);
  const prefixSize = setPrefix(options.file, options.json);
  let refused = 0;
  let pending = [];
  const take = (chunk) => {
    refused += chunk.refused;
    pending.push(formatChunk(chunk, options, prefixSize));
  };
  const flush = async () => {
    for (const rows of pending) await write(rows);
    pending = [];
  };
  for await (const piece of input) {
    scanner.push(bytesSource(piece), false, take);
    await flush();
  }
  scanner.push(bytesSource(new Uint8Array(0)), true, take);
  await flush();
  return refused;
}

/**
 * `branded scan [FILE...]`: every id found in the files (or stdin), one row or JSON line each.
 * Exit status: 2 when a file could not be read (the others are still scanned), else 1 when some candidate was
 * refused (range), else 0 (also when no id was found).
 */
export async function scanCommand({ positional, options }) {
  const json = options.json === true;
  const validOnly = options['valid-only'] === true;
  if (!json) await write(header(positional.length > 0));
  if (positional.length === 0) {
    const refused = await scanInput(process.stdin, { json, validOnly, file: null });
    return refused === 0 ? 0 : 1;
  }
  let refused = 0;
  let unreadable = false;
  for (const file of positional) {
    try {
      const input = file === '-' ? process.stdin : createReadStream(file, { highWaterMark: READ_BYTES });
      refused += await scanInput(input, { json, validOnly, file });
    } catch (error) {
      if (typeof error?.code !== 'string' || !error.syscall) throw error;
      process.stderr.write(`branded scan: cannot read ${JSON.stringify(file)}: ${error.message}\n`);
      unreadable = true;
    }
  }
  if (unreadable) return 2;
  return refused === 0 ? 0 : 1;
}
