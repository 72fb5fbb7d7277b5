// Fleet forensics as the explorer runs it (the package's @echomq/branded/fleet: core's checks, the CLI's --check)
// over generated logs: a fleet of eight nodes writing one log,
// each id minted by the minting law (state = max(now, state + 1)) from its process's own clock, composed by the
// tests' own Snowflake (tests/e2e/support/snowflake.js). Each fault is planted alone and found alone, on the row
// it was planted at; a clean log (lines a little out of order included) has no finding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encode, parseMany, ready } from '@echomq/branded';
import { fleetCheck, ready as fleetReady } from '@echomq/branded/fleet';
import { compose } from '../../e2e/support/snowflake.js';

await Promise.all([ready, fleetReady]);

/** Core's limits (fleet.hpp): a node this far from the others is out of step; a smaller drop is reordering. */
const OUT_OF_STEP_MS = 60_000;
const REORDER_MS = 10;

const START = 1781000000000;
const LINES = 200_000;
const NODES = [3, 5, 7, 11, 64, 100, 512, 1023];

/** One process minting under `node` with a clock `offsetMs` from real time. */
function process(node, offsetMs = 0) {
  let state = -1n;
  return (realMs) => {
    const now = compose(realMs + offsetMs, node, 0);
    state = now > state ? now : state + 1n;
    return state;
  };
}

/**
 * A log of LINES lines, four a millisecond, the nodes taking turns in a scrambled order; `plant(line, realMs,
 * node)` may return a Snowflake to write instead of the node's own. → {ids, nodeOf}.
 */
function fleetLog({ processFor = (node) => process(node), plant = () => null } = {}) {
  const minters = new Map(NODES.map((node) => [node, processFor(node)]));
  let seed = 12345;
  const ids = new Array(LINES);
  for (let line = 0; line < LINES; line += 1) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const node = NODES[(seed >>> 16) % NODES.length];
    const realMs = START + Math.floor(line / 4);
    const snowflake = plant(line, realMs, node) ?? minters.get(node)(realMs);
    ids[line] = encode('JOB', snowflake);
  }
  return ids;
}

const findingsOf = (ids) => fleetCheck(parseMany(ids));
const nodeOfLine = (ids, line) => parseMany([ids[line]], { fields: true }).node[0];

test('a clean log: no finding, also with neighbouring lines written out of order', () => {
  const ids = fleetLog();
  assert.deepEqual(findingsOf(ids), []);
  for (let line = 10; line < LINES - 1; line += 97) [ids[line], ids[line + 1]] = [ids[line + 1], ids[line]];
  assert.deepEqual(findingsOf(ids), []);
});

test('a node whose clock stepped back: one finding, on the row where it went back', () => {
  const STEP = 5000;
  let restarted = null;
  const ids = fleetLog({
    processFor: (node) => {
      const first = process(node);
      if (node !== 64) return first;
      return (realMs) => {
        if (realMs < START + 30_000 / 4) return first(realMs);
        restarted ??= process(node, -STEP); // the process restarts with a clock five seconds behind
        return restarted(realMs);
      };
    },
  });
  const findings = findingsOf(ids);
  // Behind by five seconds, the restarted process mints again ids it minted then: those are duplicates.
  assert.deepEqual(
    findings.map((f) => [f.fault, f.node]),
    [
      ['clock-back', 64],
      ['duplicate', 64],
    ],
  );
  const [finding, again] = findings;
  assert.ok(again.ids > 100 && [again.row, again.otherRow].every((row) => nodeOfLine(ids, row) === 64));
  assert.equal(ids[again.row], ids[again.otherRow]);
  assert.ok(finding.ms >= STEP - 10 && finding.ms <= STEP, String(finding.ms));
  const [before, after] = [finding.otherRow, finding.row];
  assert.ok(before < 30_000 && after >= 30_000, `${before} → ${after}`);
  assert.match(finding.message, /^node 64: the clock went back 4,99\d ms at row [\d,]+ \(after row [\d,]+\)$/);
  assert.equal(nodeOfLine(ids, before), 64);
  assert.equal(nodeOfLine(ids, after), 64);
});

test('two processes under one node id, interleaved: found as such (no clock step), with the ids both minted', () => {
  const ids = fleetLog({
    processFor: (node) => {
      if (node !== 5) return process(node);
      const [a, b] = [process(5), process(5, -2000)];
      let turn = 0;
      return (realMs) => ((turn += 1) % 2 ? a(realMs) : b(realMs));
    },
  });
  const findings = findingsOf(ids);
  assert.deepEqual(
    findings.map((f) => [f.fault, f.node]),
    [
      ['shared-node', 5],
      ['duplicate', 5],
    ],
  );
  assert.ok(findings[0].count > 1000, String(findings[0].count));
  for (const row of [findings[0].row, findings[0].otherRow]) assert.equal(nodeOfLine(ids, row), 5);
  assert.match(findings[0].message, /^node 5: two processes mint under it: /);
});

test('an exact duplicate: the id on both rows, nothing else', () => {
  const ids = fleetLog();
  ids[123_456] = ids[123_400];
  const findings = findingsOf(ids);
  const node = nodeOfLine(ids, 123_400);
  assert.deepEqual(findings, [
    {
      fault: 'duplicate',
      node,
      row: 123_456,
      otherRow: 123_400,
      count: 2,
      ids: 1,
      snowflake: parseMany([ids[123_400]]).snowflake[0],
      message: `node ${node}: one id 2 times in the same line, first at row 123,401, again at row 123,457`,
    },
  ]);
});

test('a node far out of step with the others: its offset, its rows', () => {
  const AHEAD = 10 * 60_000;
  const ids = fleetLog({ processFor: (node) => process(node, node === 1023 ? AHEAD : 0) });
  const findings = findingsOf(ids);
  assert.deepEqual(
    findings.map((f) => [f.fault, f.node]),
    [['out-of-step', 1023]],
  );
  assert.ok(Math.abs(findings[0].ms - AHEAD) < 1000, String(findings[0].ms));
  assert.ok(AHEAD > OUT_OF_STEP_MS && REORDER_MS < 1000);
  assert.equal(nodeOfLine(ids, findings[0].row), 1023);
  assert.match(
    findings[0].message,
    /^node 1023: its clock is (599|600),\d{3} ms ahead of the other nodes' \(the median over [\d,]+ of its ids\)$/,
  );
});

test('refused rows and an empty batch are no finding', () => {
  assert.deepEqual(fleetCheck(parseMany([])), []);
  assert.deepEqual(findingsOf(['JOB-42', 'USRzzzzzzzzzzz', 'JOB0KHTOWnGLuC']), []);
  // a refused row between two of a node's ids is skipped, and keeps its place in the rows
  const [early, late] = ['2026-06-01T00:00:00Z', '2026-06-01T01:00:00Z'].map((at) =>
    encode('JOB', compose(Date.parse(at), 7, 0)),
  );
  const [finding] = findingsOf([late, 'JOB-42', early]);
  assert.deepEqual([finding.fault, finding.row, finding.otherRow, finding.ms], ['clock-back', 2, 0, 3_600_000]);
});

test('bad columns are a TypeError, not a finding', () => {
  assert.throws(() => fleetCheck(null), TypeError);
  assert.throws(() => fleetCheck({ snowflake: 'JOB0KHTOWnGLuC' }), TypeError);
  assert.throws(() => fleetCheck({ snowflake: [1n, 2n], error: [0] }), TypeError);
  assert.throws(() => fleetCheck({ snowflake: [1n], count: 2 }), RangeError);
});

test('a log written newest first: one finding that says so, not one per node', () => {
  const findings = findingsOf(fleetLog().reverse());
  assert.deepEqual(
    findings.map((f) => [f.fault, f.node]),
    [['reversed', null]],
  );
  assert.match(findings[0].message, /^the log runs newest first: /);
});
