// Structured log lines: one JSON object per line on stderr, with a timestamp, a level and an event name.
// Each event is rate-limited (a flood of refusals must not become a flood of log): past `burst` lines in a
// `windowMs`, lines of that event are counted, and one `log_suppressed` line per event reports the count.
import { LIMITS } from './limits.js';

// Client-controlled strings (Origin, messages) are cut short before they are written.
const shorten = (fields) => {
  const out = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] =
      typeof value === 'string' && value.length > LIMITS.maxFieldChars && key !== 'stack'
        ? `${value.slice(0, LIMITS.maxFieldChars)}…`
        : value;
  }
  return out;
};

// JSON.stringify escapes C0 controls but writes DEL, the C1 controls (U+0080-U+009F: 8-bit CSI is U+009B) and
// the line separators raw; a terminal or a log viewer may act on them. Escaped, the line is the same JSON.
const RAW_CONTROLS = /[\u007f-\u009f\u2028\u2029]/g;
const escapeControl = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A log line's JSON with every control character escaped (C0 by JSON.stringify, DEL, C1 and U+2028/9 here). */
export const logLine = (record) => JSON.stringify(record).replace(RAW_CONTROLS, escapeControl);

/**
 * A logger, info/warn/error(event, fields), writing to `stream`, rate-limited per event as above; `quiet`
 * keeps only errors; `quietEvents` names info events left out (routine ones, where one person is the only
 * visitor: `npm start`). Warnings and errors are always written.
 */
export function createLogger({
  stream = process.stderr,
  quiet = false,
  quietEvents = [],
  burst = LIMITS.logBurst,
  windowMs = LIMITS.logWindowMs,
  now = Date.now,
} = {}) {
  const windows = new Map(); // event → { start, lines, suppressed }
  const emit = (level, event, fields) => {
    stream.write(`${logLine({ ts: new Date().toISOString(), level, event, ...shorten(fields) })}\n`);
  };
  const write = (level, event, fields) => {
    if (quiet && level !== 'error') return;
    if (level === 'info' && quietEvents.includes(event)) return;
    const t = now();
    let window = windows.get(event);
    if (window === undefined || t - window.start >= windowMs) {
      if (window?.suppressed > 0) emit('warn', 'log_suppressed', { of: event, count: window.suppressed, windowMs });
      window = { start: t, lines: 0, suppressed: 0 };
      windows.set(event, window);
    }
    if (window.lines >= burst) {
      window.suppressed += 1;
      return;
    }
    window.lines += 1;
    emit(level, event, fields);
  };
  return {
    info: (event, fields = {}) => write('info', event, fields),
    warn: (event, fields = {}) => write('warn', event, fields),
    error: (event, fields = {}) => write('error', event, fields),
  };
}
