// The widgets' results without a browser: <branded-decode>'s detail (web/widgets/src/decode/decode-detail.js)
// held to tests/vectors/ (valid.json's fields, invalid.json's error classes), and the package's readiness read
// in the same tick as the import (web/widgets/src/base/package-loaded.js), so `result` is never null in Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { packageLoaded } from '../../../web/widgets/src/base/package-loaded.js';
import { decodeDetail } from '../../../web/widgets/src/decode/decode-detail.js';

const loadedOnImport = packageLoaded(); // before any await: Node compiles the wasm synchronously
const vectors = (name) => JSON.parse(readFileSync(new URL(`../../vectors/${name}.json`, import.meta.url), 'utf8'));

test('the package is loaded in the tick of the import, before `ready` has been awaited', () => {
  assert.equal(loadedOnImport, true);
});

test('a valid id: ok, its fields as the vector states them, hash32 and stream id', () => {
  const cases = vectors('valid');
  assert.ok(cases.length > 3);
  for (const v of cases) {
    const d = decodeDetail(v.id);
    assert.equal(d.ok, true, v.name);
    const expected = { ...v, ok: true, snowflake: BigInt(v.snowflake) };
    delete expected.name;
    delete expected.description;
    assert.deepEqual(d, expected, v.name);
  }
});

test('an invalid id: ok false and the vector’s error class, nothing else', () => {
  for (const v of vectors('invalid')) {
    assert.deepEqual(decodeDetail(v.id), { id: v.id, ok: false, error: v.error }, v.name);
  }
});
