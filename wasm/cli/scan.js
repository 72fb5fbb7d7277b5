// branded scan [FILE...]: every branded id in logs, JSON, URLs, CSV — any text — from files or stdin, streamed
// through core's scan in bounded memory (an id split between two reads is found once).
import { createReadStream } from 'node:fs';

import { streamId } from '../index.js';
import { bytesSource } from '../lib/batch.js';
import { FOUND, Scanner } from '../lib/scan.js';
import { readId, views } from '../lib/module.js';
import { iso, write } from './output.js';

const READ_BYTES = 1 << 18;
const COLUMNS = '  OFFSET  ID              NS   SNOWFLAKE            TIME (UTC)                NODE   SEQ      HASH32  STREAM ID\n';
const header = (files) => `${(files ? 'FILE:LINE' : 'LINE').padEnd(12)}  ${COLUMNS}`;

// The output of one chunk of candidates, as text; reads the module's columns before anything else runs.
function formatChunk(chunk, { json, validOnly, file }) {
  const { u8, u16, u32, f64, u64 } = views();
  const lines = [];
  const where = file === null ? '' : `"file":${JSON.stringify(file)},`;
  for (let i = 0; i < chunk.count; i++) {
    const ok = u8[FOUND.error + i] === 0;
    if (validOnly && !ok) continue;
    const offset = chunk.byteBase + u32[(FOUND.offset >> 2) + i];
    const line = chunk.line + u32[(FOUND.newlines >> 2) + i];
    const id = readId(chunk.text + u32[(FOUND.offset >> 2) + i]);
    if (!ok) {
      lines.push(json ? `{${where}"offset":${offset},"line":${line},"id":"${id}","ok":false,"error":"range"}`
        : `${place(file, line, offset)}${id}  refused: range (the 11 digits after ${id.slice(0, 3)} encode 2^63 or more)`);
      continue;
    }
    const snowflake = u64[(FOUND.snowflake >> 3) + i];
    const unixMs = f64[(FOUND.unixMs >> 3) + i];
    const node = u16[(FOUND.node >> 1) + i];
    const seq = u16[(FOUND.seq >> 1) + i];
    const hash32 = u32[(FOUND.hash32 >> 2) + i];
    const stream = streamId(snowflake);
    lines.push(json
      ? `{${where}"offset":${offset},"line":${line},"id":"${id}","ok":true,"namespace":"${id.slice(0, 3)}",` +
        `"snowflake":"${snowflake}","unixMs":${unixMs},"iso":"${iso(unixMs)}","node":${node},"seq":${seq},` +
        `"hash32":${hash32},"streamId":"${stream}"}`
      : `${place(file, line, offset)}${id}  ${id.slice(0, 3)}  ${snowflake.toString().padEnd(19)}  ${iso(unixMs)}  ` +
        `${String(node).padStart(4)}  ${String(seq).padStart(4)}  ${String(hash32).padStart(10)}  ${stream}`);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

function place(file, line, offset) {
  return `${(file === null ? String(line) : `${file}:${line}`).padEnd(12)}  ${String(offset).padStart(8)}  `;
}

// Scans one input stream; returns how many candidates were refused, or throws the stream's error.
async function scanInput(input, options) {
  const scanner = new Scanner({ fields: true });
  let refused = 0;
  const take = (chunk) => {
    refused += chunk.refused;
    pending += formatChunk(chunk, options);
  };
  let pending = '';
  for await (const piece of input) {
    scanner.push(bytesSource(piece), false, take);
    if (pending.length > 0) {
      await write(pending);
      pending = '';
    }
  }
  scanner.push(bytesSource(new Uint8Array(0)), true, take);
  await write(pending);
  return refused;
}

// Exit status: 2 when a file could not be read (the others are still scanned), else 1 when some candidate was
// refused (range), else 0 (also when no id was found).
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
