// branded decode: ids from the arguments, or streamed from stdin in chunks through parseMany (bounded
// memory whatever the input size).
import { parseMany, streamId } from '@echomq/branded';
import { DECODE_HEADER, decodedJson, decodedRow, refusedJson, refusedRow, write } from './output.js';

const NEWLINE = 0x0a;

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
    lines.push(row(id, id.slice(0, 3), snowflake, parsed.unixMs[i], parsed.node[i], parsed.seq[i], parsed.hash32[i], streamId(snowflake)));
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

export async function decodeArguments(ids, json) {
  const parsed = parseMany(ids, { fields: true });
  await write((json ? '' : DECODE_HEADER) + format(parsed, (i) => ids[i], json));
  return parsed.refused === 0 ? 0 : 1;
}

// Parses complete lines as they arrive; the bytes after the last newline wait for the next chunk.
export async function decodeStream(input, json) {
  let refused = 0;
  let carry = Buffer.alloc(0);
  if (!json) await write(DECODE_HEADER);
  const flush = async (bytes) => {
    const parsed = parseMany(bytes, { fields: true });
    refused += parsed.refused;
    const idAt = (i) => {
      const start = parsed.offset[i];
      const end = start + parsed.length[i];
      return bytes.toString(parsed.error[i] === 0 ? 'latin1' : 'utf8', start, end);
    };
    await write(format(parsed, idAt, json));
  };
  for await (const chunk of input) {
    const last = chunk.lastIndexOf(NEWLINE);
    if (last === -1) {
      carry = Buffer.concat([carry, chunk]);
      continue;
    }
    await flush(Buffer.concat([carry, chunk.subarray(0, last + 1)]));
    carry = Buffer.from(chunk.subarray(last + 1));
  }
  if (carry.length > 0) await flush(carry);
  return refused === 0 ? 0 : 1;
}
