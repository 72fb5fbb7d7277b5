// branded decode: ids from the arguments, or streamed from stdin in chunks through parseMany (bounded
// memory whatever the input size).
import { ERROR_CODES, encode, parseMany, streamId, valid } from '@echomq/branded';
import { UsageError } from './usage.js';
import { FOUND, reserveInput, views, wasm } from './module.js';
import { DECODE_HEADER, decodedJson, decodedRow, refusedJson, refusedRow, write } from './output.js';

// Formats every id of one parseMany result; `idAt(i)` gives the text of id i.
function format(parsed, idAt, json) {
  const lines = [];
  for (let i = 0; i < parsed.count; i++) {
    const id = idAt(i);
    const error = parsed.errorAt(i);
    if (error !== null) {
      lines.push(json ? refusedJson(id, error) : refusedRow(id, error));
      continue;
    }
    const snowflake = parsed.snowflake[i];
    const row = json ? decodedJson : decodedRow;
    lines.push(
      row(
        id,
        id.slice(0, 3),
        snowflake,
        parsed.unixMs[i],
        parsed.node[i],
        parsed.seq[i],
        parsed.hash32[i],
        streamId(snowflake),
      ),
    );
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/**
 * `branded decode ID...`: a row (or JSON line) per argument; with `--ns NS` an argument that is a bare
 * Snowflake (decimal) is decoded as the id of NS it encodes to.
 */
export async function decodeArguments(args, json, namespace) {
  const ids =
    namespace === undefined ? args : args.map((arg) => (/^[0-9]+$/.test(arg) ? snowflakeId(namespace, arg) : arg));
  const parsed = parseMany(ids, { fields: true });
  await write((json ? '' : DECODE_HEADER) + format(parsed, (i) => ids[i], json));
  return parsed.refused === 0 ? 0 : 1;
}

function snowflakeId(namespace, decimal) {
  const value = BigInt(decimal);
  if (!valid(`${namespace}00000000000`))
    throw new UsageError(`--ns must be three letters A-Z, got ${JSON.stringify(namespace)}`, 'decode');
  if (value >= 2n ** 63n) throw new UsageError(`${decimal} is not a Snowflake: it must be below 2^63`, 'decode');
  return encode(namespace, value);
}

/**
 * Decodes stdin's lines as they arrive, in bounded memory: core parses each piece and writes the rows of
 * valid ids into one buffer; a refused line's row is written here (it may hold any bytes). The bytes after the
 * last newline wait for the next piece.
 */
export async function decodeStream(input, json) {
  if (!json) await write(DECODE_HEADER);
  const decoder = new LineDecoder(json);
  for await (const piece of input) for (const rows of decoder.push(piece, false)) await write(rows);
  for (const rows of decoder.push(new Uint8Array(0), true)) await write(rows);
  return decoder.refused === 0 ? 0 : 1;
}

const status = () => views().u32.subarray(FOUND.status >> 2, (FOUND.status >> 2) + 8);

class LineDecoder {
  constructor(json) {
    this.json = json ? 1 : 0;
    this.carry = new Uint8Array(0);
    this.refused = 0;
  }

  // The output of one piece, as Buffers and strings in order.
  push(piece, final) {
    const size = this.carry.length + piece.length;
    const at = reserveInput(size);
    views().u8.set(this.carry, at);
    views().u8.set(piece, at + this.carry.length);
    const out = [];
    let done = 0;
    for (;;) {
      wasm.decode_lines(at + done, size - done, final ? 1 : 0);
      const [lines, refused, consumed] = status();
      this.refused += refused;
      for (let first = 0; first < lines;) {
        wasm.format_lines(at + done, first, this.json); // may grow memory: views are read after it
        const [, , , , , stop, rowBytes, rowAddress] = status();
        if (rowBytes > 0) out.push(Buffer.from(views().u8.subarray(rowAddress, rowAddress + rowBytes)));
        if (stop === lines) break;
        out.push(`${this.refusedRow(at + done, stop)}\n`);
        first = stop + 1;
      }
      done += consumed;
      if (lines < FOUND.capacity || done === size) break;
    }
    this.carry = views().u8.slice(at + done, at + size);
    return out;
  }

  refusedRow(text, i) {
    const { u8, u32 } = views();
    const start = text + u32[(FOUND.offset >> 2) + i];
    const id = Buffer.from(u8.subarray(start, start + u32[(FOUND.length >> 2) + i])).toString('utf8');
    const error = ERROR_CODES[u8[FOUND.error + i]];
    return this.json ? refusedJson(id, error) : refusedRow(id, error);
  }
}
