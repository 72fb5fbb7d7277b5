// Streams keyed emq:{<queue>}:<stream>, entry ids injected from Snowflakes (contract.md §6): one mapping only,
// core's, through the package (streamId, streamWindow).
import { queueKey, streamId, streamWindow, validKeyType } from '@echomq/branded';
import { isBytes, wireValue } from './bytes.js';
import { LIBRARY_FUNCTIONS, runScript } from './calls.js';
import { NonMonotonicError } from './errors.js';

const TOP_ITEM = /equal or smaller than the target stream top item/;

/** Field/value pairs from an object or an array of [field, value]; at least one pair. */
export function flatFields(fields) {
  const pairs = Array.isArray(fields) ? fields : Object.entries(fields ?? {});
  if (typeof fields !== 'object' || fields === null || pairs.length === 0) {
    throw new TypeError('fields must be a non-empty object or array of [field, value] pairs');
  }
  return pairs.flatMap((pair) => {
    if (!Array.isArray(pair) || pair.length !== 2) throw new TypeError('each field must be a [field, value] pair');
    for (const part of pair) {
      if (typeof part !== 'string' && !isBytes(part)) {
        throw new TypeError(`stream fields and values must be strings or bytes, got ${typeof part}`);
      }
    }
    return pair.map(wireValue);
  });
}

/** The host side of an append: key, entry id and fields, all checked before anything is sent. */
export function appendCall(queue, stream, snowflake, fields) {
  return { key: queueKey(queue, stream), entryId: streamId(snowflake), flat: flatFields(fields) };
}

/** XADD of an appendCall; the server refusing an entry id not above the top becomes a NonMonotonicError. */
export async function append(client, { key, entryId, flat }) {
  try {
    return await client.xadd(key, entryId, ...flat);
  } catch (error) {
    if (TOP_ITEM.test(error?.message ?? '')) throw new NonMonotonicError(error.message, { key, entryId });
    throw error;
  }
}

function checkedCount(count) {
  if (count === undefined) return [];
  if (!Number.isSafeInteger(count) || count < 1) throw new TypeError(`count must be a positive integer, got ${count}`);
  return ['COUNT', count];
}

/** The entries of [t0, t1): XRANGE key <t0>-0 (<t1>-0 [COUNT n]. */
export async function readWindow(client, queue, stream, t0, t1, { count } = {}) {
  const key = queueKey(queue, stream);
  const { start, end } = streamWindow(t0, t1);
  const entries = await client.xrange(key, start, end, ...checkedCount(count));
  return entries.map(([id, flat]) => ({ id, fields: pairsToObject(flat) }));
}

function pairsToObject(flat) {
  const fields = {};
  for (let i = 0; i < flat.length; i += 2) fields[flat[i]] = flat[i + 1];
  return fields;
}

/**
 * The window count's script: XRANGE KEYS[1] ARGV[1] ARGV[2] COUNT ARGV[3] inside the server, answering only
 * {n, first id, last id, the first ARGV[4] entries}, so a large window never crosses the wire.
 */
export const WINDOW_SCRIPT = `local entries = redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[2], 'COUNT', ARGV[3])
local n = #entries
local sample = {}
for i = 1, math.min(n, tonumber(ARGV[4])) do sample[i] = entries[i] end
return {n, n > 0 and entries[1][1] or false, n > 0 and entries[n][1] or false, sample}`;
// Entries per call: the server runs a script whole, others waiting, so a call stays short.
export const WINDOW_CHUNK = 2000;

function positive(value, name, { zero = false } = {}) {
  if (!Number.isSafeInteger(value) || value < (zero ? 0 : 1))
    throw new TypeError(`${name} must be a ${zero ? 'non-negative' : 'positive'} integer, got ${value}`);
  return value;
}

/**
 * Counts the entries of [t0, t1) inside the server, WINDOW_CHUNK per call: at most `count` are read. Resolves
 * {key, count (read), first, last (the last id among the first `limit`), sample (the first `sample` entries)}.
 * `beforeChunk()` is awaited before each call (a caller's turn-taking); what it resolves, when a function, is
 * called once that call has answered.
 */
export async function countWindow(client, functions, queue, stream, t0, t1, options) {
  const { count, limit = count, sample = 0, beforeChunk } = options;
  positive(count, 'count');
  positive(limit, 'limit');
  positive(sample, 'sample', { zero: true });
  const key = queueKey(queue, stream);
  const { start, end } = streamWindow(t0, t1);
  const result = { key, count: 0, first: null, last: null, sample: [] };
  let from = start;
  let read = 0;
  while (read < count) {
    // A chunk ends exactly at `limit`, so the last id within it is a chunk's last.
    const want = Math.min(WINDOW_CHUNK, read < limit ? limit - read : count - read);
    const args = [from, end, want, read === 0 ? sample : 0];
    const done = await beforeChunk?.();
    let answer;
    try {
      answer = await runScript(client, functions, LIBRARY_FUNCTIONS.window, WINDOW_SCRIPT, [key], args);
    } finally {
      if (typeof done === 'function') done();
    }
    const [n, first, last, entries] = answer;
    if (read === 0) {
      result.first = first || null;
      result.sample = entries.map(([id, flat]) => ({ id, fields: pairsToObject(flat) }));
    }
    read += n;
    if (n > 0 && read <= limit) result.last = last;
    if (n < want) break;
    from = `(${last}`;
  }
  result.count = read;
  return result;
}

/** The key type a seed is written under before it replaces `stream`: `stream.x` → `seed.x`, else `seed.<stream>`. */
export function scratchType(stream) {
  const scratch = stream.startsWith('stream.') ? `seed.${stream.slice('stream.'.length)}` : `seed.${stream}`;
  if (!validKeyType(scratch)) throw new TypeError(`no scratch key type for the stream ${JSON.stringify(stream)}`);
  return scratch;
}
// Appends of one seed in flight at once: few enough that other clients' commands never wait long behind them.
export const SEED_IN_FLIGHT = 256;

/**
 * Replaces a stream with `entries` generated ones (entry i: snowflakeAt(i), fieldsAt(i)), written to a scratch
 * stream and renamed over the stream once complete: on any failure the scratch goes and the stream stays.
 * `beforeChunk(n)` runs before each chunk of n appends (a caller's pacing; a throw stops the seed); `writable()`
 * before the first and the rename (the fence). Resolves {key}.
 */
export async function seedStream(client, writable, queue, stream, entries, { fieldsAt, snowflakeAt, beforeChunk }) {
  positive(entries, 'entries');
  const key = queueKey(queue, stream);
  const scratch = scratchType(stream);
  const scratchKey = queueKey(queue, scratch);
  await writable();
  await client.del(scratchKey);
  try {
    for (let from = 0; from < entries; from += SEED_IN_FLIGHT) {
      const to = Math.min(from + SEED_IN_FLIGHT, entries);
      await beforeChunk?.(to - from);
      const chunk = [];
      for (let i = from; i < to; i += 1)
        chunk.push(append(client, appendCall(queue, scratch, snowflakeAt(i), fieldsAt(i))));
      const failed = (await Promise.allSettled(chunk)).find((r) => r.status === 'rejected');
      if (failed) throw failed.reason; // only once every append of the chunk has answered: none lands after the DEL
    }
    await writable();
    await client.rename(scratchKey, key);
  } catch (error) {
    await client.del(scratchKey).catch(() => {});
    throw error;
  }
  return { key };
}
