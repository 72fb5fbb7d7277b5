// The connector's typed refusals. Each has a stable `code`; a refusal that came from the server keeps
// the server's text exactly in `message` (and in `serverText`).
import { FENCE_VALUE } from '@echomq/branded';

const describeFound = (found) => (found === null ? 'nothing (absent)' : JSON.stringify(found));

/**
 * The version fence does not hold: `found` is what {emq}:version held (null when absent), or, with `node`,
 * what that cluster node's fence (EMQ.FENCE) held.
 */
export class FenceError extends Error {
  constructor(found, { serverText, node } = {}) {
    const where = node === undefined ? '{emq}:version' : `EMQ.FENCE on ${node}`;
    super(serverText ?? `${where} found ${describeFound(found)}, expected ${JSON.stringify(FENCE_VALUE)}`);
    this.name = 'FenceError';
    this.code = 'fence';
    this.found = found;
    this.expected = FENCE_VALUE;
    if (serverText !== undefined) this.serverText = serverText;
    if (node !== undefined) this.node = node;
  }
}

/** The server's wire gate refused the id (an `EMQKIND …` reply), its text kept byte for byte. */
export class KindError extends Error {
  constructor(serverText, { queue, id }) {
    super(serverText);
    this.name = 'KindError';
    this.code = 'kind';
    this.serverText = serverText;
    this.queue = queue;
    this.id = id;
  }
}

/** XADD with an entry id not above the stream's top id; never retried with `*`. */
export class NonMonotonicError extends Error {
  constructor(serverText, { key, entryId }) {
    super(`${key}: entry id ${entryId} is not above the stream's top id (${serverText})`);
    this.name = 'NonMonotonicError';
    this.code = 'nonmonotonic';
    this.serverText = serverText;
    this.key = key;
    this.entryId = entryId;
  }
}

/** An executor this connection cannot use (unknown, or `native` where a primary lacks the module). */
export class ExecutorError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ExecutorError';
    this.code = 'executor';
  }
}

/**
 * A function of the connector's Functions library is not loaded on the server (the connection calls the
 * library, `scripts: 'functions'`): an administrator loads it with loadLibrary() (FUNCTION LOAD REPLACE).
 */
export class LibraryError extends Error {
  constructor(serverText) {
    super(`the branded Functions library is not loaded on this server (${serverText}): load it as an administrator`);
    this.name = 'LibraryError';
    this.code = 'library';
    this.serverText = serverText;
  }
}

/**
 * A write the connector could not confirm either way: the connection failed, or the cluster kept redirecting,
 * past the retry budget. `written` is 'maybe' when a try may have reached the server, 'no' when every try was
 * turned away before it ran (a redirection, TRYAGAIN, CLUSTERDOWN). Sending the same enqueue again is safe:
 * an enqueue is idempotent by its job key.
 */
export class OutcomeUnknownError extends Error {
  constructor({ written, attempts, cause, queue, id }) {
    super(
      `${queue}/${id}: no answer after ${attempts} tries (${cause?.message ?? cause}); written: ${written}` +
        (written === 'maybe' ? ' (an enqueue is idempotent by its job key: sending it again is safe)' : ''),
      { cause },
    );
    this.name = 'OutcomeUnknownError';
    this.code = 'unknown';
    this.written = written;
    this.attempts = attempts;
    this.queue = queue;
    this.id = id;
  }
}

const describeReached = ({ replicas, aofLocal, aofReplicas }) =>
  aofLocal === undefined
    ? `${replicas} replica(s)`
    : `the primary's AOF ${aofLocal ? 'fsynced' : 'not fsynced'}, ${aofReplicas} replica AOF(s)`;

/**
 * The write was answered by the primary but did not reach what `durability` asked for in time: `reached`
 * says what it did reach, `verdict` what the primary answered. The write may still exist (on the primary, and
 * on the replicas that had it); it is lost if the primary fails before it replicates.
 */
export class DurabilityError extends Error {
  constructor({ asked, reached, verdict, queue, id }) {
    super(
      `${queue}/${id}: ${verdict} on the primary, but durability not reached within ${asked.timeoutMs} ms: ` +
        `asked ${asked.replicas} replica(s)${asked.aof ? ' with AOF fsync' : ''}, reached ${describeReached(reached)}` +
        '; written: maybe (the write may still exist)',
    );
    this.name = 'DurabilityError';
    this.code = 'durability';
    this.written = 'maybe';
    this.asked = asked;
    this.reached = reached;
    this.verdict = verdict;
    this.queue = queue;
    this.id = id;
  }
}

/**
 * connect() reached the address, but what answered there closed the connection instead of answering as Valkey
 * (an HTTP server, a TLS port spoken to in plain text, …).
 */
export class ConnectError extends Error {
  constructor(where, { cause } = {}) {
    super(`${where} closed the connection before answering as Valkey: is a Valkey server listening there?`, { cause });
    this.name = 'ConnectError';
    this.code = 'connect';
  }
}

/**
 * A leased minter cannot mint, or could not take a node (createMinter({ lease })): `reason` says why —
 * 'expired' (its lease was not renewed in time), 'lost' (another minter holds its node now), 'full' (all node ids
 * are leased), 'clock' (this machine's clock is behind the node's high-water), 'ahead' (minting ran past what
 * the lease promised), 'library' (the lease functions are not loaded), 'denied' (the user may not call them),
 * 'closed'. Nothing was minted.
 */
export class LeaseError extends Error {
  constructor(reason, message, options) {
    super(message, options);
    this.name = 'LeaseError';
    this.code = 'lease';
    this.reason = reason;
  }
}
