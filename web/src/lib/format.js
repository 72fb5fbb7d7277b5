// Presentation of numbers and instants for people. Instants come from the package (unixMs); the instants
// people type are read by the package too (parseInstant, @echomq/branded/explain).

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
