// The connector's typed refusals. Each has a stable `code`; a refusal that came from the server keeps
// the server's text exactly in `message` (and in `serverText`).
import { FENCE_VALUE } from '@echomq/branded';

const describeFound = (found) => (found === null ? 'nothing (absent)' : JSON.stringify(found));

/** The version fence does not hold: `found` is what {emq}:version held (null when absent). */
export class FenceError extends Error {
  constructor(found, { serverText } = {}) {
    super(serverText ?? `{emq}:version found ${describeFound(found)}, expected ${JSON.stringify(FENCE_VALUE)}`);
    this.name = 'FenceError';
    this.code = 'fence';
    this.found = found;
    this.expected = FENCE_VALUE;
    if (serverText !== undefined) this.serverText = serverText;
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

/** An executor this connection cannot use (unknown, or `native` on a cluster). */
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
