// Retries on a cluster (contract.md §5): a call the cluster turned away (a redirection, TRYAGAIN, CLUSTERDOWN,
// LOADING, READONLY from a demoted primary) never ran; a call whose connection failed may have run. Both are
// sent again until the retry budget runs out: an enqueue is idempotent by its job key, so a second run of a call
// that did run answers 0 (duplicate) and writes nothing. Past the budget, the call is reported with what is
// known of it: written 'no' (every try was turned away) or 'maybe'.
import { OutcomeUnknownError } from './errors.js';

// Reply classes of a call the server did not run, and that a later try may get through.
const TURNED_AWAY = new Set(['MOVED', 'ASK', 'TRYAGAIN', 'CLUSTERDOWN', 'LOADING', 'READONLY', 'MASTERDOWN']);
const replyClass = (error) => /^[A-Z]+/.exec(error?.message ?? '')?.[0];
const isReply = (error) => error?.name === 'ReplyError';
// The connector's own typed errors: a verdict on the call, never a lost answer.
const TYPED = new Set(['fence', 'kind', 'nonmonotonic', 'executor', 'library', 'unknown', 'durability']);

/** Whether a failed call may be sent again: it was turned away, or its connection failed (never a refusal). */
export function retryable(error) {
  if (isReply(error)) return TURNED_AWAY.has(replyClass(error));
  return error instanceof Error && !(error instanceof TypeError) && !TYPED.has(error.code);
}

/** 'no' when the server answered that it did not run the call; 'maybe' when the answer was lost. */
export const writtenBy = (error) => (isReply(error) && TURNED_AWAY.has(replyClass(error)) ? 'no' : 'maybe');

/** Whether the cluster's slot map is stale (a MOVED answer, or a node gone): refresh before the next try. */
export const staleSlots = (error) =>
  !isReply(error) || replyClass(error) === 'MOVED' || replyClass(error) === 'CLUSTERDOWN';

/** The pause before try `attempt` (1, 2, …): short at first, at most a second. */
export const retryDelayMs = (attempt) => Math.min(1000, 50 * 2 ** Math.min(attempt - 1, 5));

/** How long a cluster call keeps trying by default: longer than a failover with the default node timeout. */
export const RETRY_BUDGET_MS = 30_000;

/** The report of a call that never got a definite answer; `history` holds every try's error. */
export function unknownOutcome(history, call) {
  const written = history.some((error) => writtenBy(error) === 'maybe') ? 'maybe' : 'no';
  return new OutcomeUnknownError({ written, attempts: history.length, cause: history.at(-1), ...call });
}
