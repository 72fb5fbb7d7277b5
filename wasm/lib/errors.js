// BrandedError and the error names, read from core (result.hpp) rather than typed here.
import { answerText, wasm } from './module.js';

// ERROR_CODES[n] is the name of core's Error n; ERROR_CODES[0] is 'none'.
const names = [];
for (let n = 0; wasm._branded_error_name(n) === 0; n++) names.push(answerText());
export const ERROR_CODES = Object.freeze(names);

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

// `namespace`: the namespace the call was given, for a hint on a namespace refusal.
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

// Why `text` was refused with `code`, naming the byte (`at`, UTF-8, from errorOffset) and a fix: for the CLI's
// rows and BrandedError messages alike.
export function explain(text, code, at) {
  const bytes = encoder.encode(text);
  const byte = (i) => (bytes[i] >= 0x21 && bytes[i] < 0x7f ? `'${String.fromCharCode(bytes[i])}'` : `0x${bytes[i].toString(16).padStart(2, '0')}`);
  if (code === 'length') {
    const trimmed = text.trim();
    if (trimmed.length === 14 && trimmed !== text) {
      const lead = encoder.encode(text.slice(0, text.length - text.trimStart().length)).length;
      const where = lead > 0 ? `leading space at byte 0` : `trailing space at byte ${encoder.encode(text.trimEnd()).length}`;
      return `${where}: the id is ${JSON.stringify(trimmed)}`;
    }
    return `${bytes.length} bytes: an id is exactly 14`;
  }
  if (code === 'namespace') {
    const upper = text.slice(0, 3).toUpperCase();
    if (/^[A-Z]{3}$/.test(upper)) return `namespace must be uppercase: did you mean ${upper}${text.slice(3)}?`;
    return `byte ${at} ${byte(at)} is not a letter A-Z (a namespace is three letters A-Z)`;
  }
  if (code === 'charset') return `byte ${at} ${byte(at)} is not a Base62 digit (0-9, A-Z, a-z)`;
  if (code === 'range') return 'the 11 digits after the namespace encode 2^63 or more';
  return '';
}
