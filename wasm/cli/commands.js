// branded encode, mint, gate, window, slot. Each returns its exit status (0 ok, 1 refused).
import {
  BrandedError,
  EPOCH_MS,
  HORIZON_MS,
  MAX_SNOWFLAKE,
  compose,
  createMinter,
  encode,
  gate,
  minFor,
  parse,
  slot,
  streamWindow,
  hash32,
  streamId,
} from '@echomq/branded';
import { explainNamespace } from './explain.js';
import { leaseNode } from './nodes.js';
import { progress } from './progress.js';
import { decodedJson, printable, write } from './output.js';
import { UsageError, instantArgument, integerArgument, safeNumber } from './usage.js';

function expectCount(positional, count, command, names) {
  if (positional.length !== count)
    throw new UsageError(
      `${command} takes ${names}, got ${positional.length} argument${positional.length === 1 ? '' : 's'}`,
      command,
    );
}

const day = (ms) => new Date(ms).toISOString().slice(0, 10);

// What a refusal means for the arguments of each command, so a user knows what to change (built on first
// use: the constants come from the module).
function hints() {
  const span = `${day(EPOCH_MS)} .. ${day(HORIZON_MS)}, the span a Snowflake can carry`;
  return {
    namespace: 'NS is exactly three letters A-Z',
    node: '--node is a whole number from 0 to 1023',
    range: {
      encode: `SNOWFLAKE must be below 2^63 (${MAX_SNOWFLAKE + 1n})`,
      mint: `the clock reads outside ${span}`,
      'min-for': `TIME must lie in ${span}`,
      window: 'the instants must satisfy 0 <= T0 < T1',
    },
  };
}

function hint(command, code, fields) {
  if (code === 'namespace' && typeof fields.namespace === 'string')
    return ` (${explainNamespace(fields.namespace).message})`;
  const entry = hints()[code];
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
    else process.stderr.write(`branded ${command}: refused: ${error.code}${hint(command, error.code, fields)}\n`);
    return 1;
  }
}

/** `branded encode NS SNOWFLAKE`: prints the id, or its JSON object. */
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

// A run mints at most this many ids: beyond it a typo (an extra digit or ten) would write for hours.
export const MAX_COUNT = 100_000_000n;
const ID_LINE_BATCH = 4096;

/** `branded mint NS`: `--count` ids minted on a leased node, or with `--at` the first ids of that millisecond. */
export async function mintCommand({ positional, options }) {
  expectCount(positional, 1, 'mint', 'NS');
  const [namespace] = positional;
  const node =
    options.node === undefined ? null : safeNumber(integerArgument(options.node, '--node', 'mint'), '--node', 'mint');
  const count = integerArgument(options.count ?? '1', '--count', 'mint');
  if (count < 1n) throw new UsageError(`--count must be at least 1, got ${count}`, 'mint');
  if (count > MAX_COUNT)
    throw new UsageError(
      `--count must be at most ${MAX_COUNT} (one run's limit; run again for more), got ${count}`,
      'mint',
    );
  const at = options.at === undefined ? null : instantArgument(options.at, '--at', 'mint');
  return refusable('mint', options.json, { namespace, node: node ?? 0 }, async () => {
    if (at !== null) return mintAt(namespace, node ?? 0, at, Number(count), options.json);
    createMinter({ namespace, node: node ?? 0 }); // refuses a bad namespace or node before any lease is taken
    let lease;
    try {
      lease = await leaseNode(node, 'mint');
    } catch (error) {
      if (error instanceof BrandedError || error.code !== undefined) throw error;
      process.stderr.write(`branded mint: ${error.message}\n`);
      return 1;
    }
    const bar = progress('mint', { total: Number(count), unit: 'ids' });
    try {
      const minter = createMinter({ namespace, node: lease.node });
      for (let left = Number(count); left > 0;) {
        const lines = [];
        for (let i = 0; i < ID_LINE_BATCH && left > 0; i++, left--) {
          if (options.json) {
            const snowflake = minter.nextSnowflake();
            lines.push(mintedJson(encode(namespace, snowflake), snowflake));
          } else {
            lines.push(minter.next());
          }
        }
        lease.lastMs = parse(options.json ? JSON.parse(lines.at(-1)).id : lines.at(-1)).unixMs;
        await write(`${lines.join('\n')}\n`);
        bar.update(Number(count) - left);
      }
    } finally {
      bar.clear();
      lease.release();
    }
    return 0;
  });
}

// --at: the first ids of that millisecond on the node (seq 0 on; a 4097th borrows the next millisecond), the
// same ids on every run: for fixtures and backfills, not for ids another minter may also hold.
async function mintAt(namespace, node, at, count, json) {
  const bar = progress('mint', { total: count, unit: 'ids' });
  const lines = [];
  for (let i = 0; i < count; i++) {
    const snowflake = compose({ unixMs: at + Math.floor(i / 4096), node, seq: i % 4096 });
    const id = encode(namespace, snowflake);
    lines.push(json ? mintedJson(id, snowflake) : id);
    if (lines.length === ID_LINE_BATCH || i === count - 1) {
      await write(`${lines.join('\n')}\n`);
      lines.length = 0;
      bar.update(i + 1);
    }
  }
  bar.clear();
  return 0;
}

/** `branded gate ID`: the wire gate's verdict and the host check's; exit status 0 only when both pass. */
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
  return verdict.admitted && parsed.ok ? 0 : 1; // 0: an enqueue of this id passes both checks
}

/** `branded window T0 T1`: the XRANGE arguments of [T0, T1). */
export async function windowCommand({ positional, options }) {
  expectCount(positional, 2, 'window', 'T0 T1');
  const t0 = instantArgument(positional[0], 'T0', 'window');
  const t1 = instantArgument(positional[1], 'T1', 'window');
  return refusable('window', options.json, { t0, t1 }, async () => {
    const { start, end, inclusiveEnd } = streamWindow(t0, t1);
    if (options.json) await write(`${JSON.stringify({ t0, t1, start, end, inclusiveEnd })}\n`);
    else
      await write(
        `start          ${start}\nend            ${end}\ninclusive end  ${inclusiveEnd}\n` +
          `XRANGE <key> ${start} ${end}\n`,
      );
    return 0;
  });
}

/** `branded min-for TIME [NS]`: the smallest Snowflake mintable at or after TIME, and its id under NS (JOB). */
export async function minForCommand({ positional, options }) {
  if (positional.length < 1 || positional.length > 2)
    throw new UsageError(`min-for takes TIME [NS], got ${positional.length} arguments`, 'min-for');
  const t = instantArgument(positional[0], 'TIME', 'min-for');
  const namespace = positional[1] ?? 'JOB';
  return refusable('min-for', options.json, { t }, async () => {
    const snowflake = minFor(t);
    const id = encode(namespace, snowflake);
    const iso = new Date(t).toISOString();
    await write(
      options.json
        ? `${JSON.stringify({ t, iso, snowflake: snowflake.toString(), id })}\n`
        : `instant    ${iso} (${t})\nsnowflake  ${snowflake}\nid         ${id}\n`,
    );
    return 0;
  });
}

/** `branded slot KEY...`: the cluster slot of each key. */
export async function slotCommand({ positional, options }) {
  if (positional.length === 0) throw new UsageError('slot takes KEY...', 'slot');
  const width = Math.max(...positional.map((key) => printable(key).length));
  const lines = positional.map((key) =>
    options.json ? JSON.stringify({ key, slot: slot(key) }) : `${printable(key).padEnd(width)}  ${slot(key)}`,
  );
  await write(`${lines.join('\n')}\n`);
  return 0;
}
