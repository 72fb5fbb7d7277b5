// What a paste holds when it is no list of ids, without a DOM: people paste URLs, log lines, JSON, bare
// Snowflakes and ids wrapped in spaces, not clean ids. When no line of the text parses, the package's explain()
// says what would fix it (its `remedy`); the Decode panel applies the fix that changes no byte of the id
// (trim the whitespace, find the ids in the text, read a Snowflake as an id) and names it, and only suggests the
// one that would (an uppercase namespace). A list where some line parses is read as it is typed.
import { encodeMany, ERROR_CODES } from '@echomq/branded';
import { explain } from '@echomq/branded/explain';

/** The text is read as typed, one id per line. */
export const AS_TYPED = Object.freeze({ kind: 'typed' });

/**
 * One line that is no id → {kind, …}: 'trimmed' {id, message} (whitespace around an id), 'suggest'
 * {suggestion, message} (a lowercase namespace), 'scan' {found, message} (text that holds ids),
 * 'snowflakes' {count: 1} (a bare Snowflake), else AS_TYPED. `trimmed`: whitespace around the line was
 * left out to get there.
 */
function lineReading(line, trimmed = false) {
  const refusal = explain(line);
  if (!refusal) return AS_TYPED;
  const { remedy, message } = refusal;
  if (remedy === 'trim' && refusal.suggestion) return { kind: 'trimmed', id: refusal.suggestion, message };
  if (remedy === 'uppercase' && refusal.suggestion)
    return { kind: 'suggest', suggestion: refusal.suggestion, message, trimmed };
  if (remedy === 'scan') return { kind: 'scan', found: refusal.found, message, trimmed };
  if (remedy === 'snowflake') return { kind: 'snowflakes', count: 1, trimmed: trimmed || line.trim() !== line };
  // Whitespace around what is not an id (a lowercase one): read what is inside, once.
  const inner = line.trim();
  if (!trimmed && inner !== line && inner !== '') return lineReading(inner, true);
  return AS_TYPED;
}

/** How many lines of `decoded` are not blank. */
function filledLines(decoded) {
  let filled = 0;
  for (let i = 0; i < decoded.count; i += 1) if (decoded.id(i).trim() !== '') filled += 1;
  return filled;
}

/** Whether every line of `decoded` that is not blank is a bare Snowflake. */
function everyLineSnowflake(decoded) {
  for (let i = 0; i < decoded.count; i += 1) {
    const line = decoded.id(i).trim();
    if (line !== '' && explain(line)?.remedy !== 'snowflake') return false;
  }
  return true;
}

/**
 * How to read `text`, given its lines through parseMany (`decoded`): AS_TYPED when some line parses or nothing
 * would help; else, for one line (blank ones aside) what lineReading() says of the whole text, and for
 * several: 'scan' when the text holds ids, 'snowflakes' {count} when every line not blank is a bare Snowflake.
 * A reading of one line has `single`: its fix stands for the whole text.
 */
export function readingOf(text, decoded) {
  if (decoded.count === 0 || decoded.refused < decoded.count) return AS_TYPED;
  const filled = filledLines(decoded);
  if (filled <= 1) {
    const reading = lineReading(text);
    return reading === AS_TYPED ? reading : { ...reading, single: true };
  }
  const whole = explain(text);
  if (whole?.remedy === 'scan') return { kind: 'scan', found: whole.found, message: whole.message };
  if (everyLineSnowflake(decoded)) return { kind: 'snowflakes', count: filled };
  return AS_TYPED;
}

/**
 * The lines of `decoded` with each bare Snowflake given as its id under `namespace` (blank lines kept, so each
 * row keeps its line number): {text, count} for decodeText, or {error} (the class encodeMany refused with).
 */
export function snowflakesAsIds(decoded, namespace) {
  const lines = [];
  const at = [];
  for (let i = 0; i < decoded.count; i += 1) {
    const line = decoded.id(i).trim();
    lines.push(line);
    if (line !== '') at.push(i);
  }
  const encoded = encodeMany(
    namespace,
    at.map((i) => BigInt(lines[i])),
  );
  const refused = encoded.error.findIndex((code) => code !== 0);
  if (refused !== -1) return { error: ERROR_CODES[encoded.error[refused]] };
  at.forEach((line, k) => {
    lines[line] = encoded.ids[k];
  });
  return { text: lines.join('\n'), count: at.length };
}
