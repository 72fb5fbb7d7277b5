// Stream names: the key-type rule of the package (^[A-Za-z0-9._-]{1,64}$), refused as `malformed`.
import { queueKey } from '@echomq/branded';

import { BridgeError, quote } from '../errors.js';

const ANY_VALID_QUEUE = 'q';

export function validStream(stream) {
  try {
    queueKey(ANY_VALID_QUEUE, stream);
  } catch (error) {
    if (error?.code !== 'queue') throw error;
    throw new BridgeError('malformed', `${quote(stream)} is not a stream name (^[A-Za-z0-9._-]{1,64}$)`, { reason: 'stream' });
  }
}
