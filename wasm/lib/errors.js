// BrandedError and the error names, read from core (result.hpp) rather than typed here.
import { answerText, onReady, wasm } from './module.js';

// ERROR_CODES[n] is the name of core's Error n; ERROR_CODES[0] is 'none'. Empty until the module is ready.
export let ERROR_CODES = Object.freeze([]);
onReady(() => {
  const names = [];
  for (let n = 0; wasm.error_name(n) === 0; n++) names.push(answerText());
  ERROR_CODES = Object.freeze(names);
});

/** A refusal by core: `code` is the contract's error class, a member of ERROR_CODES. */
export class BrandedError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'BrandedError';
    this.code = code;
  }
}

/** Quotes an argument for a message, shortened so a huge input cannot make a huge message. */
export function quote(value) {
  const text = typeof value === 'string' ? value : String(value);
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return typeof value === 'string' ? JSON.stringify(shown) : shown;
}

/**
 * The BrandedError for core's error number `errorNumber` in the call `what`; `namespace`, the namespace the
 * call was given, adds a hint to a namespace refusal.
 */
export function refused(what, errorNumber, namespace) {
  const code = ERROR_CODES[errorNumber];
  const hint = code === 'namespace' && typeof namespace === 'string' ? namespaceHint(namespace) : '';
  return new BrandedError(code, `${what} refused: ${code}${hint ? ` (${hint})` : ''}`);
}

function namespaceHint(namespace) {
  const upper = namespace.toUpperCase();
  if (/^[A-Z]{3}$/.test(upper)) return `namespace must be uppercase: did you mean ${JSON.stringify(upper)}?`;
  return `a namespace is exactly three letters A-Z, got ${encoder.encode(namespace).length} bytes`;
}

const encoder = new TextEncoder();
