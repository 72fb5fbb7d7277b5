// Fleet forensics (web/src/panels/decode/fleet.js) over generated logs: a fleet of eight nodes writing one log,
// each id minted by the minting law (state = max(now, state + 1)) from its process's own clock, composed by the
// tests' own Snowflake (tests/e2e/support/snowflake.js). Each fault is planted alone and found alone, on the row
// it was planted at; a clean log (lines a little out of order included) has no finding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encode, parseMany, ready } from '@echomq/branded';
import { fleetFindings, OUT_OF_STEP_MS, STEP_BACK_MS } from '../../../web/src/panels/decode/fleet.js';
import { compose } from '../../e2e/support/snowflake.js';

await ready;

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

const findingsOf = (ids) => fleetFindings(parseMany(ids, { fields: true }));
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
    findings.map((f) => [f.kind, f.node]),
    [
      ['stepped-back', 64],
      ['duplicate', 64],
    ],
  );
  const [finding, again] = findings;
  assert.ok(again.count > 100 && again.rows.every((row) => nodeOfLine(ids, row) === 64));
  assert.equal(finding.kind, 'stepped-back');
  assert.equal(finding.node, 64);
  assert.ok(finding.behindMs >= STEP - 10 && finding.behindMs <= STEP, String(finding.behindMs));
  const [before, after] = finding.rows;
  assert.ok(before < 30_000 && after >= 30_000, `${before} → ${after}`);
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
    findings.map((f) => [f.kind, f.node]),
    [
      ['two-processes', 5],
      ['duplicate', 5],
    ],
  );
  assert.ok(findings[0].count > 1000, String(findings[0].count));
  for (const row of findings[0].rows) assert.equal(nodeOfLine(ids, row), 5);
});

test('an exact duplicate: the id on both rows, nothing else', () => {
  const ids = fleetLog();
  ids[123_456] = ids[123_400];
  const findings = findingsOf(ids);
  assert.deepEqual(findings, [
    { kind: 'duplicate', node: nodeOfLine(ids, 123_400), count: 1, rows: [123_400, 123_456] },
  ]);
});

test('a node far out of step with the others: its offset, its rows', () => {
  const AHEAD = 10 * 60_000;
  const ids = fleetLog({ processFor: (node) => process(node, node === 1023 ? AHEAD : 0) });
  const findings = findingsOf(ids);
  assert.deepEqual(
    findings.map((f) => [f.kind, f.node]),
    [['out-of-step', 1023]],
  );
  assert.ok(Math.abs(findings[0].offsetMs - AHEAD) < 1000, String(findings[0].offsetMs));
  assert.ok(AHEAD > OUT_OF_STEP_MS && STEP_BACK_MS < 1000);
  for (const row of findings[0].rows) assert.equal(nodeOfLine(ids, row), 1023);
});

test('refused rows and an empty batch are no finding', () => {
  assert.deepEqual(fleetFindings(parseMany([], { fields: true })), []);
  assert.deepEqual(findingsOf(['JOB-42', 'USRzzzzzzzzzzz', 'JOB0KHTOWnGLuC']), []);
});

test('a log written newest first: one finding that says so, not one per node', () => {
  const findings = findingsOf(fleetLog().reverse());
  assert.deepEqual(
    findings.map((f) => f.kind),
    ['reversed'],
  );
});
