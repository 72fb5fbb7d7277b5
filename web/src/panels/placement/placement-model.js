// The Placement panel's model, without a DOM: hash32 of an id's Snowflake (it places rows; not for security),
// and the cluster slot of a queue's keys (all of one queue's keys share one slot; the reserved {emq} keys live
// elsewhere).
import { parse, hash32, jobKey, queueKey, slot, FENCE_KEY } from '@echomq/branded';

export const PLACEMENT_DEFAULTS = { id: 'USR0KHTOWnGLuC', queue: 'orders' };

/** {namespace, snowflake, hash32} of an id, or {error} (its parse error class) when it does not parse. */
export function hashOf(id) {
  const p = parse(id);
  if (!p.ok) return { error: p.error };
  return { namespace: p.namespace, snowflake: p.snowflake, hash32: hash32(p.snowflake) };
}

/** [{label, key, slot} or {label, error}]: the job row, the pending set and the version fence. */
export function keyRows(queue, id) {
  const rows = [];
  const add = (label, build) => {
    try {
      const key = build();
      rows.push({ label, key, slot: slot(key) });
    } catch (error) {
      rows.push({ label, error: `${error.code ?? 'error'}: ${error.message}` });
    }
  };
  add('job row', () => jobKey(queue, id));
  add('pending set', () => queueKey(queue, 'pending'));
  add('version fence (reserved)', () => FENCE_KEY);
  return rows;
}

/** The slots of the queue's own keys (the first two rows), or null while either is refused. */
export function queueSlots(rows) {
  const own = rows.slice(0, 2);
  if (own.some((r) => r.error)) return null;
  return new Set(own.map((r) => r.slot));
}

/** The primary a slot lands on now, from a live bridge's hello on a cluster ([[first, last, 'host:port']]), or null. */
export function nodeOf(slotMap, keySlot) {
  return slotMap?.find(([first, last]) => keySlot >= first && keySlot <= last)?.[2] ?? null;
}
