// branded encode, mint, gate, window, slot. Each returns its exit status (0 ok, 1 refused).
import { BrandedError, createMinter, encode, gate, parse, slot, streamWindow, hash32, streamId } from '@echomq/branded';
import { decodedJson, printable, write } from './output.js';
import { UsageError, instantArgument, integerArgument, safeNumber } from './usage.js';

function expectCount(positional, count, command, names) {
  if (positional.length !== count)
    throw new UsageError(`${command} takes ${names}, got ${positional.length} argument${positional.length === 1 ? '' : 's'}`, command);
}

// What a refusal means for the arguments of each command, so a user knows what to change.
const HINTS = {
  namespace: 'NS is exactly three letters A-Z',
  node: '--node is a whole number from 0 to 1023',
  range: {
    encode: 'SNOWFLAKE must be below 2^63 (9223372036854775808)',
    mint: 'the clock reads outside 2024-01-01 .. 2093-09-06, the span a Snowflake can carry',
    window: 'the instants must satisfy 0 <= T0 < T1',
  },
};

function hint(command, code) {
  const entry = HINTS[code];
  const text = typeof entry === 'string' ? entry : entry?.[command];
  return text ? ` (${text})` : '';
}

// Runs `work`; a BrandedError becomes exit status 1 with a refusal: a JSON line on stdout with --json,
// else a line on stderr.
async function refusable(command, json, fields, work) {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof BrandedError)) throw error;
    if (json) await write(`${JSON.stringify({ ...fields, ok: false, error: error.code })}\n`);
    else process.stderr.write(`branded ${command}: refused: ${error.code}${hint(command, error.code)}\n`);
    return 1;
  }
}

export async function encodeCommand({ positional, options }) {
  expectCount(positional, 2, 'encode', 'NS SNOWFLAKE');
  const [namespace, text] = positional;
  const snowflake = integerArgument(text, 'SNOWFLAKE', 'encode');
  const fields = { namespace, snowflake: snowflake.toString() };
  return refusable('encode', options.json, fields, async () => {
    const id = encode(namespace, snowflake);
    await write(options.json ? `${JSON.stringify({ ...fields, ok: true, id })}\n` : `${id}\n`);
    return 0;
  });
}

function mintedJson(id, snowflake) {
  const { namespace, unixMs, node, seq } = parse(id);
  return decodedJson(id, namespace, snowflake, unixMs, node, seq, hash32(snowflake), streamId(snowflake));
}

export async function mintCommand({ positional, options }) {
  expectCount(positional, 1, 'mint', 'NS');
  const [namespace] = positional;
  const node = safeNumber(integerArgument(options.node ?? '0', '--node', 'mint'), '--node', 'mint');
  const count = integerArgument(options.count ?? '1', '--count', 'mint');
  if (count < 1n) throw new UsageError(`--count must be at least 1, got ${count}`, 'mint');
  return refusable('mint', options.json, { namespace, node }, async () => {
    const minter = createMinter({ namespace, node });
    const BATCH = 4096;
    for (let left = count; left > 0n; ) {
      const lines = [];
      for (let i = 0; i < BATCH && left > 0n; i++, left--) {
        if (options.json) {
          const snowflake = minter.nextSnowflake();
          lines.push(mintedJson(encode(namespace, snowflake), snowflake));
        } else {
          lines.push(minter.next());
        }
      }
      await write(`${lines.join('\n')}\n`);
    }
    return 0;
  });
}

export async function gateCommand({ positional, options }) {
  expectCount(positional, 1, 'gate', 'ID');
  const [id] = positional;
  const verdict = gate(id);
  const parsed = parse(id);
  const host = parsed.ok ? 'ok' : parsed.error;
  if (options.json) {
    await write(`${JSON.stringify({ id, ...verdict, host })}\n`);
  } else {
    const wire = verdict.admitted ? 'admitted' : `refused: ${verdict.error}`;
    const hostText = parsed.ok ? 'ok (all 14 bytes parse)' : `refused: ${host} (nothing would be sent)`;
    await write(`id         ${printable(id)}\nwire gate  ${wire}\nhost       ${hostText}\n`);
  }
  return verdict.admitted ? 0 : 1;
}

export async function windowCommand({ positional, options }) {
  expectCount(positional, 2, 'window', 'T0 T1');
  const t0 = instantArgument(positional[0], 'T0', 'window');
  const t1 = instantArgument(positional[1], 'T1', 'window');
  return refusable('window', options.json, { t0, t1 }, async () => {
    const { start, end, inclusiveEnd } = streamWindow(t0, t1);
    if (options.json) await write(`${JSON.stringify({ t0, t1, start, end, inclusiveEnd })}\n`);
    else
      await write(`start          ${start}\nend            ${end}\ninclusive end  ${inclusiveEnd}\n` +
        `XRANGE <key> ${start} ${end}\n`);
    return 0;
  });
}

export async function slotCommand({ positional, options }) {
  if (positional.length === 0) throw new UsageError('slot takes KEY...', 'slot');
  const width = Math.max(...positional.map((key) => printable(key).length));
  const lines = positional.map((key) =>
    options.json ? JSON.stringify({ key, slot: slot(key) }) : `${printable(key).padEnd(width)}  ${slot(key)}`);
  await write(`${lines.join('\n')}\n`);
  return 0;
}
