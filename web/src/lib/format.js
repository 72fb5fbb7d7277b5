// Presentation of numbers and instants. Instants come from the package (unixMs); this file only
// formats them for people and reads the instants people type.

const counts = new Intl.NumberFormat('en-US');
/** A count with thousands separators. */
export const formatCount = (n) => counts.format(n);

/** An instant (Unix ms) as ISO 8601 UTC. */
export const formatIso = (ms) => new Date(ms).toISOString();

const LOCAL_PARTS = {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hourCycle: 'h23',
};
const localFormat = new Intl.DateTimeFormat(undefined, { ...LOCAL_PARTS, timeZoneName: 'short' });
/** An instant (Unix ms) in the reader's local time, with the zone name. */
export const formatLocal = (ms) => localFormat.format(new Date(ms));

const localShortFormat = new Intl.DateTimeFormat(undefined, LOCAL_PARTS);
/** Local time without the zone name (a table column names the zone once, in its header). */
export const formatLocalShort = (ms) => localShortFormat.format(new Date(ms));
/** The reader's IANA time zone. */
export const localZone = () => localShortFormat.resolvedOptions().timeZone;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS = [
  ['year', 365 * 24 * 3600e3],
  ['month', 30 * 24 * 3600e3],
  ['day', 24 * 3600e3],
  ['hour', 3600e3],
  ['minute', 60e3],
  ['second', 1e3],
];
/** "3 days ago", "in 4 months" — relative to `now`. */
export function formatAgo(ms, now = Date.now()) {
  const delta = ms - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(delta) >= size) return relative.format(Math.trunc(delta / size), unit);
  }
  return delta === 0 ? 'now' : relative.format(Math.trunc(delta / 1000), 'second');
}

const OFFSET = /^([+-])\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/;
const NOW = /^now(?:\s*([+-])\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?)?$/;
const UNIT_MS = { ms: 1, s: 1e3, m: 60e3, h: 3600e3, d: 86400e3 };
const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Reads an instant as people write it: Unix milliseconds (`1781000000010`), an ISO time
 * (`2026-06-09T10:13:20.010Z`; without a zone it is read as UTC), or an offset from `baseMs`
 * (`+10ms`, `+1.5s`, `-2m`). Returns {ok: true, ms} or {ok: false, message}.
 */
/** nowMs: the instant `now` means (one value for every field read together). */
export function readInstant(text, baseMs, nowMs = Date.now()) {
  const t = String(text ?? '').trim();
  if (t === '') return { ok: false, message: 'empty' };
  if (/^\d+$/.test(t)) return checked(Number(t));
  const fromNow = NOW.exec(t);
  if (fromNow) {
    const ms = fromNow[1] ? Number(fromNow[2]) * UNIT_MS[fromNow[3] ?? 'ms'] : 0;
    if (!Number.isInteger(ms)) return { ok: false, message: 'an offset must come to whole milliseconds' };
    return checked(nowMs + (fromNow[1] === '-' ? -ms : ms));
  }
  const offset = OFFSET.exec(t);
  if (offset) {
    if (!Number.isFinite(baseMs)) return { ok: false, message: 'an offset needs a base instant' };
    const ms = Number(offset[2]) * UNIT_MS[offset[3] ?? 'ms'];
    if (!Number.isInteger(ms)) return { ok: false, message: 'an offset must come to whole milliseconds' };
    return checked(baseMs + (offset[1] === '-' ? -ms : ms));
  }
  if (ISO.test(t)) {
    const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/.test(t) || !t.includes(':') ? t : `${t}Z`;
    return checked(Date.parse(zoned.replace(' ', 'T')));
  }
  return { ok: false, message: 'not an instant: use Unix ms, an ISO time, an offset like +10ms, or now-5m' };
}

function checked(ms) {
  return Number.isSafeInteger(ms) ? { ok: true, ms } : { ok: false, message: 'not a representable instant' };
}
