// The typed failure every op throws and every reply carries: a code from the protocol's closed list.
export const BRIDGE_ERROR_CODES = Object.freeze([
  'kind',
  'duplicate',
  'malformed',
  'fence',
  'forbidden',
  'rate',
  'too_large',
  'busy',
  'oom',
  'unavailable',
  'bad_request',
  'durability',
]);

/** The typed failure: `code` from BRIDGE_ERROR_CODES; `detail`, the fields the reply's error carries besides it. */
export class BridgeError extends Error {
  constructor(code, message, detail = {}) {
    if (!BRIDGE_ERROR_CODES.includes(code)) throw new TypeError(`unknown bridge error code ${code}`);
    super(message);
    this.name = 'BridgeError';
    this.code = code;
    this.detail = detail;
  }

  toJSON() {
    return { code: this.code, message: this.message, ...this.detail };
  }
}

/** A `bad_request`: the frame or its fields do not follow the protocol. */
export const badRequest = (message) => new BridgeError('bad_request', message);
/** A `too_large`: a value over a limit; `limit` is the number in force. */
export const tooLarge = (message, limit) => new BridgeError('too_large', message, { limit });
/**
 * An `unavailable`. written: 'no' when nothing reached Valkey; 'maybe' when the command was sent and its
 * outcome is unknown (Valkey may still run it after this answer: see PROTOCOL.md §3).
 */
export const unavailable = (message, written = 'no') => new BridgeError('unavailable', message, { written });
/** A `busy`: the bridge as a whole is at a limit, or Valkey answered BUSY (`reason` says which); nothing written. */
export const busy = (message, reason) => new BridgeError('busy', message, { reason, written: 'no' });
/** A `rate`: this connection or client address is over a budget or its in-flight cap, or a seed may not start yet. */
export const rateLimited = (message) => new BridgeError('rate', message);

/**
 * Keeps client-controlled text in messages short and printable. The package quotes its own arguments the same
 * way, but its quote is internal (not in its exports), and a message helper is no part of its public API.
 */
export function quote(value) {
  const text = String(value);
  const cut = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return JSON.stringify(cut);
}
