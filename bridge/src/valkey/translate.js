// Every failure toward Valkey as the protocol's error: the server's own text is logged, never sent to a client.
import { DurabilityError, ExecutorError, FenceError, LibraryError, OutcomeUnknownError } from '@echomq/branded/valkey';

import { BridgeError, busy, unavailable } from '../errors.js';

// What a failed command tells: the server refused it (nothing ran), it never left (no connection), or it was
// sent and is unanswered (it may run, even after the client has been answered).
const REFUSED = /^(OOM|BUSY|NOPERM|LOADING|READONLY|MISCONF|NOSCRIPT|ERR|WRONGTYPE|EXECABORT|WRONGPASS|NOAUTH)\b/;
const NOT_SENT = /isn't writeable|Connection is closed|enableOfflineQueue/;
const TIMED_OUT = /timed out/i;

/** The protocol's `fence` error for the connector's FenceError. */
export const fenceError = (error) =>
  new BridgeError('fence', error.message, { found: error.found, expected: error.expected });

/**
 * The translator: translate(error) is the protocol's error for a failure; it calls onFence(found) for a fence
 * refusal, onTimeout() for a command Valkey did not answer in time, onLibrary() when the Functions library
 * is missing.
 */
export function createTranslator({ logger, timeoutMs, onFence, onTimeout, onLibrary }) {
  return function translate(error) {
    if (error instanceof BridgeError) return error;
    if (error instanceof FenceError) {
      onFence(error.found);
      return fenceError(error);
    }
    if (error instanceof LibraryError) {
      onLibrary();
      return unavailable("the bridge's Valkey functions are not loaded; nothing was written");
    }
    if (error instanceof ExecutorError) return unavailable(error.message);
    if (error instanceof DurabilityError)
      return new BridgeError('durability', error.message, {
        written: 'maybe',
        verdict: error.verdict,
        asked: error.asked,
        reached: error.reached,
      });
    if (error instanceof OutcomeUnknownError)
      return unavailable(`the cluster gave no answer after ${error.attempts} tries`, error.written);
    const message = String(error?.message ?? error);
    logger.warn('valkey_request_failed', { message });
    if (REFUSED.test(message)) {
      const word = /^[A-Z]+/.exec(message)[0];
      if (word === 'OOM')
        return new BridgeError('oom', 'Valkey is out of memory (maxmemory); nothing was written', { written: 'no' });
      if (word === 'BUSY') return busy('Valkey is busy running a script; nothing was written', 'valkey');
      if (word === 'LOADING') return unavailable('Valkey is loading its data; nothing was written');
      return unavailable('Valkey refused the command; nothing was written');
    }
    if (NOT_SENT.test(message)) return unavailable('Valkey is not reachable; the bridge is reconnecting');
    if (TIMED_OUT.test(message)) {
      onTimeout();
      return unavailable(`Valkey did not answer within ${timeoutMs} ms; the command may still run`, 'maybe');
    }
    return unavailable('the connection to Valkey failed with the command in flight', 'maybe');
  };
}

/**
 * A batch fails as a whole at its first failure, and the items before it may have been written: `oom`, `busy`
 * and `unavailable` become `written: "maybe"`, and the message no longer says nothing was written.
 */
export function batchFailure(failure) {
  if (!['oom', 'busy', 'unavailable'].includes(failure.code)) return failure;
  const message = failure.message.replace(/; nothing was written$/, '; items before this one may have been written');
  return new BridgeError(failure.code, message, { ...failure.detail, written: 'maybe' });
}
