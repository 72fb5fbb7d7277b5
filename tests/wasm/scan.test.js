// scan(text | bytes): the package against the oracle (scan-oracle.js), on generated logs that cross the module's
// chunk sizes (256 KiB of text, 16,384 candidates per call).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ERROR_CODES, parseMany, scan } from '../../wasm/index.js';
import { generatedLog } from './scan-log.js';
import { oracle } from './scan-oracle.js';

function found(result) {
  const hits = [];
  for (let i = 0; i < result.count; i++) {
    hits.push({
      offset: result.offset[i],
      line: result.line[i],
      error: result.errorAt(i),
      snowflake: result.snowflake[i],
    });
  }
  return hits;
}

const withoutIds = (hits) => hits.map(({ id, ...rest }) => rest);

test('scan finds ids in logs, JSON, URLs and CSV, and refuses a candidate past the range', () => {
  const text = 'GET /jobs/JOB0KHTOWnGLuC?x=1 {"id":"USR0NgWEfAEJfs"}\nJOB0KHTOWnGLuCx JOBzzzzzzzzzzz, é JOB0KHTOWnGLuC';
  const result = scan(text, { fields: true });
  assert.equal(result.count, 4);
  assert.equal(result.refused, 1);
  assert.deepEqual([...result.offset], [10, 36, 69, 88]); // UTF-8 bytes: é is two
  assert.deepEqual([...result.line], [1, 1, 2, 2]);
  assert.equal(result.snowflake[0], 274557032793636864n);
  assert.equal(result.namespaceAt(1), 'USR');
  assert.equal(result.errorAt(2), 'range');
  assert.equal(result.namespaceAt(2), 'JOB'); // a refused candidate keeps its namespace
  assert.equal(result.unixMs[2], 0);
  assert.equal(result.unixMs[3], parseMany(['JOB0KHTOWnGLuC'], { fields: true }).unixMs[0]);
  assert.equal(scan('').count, 0);
  assert.equal(scan('no ids here, JOB-42, JOB0KHTOWnGLu').count, 0);
});

test('scan of generated logs agrees with the oracle, as text and as bytes, across every chunk size', () => {
  for (const [pieces, seed] of [
    [3000, 1],
    [120000, 2],
  ]) {
    const text = generatedLog(pieces, seed);
    const bytes = new TextEncoder().encode(text);
    assert.ok(bytes.length > (pieces > 10000 ? 4 * 262144 : 0));
    const expected = oracle(bytes);
    assert.ok(expected.length > pieces / 8);
    assert.deepEqual(found(scan(text)), withoutIds(expected));
    const fromBytes = scan(bytes, { fields: true });
    assert.deepEqual(found(fromBytes), withoutIds(expected));
    // the fields agree with parseMany of the ids found (refused ones are 0)
    const parsed = parseMany(
      expected.map((hit) => hit.id),
      { fields: true },
    );
    assert.deepEqual(fromBytes.unixMs, parsed.unixMs);
    assert.deepEqual(fromBytes.node, parsed.node);
    assert.deepEqual(fromBytes.hash32, parsed.hash32);
    assert.equal(fromBytes.refused, expected.filter((hit) => hit.error !== null).length);
  }
});

test('scan: more candidates than one module call holds, and ids cut by every chunk boundary', () => {
  const id = 'JOB0KHTOWnGLuC';
  const dense = `${id} `.repeat(50000); // 16,384 candidates per call: four calls
  const result = scan(dense);
  assert.equal(result.count, 50000);
  assert.equal(result.offset[49999], 49999 * 15);
  // an id at every position around the 256 KiB text area's end
  for (let shift = 0; shift <= 15; shift++) {
    const text = `${'.'.repeat(262144 - shift)}${id}.${id}`;
    assert.deepEqual([...scan(text).offset], [262144 - shift, 262144 - shift + 15], `shift ${shift}`);
    assert.equal(scan(`${'.'.repeat(262144 - shift)}a${id}`).count, 0, `touched, shift ${shift}`);
  }
});

test('scan refuses what is not text, with a typed error', () => {
  assert.throws(() => scan(42), TypeError);
  assert.throws(() => scan(['JOB0KHTOWnGLuC']), TypeError);
  assert.throws(() => scan('x', 'fields'), TypeError);
  assert.equal(ERROR_CODES[scan('JOBzzzzzzzzzzz').error[0]], 'range');
});
