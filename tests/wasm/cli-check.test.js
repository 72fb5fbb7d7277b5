// decode --check and scan --check: fleet forensics (core's FleetCheck) over generated logs of four nodes, each
// fault injected alone: said on stderr after the rows, exit status 1; a clean log: "no finding", exit 0.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

import { compose, encode } from '../../wasm/index.js';
import { CLI } from './support.js';

const START = Date.parse('2026-06-01T00:00:00Z');
const run = (args, input) => {
  const result = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  return { code: result.status, out: result.stdout, err: result.stderr };
};

// Rows of four nodes taking turns, a few ms apart, each minting in order; `change(row, fields)` may alter one.
function fleetLog(rows, change = () => {}) {
  const seq = [0, 0, 0, 0];
  const log = [];
  for (let i = 0; i < rows; i++) {
    const fields = { unixMs: START + Math.floor(i / 2), node: i % 4, seq: seq[i % 4]++ % 4096 };
    change(i, fields);
    log.push({ id: encode('JOB', compose(fields)), payload: `{"n":${i}}` });
  }
  return log;
}
const asLog = (log) => log.map(({ id, payload }) => `INFO enqueued ${id} ${payload}\n`).join('');
const asIds = (log) => log.map(({ id }) => `${id}\n`).join('');

test('a clean fleet: no finding, exit 0, the rows as without --check', () => {
  const log = fleetLog(4000);
  const scanned = run(['scan', '--check'], asLog(log));
  assert.equal(scanned.code, 0);
  assert.equal(scanned.err, 'branded scan --check: no finding over 4,000 valid ids\n');
  assert.equal(scanned.out, run(['scan'], asLog(log)).out);
  const decoded = run(['decode', '--check', '--json'], asIds(log));
  assert.equal(decoded.code, 0);
  assert.equal(decoded.err, 'branded decode --check: no finding over 4,000 valid ids\n');
});

test('a clock stepped back, two processes under one node, a duplicate, a node out of step: each said', () => {
  const stepped = fleetLog(4000, (i, f) => {
    if (i >= 2001 && i % 4 === 1) Object.assign(f, { unixMs: f.unixMs - 5000, seq: f.seq + 2000 });
  });
  const back = run(['scan', '--check'], asLog(stepped));
  assert.equal(back.code, 1);
  assert.equal(
    back.err,
    'branded scan --check: 1 finding over 4,000 valid ids\n' +
      '  node 1: the clock went back 4,998 ms at row 2,002 (after row 1,998)\n',
  );

  const shared = fleetLog(4000, (i, f) => {
    if (i % 8 === 6) Object.assign(f, { unixMs: f.unixMs - 50, seq: i });
  });
  assert.match(run(['scan', '--check'], asLog(shared)).err, /^ {2}node 2: two processes mint under it: /m);
  const clean = fleetLog(100);
  const collided = [...clean, { id: clean[5].id, payload: '{"other":true}' }];
  assert.match(
    run(['scan', '--check'], asLog(collided)).err,
    /^ {2}node 1: two processes mint under it: .* first at row 101 \(against row 6\)$/m,
  );

  const duplicated = [...clean, clean[5]];
  const duplicate = run(['scan', '--check'], asLog(duplicated));
  assert.match(duplicate.err, /^ {2}node 1: one id 2 times in the same line, first at row 6, again at row 101$/m);
  assert.match(run(['decode', '--check'], asIds(duplicated)).err, /one id 2 times in the same line/);

  const behind = fleetLog(4000, (i, f) => {
    if (i % 4 === 3) f.unixMs -= 600_000;
  });
  assert.match(
    run(['decode', '--check'], asIds(behind)).err,
    /^ {2}node 3: its clock is 599,99\d ms behind the other nodes'/m,
  );
});
