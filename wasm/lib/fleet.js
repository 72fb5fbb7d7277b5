// Core's fleet forensics (fleet.hpp) over a module instance that links bindings/fleet.cpp: the ./fleet subpath's
// own module. Plain code that takes the instance ({wasm, views}), as lib/explain.js does.
import { describe } from './args.js';
import { readLayout } from './layout.js';

const decoder = new TextDecoder();
// FleetFault's numbers, in order from 1.
const FAULTS = [null, 'clock-back', 'shared-node', 'duplicate', 'out-of-step', 'reversed'];

const isIndexed = (value) => Array.isArray(value) || ArrayBuffer.isView(value);

// The rows' count and columns, checked: snowflake (bigints), and optional error and lines (numbers).
function columnsOf(columns) {
  if (columns === null || typeof columns !== 'object' || !isIndexed(columns.snowflake))
    throw new TypeError(
      `fleetCheck takes columns with a snowflake column (parseMany's, scan's), got ${describe(columns)}`,
    );
  const count = columns.count ?? columns.snowflake.length;
  if (!Number.isSafeInteger(count) || count < 0 || count > columns.snowflake.length || count > 0xffffffff)
    throw new RangeError(`count must be a whole number up to the snowflake column's length, got ${describe(count)}`);
  for (const name of ['error', 'lines', 'namespace'])
    if (columns[name] !== undefined && (!isIndexed(columns[name]) || columns[name].length < count))
      throw new TypeError(`the ${name} column must hold a number for each of the ${count} rows`);
  return { ...columns, count, lines: columns.lines ?? columns.namespace };
}

/** The ./fleet API over one module instance: {fleetCheck}, as documented in fleet.d.ts. */
export function fleetApi({ wasm, views }) {
  const at = readLayout(views().u32, wasm.fleet_layout());
  const u32At = (name) => views().u32[at[name] >> 2];
  const f64At = (name) => views().f64[at[name] >> 3];

  function put({ count, snowflake, lines, error }) {
    const area = wasm.fleet_columns(count);
    const { u8, u32 } = views();
    const snowflakes = new BigUint64Array(u8.buffer, area, count);
    if (snowflake instanceof BigUint64Array) snowflakes.set(snowflake.subarray(0, count));
    else for (let i = 0; i < count; i++) snowflakes[i] = BigInt.asUintN(64, BigInt(snowflake[i]));
    const linesAt = (area >> 2) + count * 2;
    if (lines === undefined) u32.fill(0, linesAt, linesAt + count);
    else for (let i = 0; i < count; i++) u32[linesAt + i] = lines[i];
    const errorsAt = area + count * 12;
    if (error === undefined) u8.fill(0, errorsAt, errorsAt + count);
    else for (let i = 0; i < count; i++) u8[errorsAt + i] = error[i] === 0 ? 0 : 1;
  }

  function read() {
    const fault = FAULTS[u32At('fault')];
    const finding = {
      fault,
      node: fault === 'reversed' ? null : u32At('node'),
      row: f64At('row'),
      otherRow: f64At('otherRow'),
      count: f64At('count'),
      message: decoder.decode(views().u8.subarray(at.message, at.message + u32At('messageSize'))),
    };
    if (fault === 'clock-back' || fault === 'out-of-step') finding.ms = f64At('ms');
    if (fault === 'duplicate') {
      finding.ids = f64At('ids');
      finding.snowflake = new BigUint64Array(views().u8.buffer, at.snowflake, 1)[0];
    }
    return finding;
  }

  return {
    fleetCheck(columns) {
      const checked = columnsOf(columns);
      put(checked);
      const findings = [];
      for (let i = 0, total = wasm.fleet_check(checked.count); i < total; i++) {
        wasm.fleet_finding(i);
        findings.push(read());
      }
      return findings;
    },
  };
}
