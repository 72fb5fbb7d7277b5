// branded decode of ids given as arguments (stdin is decode-stream.js's).
import { encode, parseMany, streamId, valid } from '@echomq/branded';
import { UsageError } from './usage.js';
import { DECODE_HEADER } from './headers.js';
import { decodedJson, decodedRow, refusedJson, refusedRow, write } from './output.js';

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
