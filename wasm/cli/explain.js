// Why an id was refused, naming the byte and the fix: the CLI's rows and hints (plain code, no module).
const encoder = new TextEncoder();

// What String.prototype.trim took off, by name: a byte order mark or a no-break space is not "a space" to fix.
const WHITESPACE_NAMES = new Map([
  [' ', 'space'],
  ['\t', 'tab'],
  ['\v', 'vertical tab'],
  ['\f', 'form feed'],
  ['\r', 'carriage return'],
  ['\u00a0', 'no-break space (U+00A0)'],
  ['\ufeff', 'byte order mark (U+FEFF, bytes EF BB BF)'],
]);
const whitespaceName = (char) =>
  WHITESPACE_NAMES.get(char) ?? `U+${char.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')} (a space)`;

/**
 * Why `text` was refused with `code`, naming the byte (`at`, from errorOffset) and a fix. `bytes`: the line's own
 * bytes, where they are not valid UTF-8 (each bad sequence decoded to U+FFFD in `text`).
 */
export function explain(text, code, at, bytes = encoder.encode(text)) {
  const byte = (i) => {
    const value = bytes[i];
    return value >= 0x21 && value < 0x7f
      ? `'${String.fromCharCode(value)}'`
      : `0x${value.toString(16).padStart(2, '0')}`;
  };
  if (code === 'length') {
    const trimmed = text.trim();
    if (trimmed.length === 14 && trimmed !== text) {
      const kept = text.trimEnd();
      const where =
        text.trimStart() !== text
          ? `leading ${whitespaceName(text[0])} at byte 0`
          : `trailing ${whitespaceName(text[kept.length])} at byte ${encoder.encode(kept).length}`;
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
