// Reading a request frame and writing a reply: the envelope of the protocol ({id, op, ...} / {id, ok, ...}).
import { BridgeError, badRequest } from './errors.js';
import { OPS, checkRequest, isPlainObject } from './schema.js';
import { LIMITS } from './limits.js';

const validRequestId = (id) =>
  (typeof id === 'string' && id.length >= 1 && id.length <= LIMITS.maxRequestId) || Number.isSafeInteger(id);

/** The request id if the frame has a readable one, else null: used to address error replies. */
export function requestIdOf(message) {
  return isPlainObject(message) && validRequestId(message.id) ? message.id : null;
}

/** The frame's text as JSON; a `bad_request` if it is not JSON. */
export function decodeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('the frame is not JSON');
  }
}

/** A decoded frame as {id, op, fields}, its envelope and the op's fields checked; else throws a `bad_request`. */
export function readRequest(message) {
  if (!isPlainObject(message)) throw badRequest('a request is a JSON object {"id", "op", ...}');
  if (!validRequestId(message.id)) throw badRequest('"id" must be a string of 1-128 characters or a safe integer');
  const { id, op, ...fields } = message;
  if (typeof op !== 'string') throw badRequest('"op" must be a string');
  if (!OPS.includes(op)) throw badRequest(`unknown op ${JSON.stringify(op).slice(0, 40)}; ops: ${OPS.join(', ')}`);
  checkRequest(op, fields);
  return { id, op, fields };
}

/** The text of a success reply. */
export const okReply = (id, result) => JSON.stringify({ id, ok: true, result });

/** The text of an error reply; an error that is not a BridgeError goes out as `unavailable` "internal error". */
export function errorReply(id, error) {
  const typed = error instanceof BridgeError ? error : new BridgeError('unavailable', 'internal error');
  return JSON.stringify({ id, ok: false, error: typed.toJSON() });
}
