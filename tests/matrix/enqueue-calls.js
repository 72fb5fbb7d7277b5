// The malformed EMQ.ENQUEUE calls of the bad-input matrix, shared by the single-node and the cluster runs.
import { bytesOf, family, VALID_ID } from './support.js';

export const b = (text) => Buffer.from(text, 'latin1');
export const jobKeyBytes = (queue, id) => Buffer.concat([b(`emq:{${queue}}:job:`), id]);
export const PENDING = b('emq:{orders}:pending');
export const JOB = b(VALID_ID);

/** EMQ.ENQUEUE's reply to `args` ({ ok } or { error }), sent by `send` (default: the client's call). */
export async function replyTo(client, args, send = (a) => client.call('EMQ.ENQUEUE', ...a)) {
  try {
    return { ok: await send(args) };
  } catch (error) {
    return { error: error.message };
  }
}

/** The malformed calls, [name, args, expected]: a RegExp the error must match, or the exact error text. */
export function malformedCalls(KIND_REFUSAL) {
  const calls = [];
  const full = ['2', jobKeyBytes('orders', JOB), PENDING, JOB, b('payload')];
  for (let n = 0; n <= 7; n++)
    if (n !== 5)
      calls.push([`arity-${n + 1}`, [...full, b('extra'), b('extra')].slice(0, n), /^ERR wrong number of arguments/i]);
  for (const numkeys of ['1', '3', '0', '-1', '02', '2 ', ' 2', 'two', '', '2\0', '+2'])
    calls.push([`numkeys-${JSON.stringify(numkeys)}`, [b(numkeys), ...full.slice(1)], /^ERR numkeys must be 2/]);
  for (const c of family('queue')) {
    const queue = bytesOf(c);
    const pending = Buffer.concat([b('emq:{'), queue, b('}:pending')]);
    calls.push([
      `pending-${c.name}`,
      ['2', Buffer.concat([b('emq:{'), queue, b('}:job:'), JOB]), pending, JOB, b('p')],
      /^EMQKEY /,
    ]);
  }
  for (const key of [
    '',
    'emq:{orders}:pendin',
    'emq:{orders}:Pending',
    '{orders}:pending',
    'emq:orders:pending',
    'emq:{orders}:pending ',
    'emq:{orders}}:pending',
    'emq:{{orders}:pending',
    'EMQ:{orders}:pending',
    'emq:{emq}:pending',
  ])
    calls.push([`pending-${JSON.stringify(key)}`, ['2', jobKeyBytes('orders', JOB), b(key), JOB, b('p')], /^EMQKEY /]);
  for (const c of family('id')) {
    const id = bytesOf(c);
    const jobPrefixed = id.subarray(0, 3).toString('latin1') === 'JOB';
    // A JOB-prefixed id passes the wire gate by design (the host refuses it before any wire), so it is sent
    // with a job key that names another id: the key check must refuse it.
    if (jobPrefixed) calls.push([`id-${c.name}`, ['2', jobKeyBytes('orders', JOB), PENDING, id, b('p')], /^EMQKEY /]);
    else calls.push([`id-${c.name}`, ['2', jobKeyBytes('orders', id), PENDING, id, b('p')], KIND_REFUSAL]);
  }
  calls.push(['key-other-queue', ['2', jobKeyBytes('other', JOB), PENDING, JOB, b('p')], /^EMQKEY /]);
  calls.push(['key-swapped', ['2', PENDING, jobKeyBytes('orders', JOB), JOB, b('p')], /^EMQKEY /]);
  return calls;
}

/** Null when the reply is the expected refusal; else what went wrong. */
export function mismatch(reply, expected) {
  if (reply.error === undefined) return `replied ${JSON.stringify(reply.ok)}`;
  const matches = expected instanceof RegExp ? expected.test(reply.error) : reply.error === expected;
  return matches ? null : `refused with ${JSON.stringify(reply.error.slice(0, 160))}`;
}
