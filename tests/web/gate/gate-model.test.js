// The Gate panel's model (web/src/panels/gate/gate-model.js) against tests/vectors/gate.json: each case's host
// verdict and wire verdict as the vector states them, the refusal in the vector's words, and the enqueue outcome.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ready } from '@echomq/branded';
import { firstThree, outcomeLine, verdictDetail } from '../../../web/src/panels/gate/gate-model.js';

await ready;
const gateVectors = JSON.parse(readFileSync(new URL('../../vectors/gate.json', import.meta.url), 'utf8'));

test('every gate vector: the host admits what parses, the wire admits a JOB prefix, in the vector’s words', () => {
  for (const v of gateVectors.cases) {
    const detail = verdictDetail(v.id);
    assert.equal(detail.id, v.id, v.name);
    const host = v.host === 'ok' ? { admitted: true } : { admitted: false, error: v.host };
    assert.deepEqual(detail.host, host, v.name);
    const wire = v.admitted ? { admitted: true } : { admitted: false, error: gateVectors.refusal };
    assert.deepEqual(detail.wire, wire, v.name);
  }
});

test('the enqueue outcome names who refuses first', () => {
  assert.match(outcomeLine('JOB0KHTOWnGLuC'), /both pass/);
  assert.match(outcomeLine('USR0KHTOWnGLuC'), /wire gate refuses it \(EMQKIND\)/);
  assert.match(outcomeLine('JOB-42'), /the host refuses/);
  assert.match(outcomeLine('job-42'), /the host refuses/);
});

test('the first three bytes, as the wire gate reads them, even when they split a character', () => {
  assert.equal(firstThree('JOB0KHTOWnGLuC'), 'JOB');
  assert.equal(firstThree('JO'), 'JO');
  assert.equal(firstThree('ÉJOB'), 'ÉJ'); // É is two bytes
  assert.equal(firstThree('J€'), 'J\uFFFD'); // € is three: the third byte alone is no character
});
