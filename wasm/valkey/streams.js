// Streams keyed emq:{<queue>}:<stream>, entry ids injected from Snowflakes (contract.md §6): one mapping only,
// core's, through the package (streamId, streamWindow).
import { queueKey, streamId, streamWindow } from '@echomq/branded';
import { isBytes, wireValue } from './bytes.js';
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
