// The Convert panel's model, without a DOM: the conversions decoder sites offer the other way round, each one
// a composition of package calls under one namespace — an instant → the smallest Snowflake and id minted at it
// (minFor: a window's lower bound), a Snowflake ↔ its id, node + seq + time → the id they compose.
import { compose, encode, minFor, parse, EPOCH_MS, HORIZON_MS, JOB_NAMESPACE, MAX_SNOWFLAKE } from '@echomq/branded';
import { explain, explainNamespace, parseInstant } from '@echomq/branded/explain';
import { formatIso } from '../../lib/format.js';
import { panelState } from '../../lib/panel-state.js';

export const CONVERT_DEFAULTS = {
  ns: JOB_NAMESPACE,
  at: 'now',
  flake: '274557032793636864',
  time: '2026-01-27T15:11:37.641Z',
  node: '0',
  seq: '0',
};

const DECIMAL = /^\d+$/;
// Instants past what a Date holds (±8.64e15 ms) are said in ms.
const instantText = (ms) => (Number.isNaN(new Date(ms).getTime()) ? `${ms} ms` : formatIso(ms));
const OUTSIDE = () => `outside the horizon: a Snowflake carries ${formatIso(EPOCH_MS)} to ${formatIso(HORIZON_MS)}`;
const PAST_MAX = (typed) => `${typed} is past the largest Snowflake, 2^63 − 1 = ${MAX_SNOWFLAKE}`;

/** {ok: true, ns} or {ok: false, error, remedy} for the namespace every result is given in. */
export function readNamespace(text) {
  const refusal = explainNamespace(text);
  return refusal ? { ok: false, error: refusal.message, remedy: refusal.remedy } : { ok: true, ns: text };
}

/** A call that may throw the package's BrandedError → {value} or {code} (other errors are thrown on). */
function attempt(call) {
  try {
    return { value: call() };
  } catch (error) {
    if (!error.code) throw error;
    return { code: error.code };
  }
}

/** The fields of a Snowflake (unixMs, node, seq): its id under JOB taken apart, whatever the namespace shown. */
function fieldsOf(snowflake) {
  const { unixMs, node, seq } = parse(encode(JOB_NAMESPACE, snowflake));
  return { unixMs, node, seq };
}

/** An instant as typed → {ms, snowflake} (minFor's: the smallest Snowflake at it) or {error}. */
function readInstant(text, now) {
  const instant = parseInstant(text, { now });
  if (!instant.ok) return { error: instant.message };
  const least = attempt(() => minFor(instant.ms));
  if (least.code) return { error: `${instantText(instant.ms)} is ${OUTSIDE()}`, ms: instant.ms };
  return { ms: instant.ms, snowflake: least.value };
}

/**
 * An instant (Unix ms, ISO 8601, now-5m) → {ms, snowflake, id}: the smallest Snowflake minted at or after it
 * and its id under `ns` (every id of the namespace minted from then on sorts at or above it); or {error}.
 */
export function instantToId(text, ns, now = Date.now()) {
  const instant = readInstant(text, now);
  if (instant.error) return instant;
  return { ...instant, id: ns === null ? null : encode(ns, instant.snowflake) };
}

/**
 * A Snowflake (decimal) or an id → {given: 'snowflake' | 'id', from, snowflake, id, unixMs, node, seq}: the
 * Snowflake and its id under `ns` (an id of another namespace is given the namespace asked for); or {error}.
 */
export function snowflakeOrId(text, ns) {
  const typed = text.trim();
  if (typed === '') return { error: 'empty: type a Snowflake (decimal digits) or an id' };
  let given = 'snowflake';
  let snowflake;
  if (DECIMAL.test(typed)) {
    snowflake = BigInt(typed);
    if (attempt(() => encode(JOB_NAMESPACE, snowflake)).code) return { error: PAST_MAX(typed) };
  } else {
    const parsed = parse(typed);
    if (!parsed.ok) return { error: `neither a Snowflake (decimal digits) nor an id: ${explain(typed).message}` };
    snowflake = parsed.snowflake;
    given = 'id';
  }
  return { given, from: typed, snowflake, id: ns === null ? null : encode(ns, snowflake), ...fieldsOf(snowflake) };
}

const readWhole = (text) => {
  const typed = String(text).trim();
  return DECIMAL.test(typed) && typed.length < 10 ? Number(typed) : null;
};

/** {time, node, seq} as typed → {ms, node, seq, snowflake, id} by the package's compose; or {error, field}. */
export function fieldsToId({ time, node, seq }, ns, now = Date.now()) {
  const instant = readInstant(time, now);
  if (instant.error) return { error: `time: ${instant.error}`, field: 'time' };
  const fields = { unixMs: instant.ms, node: readWhole(node), seq: readWhole(seq) };
  if (fields.node === null) return { error: 'node: a whole number 0–1023', field: 'node' };
  if (fields.seq === null) return { error: 'seq: a whole number 0–4095', field: 'seq' };
  // The instant is within the horizon (minFor took it), so compose's `range` is the seq's.
  const composed = attempt(() => compose(fields));
  if (composed.code === 'node') return { error: `node: ${fields.node} is past 1023`, field: 'node' };
  if (composed.code) return { error: `seq: ${fields.seq} is past 4095`, field: 'seq' };
  const snowflake = composed.value;
  return {
    ms: instant.ms,
    node: fields.node,
    seq: fields.seq,
    snowflake,
    id: ns === null ? null : encode(ns, snowflake),
  };
}

/**
 * Every conversion a state names, `now` read once: {namespace, instant, flake, fields}. With a namespace that
 * is none, the Snowflakes still show and each id is null.
 */
export function convertAll(current, now = Date.now()) {
  const namespace = readNamespace(current.ns);
  const ns = namespace.ok ? namespace.ns : null;
  return {
    namespace,
    instant: instantToId(current.at, ns, now),
    flake: snowflakeOrId(current.flake, ns),
    fields: fieldsToId(current, ns, now),
  };
}

/** The panel's model: {current, update, bind, set} over CONVERT_DEFAULTS (panelState). */
export function createConvertModel({ state, onState }) {
  return panelState({ defaults: CONVERT_DEFAULTS, state, onState });
}
