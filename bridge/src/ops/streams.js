// Stream names. A client's stream `<name>` lives at emq:{<queue>}:stream.<name>: the prefix keeps demo
// streams apart from every other key type of a queue (a stream named `pending` cannot touch the pending
// set). The key-type rule is the package's (1-64 bytes of [A-Za-z0-9._-]), so a name has 1-57 bytes.
import { validKeyType } from '@echomq/branded';

import { BridgeError, quote } from '../errors.js';

/** The key type a client's stream lives under. */
export const streamType = (stream) => `stream.${stream}`;

/** Throws `malformed` (reason `stream`) unless `stream` is a stream name. */
export function validStream(stream) {
  // The name itself: 1+ bytes of the class; with its prefix: at most 64 bytes.
  if (!validKeyType(stream) || !validKeyType(streamType(stream))) {
    throw new BridgeError('malformed', `${quote(stream)} is not a stream name (^[A-Za-z0-9._-]{1,57}$)`, {
      reason: 'stream',
    });
  }
}
