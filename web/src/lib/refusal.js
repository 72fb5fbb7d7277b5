// Why the host refuses an id, in words, for the error class the package reported: the one place the web
// words a refusal (the Decode table and detail, the Gate's host verdict, Placement's hash).
import { ID_LENGTH } from '@echomq/branded';
import { formatCount } from './format.js';

const describeByte = (byte) =>
  byte > 0x20 && byte < 0x7f ? JSON.stringify(String.fromCharCode(byte)) : `0x${byte.toString(16).padStart(2, '0')}`;

/** Why the host refuses `id`, for the error class the package reported and the byte offset it named. */
export function refusalText(id, error, offset) {
  const bytes = new TextEncoder().encode(id);
  switch (error) {
    case 'length':
      return `length — ${formatCount(bytes.length)} bytes, an id is exactly ${ID_LENGTH}`;
    case 'namespace':
      return `namespace — byte ${offset} (${describeByte(bytes[offset])}) is not A–Z`;
    case 'charset':
      return `charset — byte ${offset} (${describeByte(bytes[offset])}) is not Base62`;
    case 'range':
      return 'range — the payload decodes to ≥ 2^63: refused, never wrapped';
    default:
      return error;
  }
}
