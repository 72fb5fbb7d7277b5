// Time ranges as id ranges (minId, idRange) and the isBranded guard: core's answers through the binding, held to
// the ordering law over minted ids around the range's edges, and the refusals typed as the others are.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as branded from '../../wasm/index.js';
import { brandedError } from './support.js';

const T0 = Date.parse('2026-06-01T00:00:00Z');

test('minId is encode(namespace, minFor(instant)); a Date is read as its instant', () => {
  assert.equal(branded.minId('JOB', T0), 'JOB0NbtEgY7ttg');
  assert.equal(branded.minId('USR', new Date(T0)), branded.encode('USR', branded.minFor(T0)));
  assert.equal(branded.minId('JOB', branded.EPOCH_MS), 'JOB00000000000');
  assert.throws(() => branded.minId('job', T0), brandedError('namespace'));
  assert.throws(() => branded.minId('JOB', branded.EPOCH_MS - 1), brandedError('range'));
  assert.throws(() => branded.minId('JOB', branded.HORIZON_MS + 1), brandedError('range'));
  assert.throws(() => branded.minId('JOB', '2026-06-01'), TypeError);
  assert.throws(() => branded.minId('JOB', new Date(Number.NaN)), TypeError);
});

test('idRange holds exactly the ids minted in [t0, t1), compared bytewise', () => {
  const t1 = T0 + 3;
  const { start, end } = branded.idRange('JOB', T0, new Date(t1));
  assert.deepEqual([start, end], [branded.minId('JOB', T0), branded.minId('JOB', t1)]);
  for (let ms = T0 - 2; ms <= t1 + 1; ms++)
    for (const [node, seq] of [
      [0, 0],
      [1023, 4095],
    ]) {
      const id = branded.encode('JOB', branded.compose({ unixMs: ms, node, seq }));
      assert.equal(start <= id && id < end, ms >= T0 && ms < t1, `${id} at ${ms}`);
    }
  assert.throws(() => branded.idRange('JOB', T0, T0), brandedError('range'));
  assert.throws(() => branded.idRange('JO', T0, t1), brandedError('namespace'));
});

test('isBranded: valid ids of the namespace given; any other value is false; a bad namespace throws', () => {
  assert.equal(branded.isBranded('JOB0KHTOWnGLuC'), true);
  assert.equal(branded.isBranded('JOB0KHTOWnGLuC', 'JOB'), true);
  assert.equal(branded.isBranded('USR0KHTOWnGLuC', 'JOB'), false);
  for (const value of ['job0KHTOWnGLuC', 'JOBzzzzzzzzzzz', '', 42, null, undefined, { id: 'JOB0KHTOWnGLuC' }])
    assert.equal(branded.isBranded(value), false, String(value));
  assert.throws(() => branded.isBranded('JOB0KHTOWnGLuC', 'job'), brandedError('namespace'));
  assert.throws(() => branded.isBranded('JOB0KHTOWnGLuC', 7), TypeError);
});
