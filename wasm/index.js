// @echomq/branded: the EchoMQ branded-id contract, from one C++ core compiled to WebAssembly.
// Importing is enough: the module is instantiated (and self-checked) before the import resolves, and
// every function is synchronous. Snowflakes are bigint, millisecond instants are number.
export { parse, valid, encode, errorOffset, gate } from './lib/ids.js';
export { hash32, unixMs, compose, minFor, streamId, streamWindow, parseEntryId } from './lib/snowflake.js';
export { jobKey, queueKey, pendingKey, validQueue, slot } from './lib/keyspace.js';
export { createMinter } from './lib/minter.js';
export { parseMany, encodeMany } from './lib/batch.js';
export { scan } from './lib/scan.js';
export { BrandedError, ERROR_CODES } from './lib/errors.js';
export {
  EPOCH_MS,
  HORIZON_MS,
  JOB_NAMESPACE,
  ENQUEUE_SCRIPT,
  ENQUEUE_SCRIPT_SHA1,
  KIND_REFUSAL,
  KIND_CLASS,
  KEY_CLASS,
  FENCE_CLASS,
  FENCE_KEY,
  FENCE_VALUE,
} from './lib/constants.js';
