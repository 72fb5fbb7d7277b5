// The package's API, shared by every entry (index.js, workerd.js, the CommonJS and IIFE builds): each entry
// adds only how it gets the wasm. Snowflakes are bigint, millisecond instants are number.
export { ready } from './module.js';
export { parse, valid, isBranded, encode, errorOffset, gate } from './ids.js';
export { minId, idRange } from './time-range.js';
export { hash32, unixMs, compose, minFor, streamId, streamWindow, parseEntryId } from './snowflake.js';
export { jobKey, queueKey, pendingKey, validQueue, validKeyType, slot } from './keyspace.js';
export { createMinter } from './minter.js';
export { parseMany, encodeMany } from './batch.js';
export { scan, createScanner } from './scan.js';
export { unpackNamespace } from './columns.js';
export { BrandedError, ERROR_CODES } from './errors.js';
export {
  EPOCH_MS,
  HORIZON_MS,
  ID_LENGTH,
  MAX_SNOWFLAKE,
  MAX_NODE,
  ENQUEUE_COMMAND,
  NODE_FENCE_COMMAND,
  JOB_NAMESPACE,
  ENQUEUE_SCRIPT,
  ENQUEUE_SCRIPT_SHA1,
  KIND_REFUSAL,
  KIND_CLASS,
  KEY_CLASS,
  FENCE_CLASS,
  FENCE_KEY,
  FENCE_VALUE,
} from './constants.js';
