// The Convert panel's model (web/src/panels/convert/convert-model.js) against the conformance files: every minFor,
// compose, encode, valid and invalid vector and every instant case through the conversion that offers it, the
// answers held to the vectors' own values (a Snowflake or an id the vector states, never one recomputed here).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ready } from '@echomq/branded';
import { explain, ready as explainReady } from '@echomq/branded/explain';
import {
  convertAll,
  fieldsToId,
  instantToId,
  readNamespace,
  snowflakeOrId,
} from '../../../web/src/panels/convert/convert-model.js';

await Promise.all([ready, explainReady]);
const vectors = (name) => JSON.parse(readFileSync(new URL(`../../vectors/${name}.json`, import.meta.url), 'utf8'));
const snowflake = vectors('snowflake');
const instant = vectors('instant');

test('an instant → the smallest Snowflake at it (every minFor vector) and its id, which decodes back to it', () => {
  for (const v of snowflake.minFor) {
    const r = instantToId(String(v.unixMs), 'JOB');
    if (v.error) {
      assert.match(r.error, /is outside the horizon: a Snowflake carries 2024-01-01T00:00:00\.000Z to 2093-/, v.name);
      continue;
    }
    assert.equal(r.ms, v.unixMs, v.name);
    assert.equal(r.snowflake, BigInt(v.snowflake), v.name);
    const back = snowflakeOrId(r.id, 'JOB');
    assert.equal(back.given, 'id', v.name);
    assert.equal(back.snowflake, BigInt(v.snowflake), v.name);
    assert.ok(r.id.startsWith('JOB'), v.name);
  }
});

test('an instant is read as every instant case says (ISO, Unix ms, now-5m); a bare offset counts from now', () => {
  for (const c of instant.cases) {
    const r = instantToId(c.text, 'JOB', instant.now);
    if (c.error) assert.ok(r.error, `${c.text}: refused`);
    else if (r.error) assert.match(r.error, /outside the horizon/, c.text);
    else assert.ok([c.ms, c.ms - instant.base + instant.now].includes(r.ms), `${c.text}: ${r.ms}`);
  }
});

test('node, seq and time → the Snowflake of every compose vector; each refusal names its field', () => {
  const field = { node: 'node', range: null };
  for (const v of snowflake.compose) {
    const r = fieldsToId({ time: String(v.unixMs), node: String(v.node), seq: String(v.seq) }, 'USR');
    if (!v.error) {
      assert.equal(r.snowflake, BigInt(v.snowflake), v.name);
      assert.equal(snowflakeOrId(r.id, 'USR').snowflake, BigInt(v.snowflake), v.name);
      continue;
    }
    const expected = field[v.error] ?? (v.seq > 4095 ? 'seq' : 'time');
    assert.equal(r.field, expected, `${v.name}: ${r.error}`);
  }
  assert.deepEqual(fieldsToId({ time: 'soon', node: '0', seq: '0' }, 'JOB').field, 'time');
  assert.equal(fieldsToId({ time: '1781000000010', node: '-1', seq: '0' }, 'JOB').error, 'node: a whole number 0–1023');
  assert.equal(fieldsToId({ time: '1781000000010', node: '0', seq: '1.5' }, 'JOB').error, 'seq: a whole number 0–4095');
  assert.equal(fieldsToId({ time: '1781000000010', node: '1024', seq: '0' }, 'JOB').error, 'node: 1024 is past 1023');
  assert.equal(fieldsToId({ time: '1781000000010', node: '0', seq: '4096' }, 'JOB').error, 'seq: 4096 is past 4095');
});

test('a Snowflake → its id under every encode vector’s namespace; past 2^63 − 1 is refused', () => {
  for (const v of vectors('encode')) {
    const namespace = readNamespace(v.namespace);
    if (v.error === 'namespace') {
      assert.equal(namespace.ok, false, v.name);
      assert.ok(namespace.error.length > 0, v.name);
      continue;
    }
    const r = snowflakeOrId(v.snowflake, namespace.ns);
    if (v.error) assert.equal(r.error, `${v.snowflake} is past the largest Snowflake, 2^63 − 1 = 9223372036854775807`);
    else {
      assert.equal(r.given, 'snowflake', v.name);
      assert.equal(r.id, v.id, v.name);
    }
  }
});

test('an id → its Snowflake and fields (every valid vector), rebranded under another namespace', () => {
  for (const v of vectors('valid')) {
    const r = snowflakeOrId(` ${v.id}\n`, 'EVT');
    assert.equal(r.given, 'id', v.name);
    assert.equal(r.snowflake, BigInt(v.snowflake), v.name);
    assert.deepEqual([r.unixMs, r.node, r.seq], [v.unixMs, v.node, v.seq], v.name);
    assert.equal(r.id.slice(0, 3), 'EVT', v.name);
    assert.equal(r.id.slice(3), v.id.slice(3), `${v.name}: the same 11 digits`);
  }
});

test('text that is neither says why, in the package’s words (every invalid vector)', () => {
  for (const v of vectors('invalid')) {
    const r = snowflakeOrId(v.id, 'JOB');
    const refusal = explain(v.id);
    // A field is read trimmed: an id wrapped in whitespace is the id the package says it is, and what is left
    // otherwise is what the refusal is about.
    if (refusal.remedy === 'trim' && refusal.suggestion) assert.equal(r.id, refusal.suggestion, v.name);
    else if (v.id.trim() === '') assert.match(r.error, /^empty/, v.name);
    else
      assert.equal(r.error, `neither a Snowflake (decimal digits) nor an id: ${explain(v.id.trim()).message}`, v.name);
  }
  assert.equal(
    snowflakeOrId('job0KHTOWnGLuC', 'JOB').error,
    'neither a Snowflake (decimal digits) nor an id: namespace must be uppercase: did you mean JOB0KHTOWnGLuC?',
  );
});

test('with no namespace the Snowflakes still show, each id is null, and the namespace says why', () => {
  const r = convertAll({ ns: 'job', at: '1781000000010', flake: '0', time: '1781000000010', node: '7', seq: '0' }, 0);
  assert.equal(r.namespace.ok, false);
  assert.equal(r.namespace.error, 'namespace must be uppercase: did you mean JOB?');
  assert.equal(r.instant.id, null);
  assert.equal(r.instant.snowflake, BigInt(snowflake.minFor.find((v) => v.name === 'stream-window-start').snowflake));
  assert.equal(r.flake.id, null);
  assert.equal(r.fields.snowflake, BigInt(snowflake.compose.find((v) => v.name === 'stream-first').snowflake));
});
