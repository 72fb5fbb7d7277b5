// The Gate panel's model, without a DOM: one candidate id through the two owners that check it (contract.md §5),
// the host (all 14 bytes parse) and the wire gate (exactly the first three bytes are JOB), and what enqueue does.
import { parse, gate } from '@echomq/branded';

export const GATE_DEFAULTS = { id: 'JOB0KHTOWnGLuC' };
export const GATE_PRESETS = ['JOB0KHTOWnGLuC', 'USR0KHTOWnGLuC', 'job-42', 'JOB-42'];

/** The first three bytes of `id` as text (what the wire gate reads), however the bytes split a character. */
export function firstThree(id) {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(new TextEncoder().encode(id).subarray(0, 3));
}

/** {id, host: {admitted, error?}, wire: {admitted, error?}}: the `branded-verdict` event's detail. */
export function verdictDetail(id) {
  const p = parse(id);
  const host = p.ok ? { admitted: true } : { admitted: false, error: p.error };
  return { id, host, wire: gate(id) };
}

/** What enqueueing the candidate would do, in one sentence. */
export function outcomeLine(id) {
  const { host, wire } = verdictDetail(id);
  if (!host.admitted) return 'On enqueue: the host refuses — nothing reaches Valkey.';
  if (!wire.admitted) return 'On enqueue: the host passes it, the wire gate refuses it (EMQKIND) — no row is written.';
  return 'On enqueue: both pass — the row is written (or reported as a duplicate).';
}
