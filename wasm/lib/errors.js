// BrandedError and the error names, read from core (result.hpp) rather than typed here.
import { answerText, onReady, wasm } from './module.js';

// ERROR_CODES[n] is the name of core's Error n; ERROR_CODES[0] is 'none'. Empty until the module is ready.
export let ERROR_CODES = Object.freeze([]);
onReady(() => {
  const names = [];
  for (let n = 0; wasm.error_name(n) === 0; n++) names.push(answerText());
  ERROR_CODES = Object.freeze(names);
});

export class BrandedError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'BrandedError';
    this.code = code;
  }
}

// Quotes an argument for a message, shortened so a huge input cannot make a huge message.
export function quote(value) {
  const text = typeof value === 'string' ? value : String(value);
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return typeof value === 'string' ? JSON.stringify(shown) : shown;
}

export function refused(what, errorNumber) {
  const code = ERROR_CODES[errorNumber];
  return new BrandedError(code, `${what} refused: ${code}`);
}
