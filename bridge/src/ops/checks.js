// The checks every op shares, in the protocol's order: names and ids (malformed), the queue allowlist
// (forbidden), limits (too_large). Every id and name decision is the package's, and so are the words of every
// refusal (@echomq/branded/explain: the CLI and the explorer say the same).
import { parse, validQueue as packageValidQueue } from '@echomq/branded';
import { explain, explainQueue } from '@echomq/branded/explain';

import { BridgeError, quote, tooLarge } from '../errors.js';

// explain's fields beside its words: the byte the check trips on, and the corrected id when one certainly parses.
const refusalDetail = ({ error, offset, suggestion }) => ({
  reason: error,
  offset,
  ...(suggestion === undefined ? {} : { suggestion }),
});

/**
 * The host check (contract.md §4): all 14 bytes must parse, any namespace. Nothing reaches Valkey otherwise.
 * Returns the package's parse; throws `malformed` with its reason and explain's message.
 */
export function hostCheck(job) {
  const parsed = parse(job);
  if (parsed.ok) return parsed;
  const refusal = explain(job);
  throw new BridgeError('malformed', refusal.message, refusalDetail(refusal));
}

/** Throws `malformed` (reason `queue`, explain's message) unless the package takes `queue` as a queue name. */
export function validQueue(queue) {
  if (packageValidQueue(queue)) return;
  const refusal = explainQueue(queue);
  throw new BridgeError('malformed', refusal.message, refusalDetail(refusal));
}

/** Throws `malformed` for an invalid queue name, `forbidden` for a valid one the allowlist does not serve. */
export function allowedQueue(queue, allowlist) {
  validQueue(queue);
  if (!allowlist.allows(queue)) {
    throw new BridgeError(
      'forbidden',
      `queue ${quote(queue)} is not served by this bridge (allowed: ${allowlist.globs.join(', ')})`,
    );
  }
}

/**
 * Throws `malformed` (reason `payload`) for a payload with a lone surrogate (`"\ud800"` in the frame's JSON):
 * it has no UTF-8 form, so it could not be stored as given (it would become U+FFFD).
 */
export function wellFormedPayload(payload) {
  if (payload.isWellFormed()) return;
  throw new BridgeError(
    'malformed',
    'the payload holds a lone UTF-16 surrogate (a \\uD800-\\uDFFF escape without its pair): it has no UTF-8 form',
    { reason: 'payload' },
  );
}

/** Throws `too_large` when the payload has more than `maxPayload` UTF-8 bytes. */
export function payloadWithin(payload, maxPayload) {
  const bytes = Buffer.byteLength(payload, 'utf8');
  if (bytes > maxPayload) throw tooLarge(`the payload is ${bytes} bytes; the limit is ${maxPayload}`, maxPayload);
}

/** Throws `too_large` when `value` is over `limit`; `what` names the value in the message. */
export function atMost(value, limit, what) {
  if (value > limit) throw tooLarge(`${what} is ${value}; the limit is ${limit}`, limit);
}
