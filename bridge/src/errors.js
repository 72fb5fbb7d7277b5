// The typed failure every op throws and every reply carries: a code from the protocol's closed list.
export const ERROR_CODES = Object.freeze([
  'kind', 'duplicate', 'malformed', 'fence', 'forbidden', 'rate', 'too_large', 'unavailable', 'bad_request',
]);

export class BridgeError extends Error {
  constructor(code, message, detail = {}) {
    if (!ERROR_CODES.includes(code)) throw new TypeError(`unknown bridge error code ${code}`);
    super(message);
    this.name = 'BridgeError';
    this.code = code;
    this.detail = detail;
  }

  toJSON() {
    return { code: this.code, message: this.message, ...this.detail };
  }
}

export const badRequest = (message) => new BridgeError('bad_request', message);
export const tooLarge = (message, limit) => new BridgeError('too_large', message, { limit });
export const unavailable = (message) => new BridgeError('unavailable', message);
export const rateLimited = (message) => new BridgeError('rate', message);

// Keeps client-controlled text in messages short and printable.
export function quote(value, max = 40) {
  const text = typeof value === 'string' ? value : String(value);
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut);
}
