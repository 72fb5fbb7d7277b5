// How the Decode panel reads a paste that is no id (web/src/panels/decode/decode-reading.js), over the package's own
// verdicts: what each paste people make is read as, the fix taken from explain()'s remedy, and bare Snowflakes
// given their ids (held to tests/vectors/encode.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ready } from '@echomq/branded';
import { explain, ready as explainReady } from '@echomq/branded/explain';
import { decodeText } from '../../../web/src/panels/decode/decode-rows.js';
import { readingOf, snowflakesAsIds } from '../../../web/src/panels/decode/decode-reading.js';

await Promise.all([ready, explainReady]);
const encodeVectors = JSON.parse(readFileSync(new URL('../../vectors/encode.json', import.meta.url), 'utf8'));
const vector = (name) => encodeVectors.find((v) => v.name === name);
const read = (text) => readingOf(text, decodeText(text));

test('an id wrapped in whitespace or a byte order mark is read as the id, in the package’s words', () => {
  for (const text of ['\uFEFFJOB0KHTOWnGLuC', ' JOB0KHTOWnGLuC', 'JOB0KHTOWnGLuC\t', 'JOB0KHTOWnGLuC\u00a0']) {
    assert.deepEqual(
      read(text),
      { kind: 'trimmed', id: 'JOB0KHTOWnGLuC', message: explain(text).message, single: true },
      JSON.stringify(text),
    );
  }
  // A trailing newline makes two lines, the second blank: one line all the same.
  assert.deepEqual(read('JOB0KHTOWnGLuC \n').id, 'JOB0KHTOWnGLuC');
  assert.match(read('\uFEFFJOB0KHTOWnGLuC').message, /^leading byte order mark/);
});

test('a lowercase namespace is suggested, never applied; whitespace around it is seen past', () => {
  assert.deepEqual(read('job0KHTOWnGLuC'), {
    kind: 'suggest',
    suggestion: 'JOB0KHTOWnGLuC',
    message: 'namespace must be uppercase: did you mean JOB0KHTOWnGLuC?',
    trimmed: false,
    single: true,
  });
  const spaced = read(' job0KHTOWnGLuC ');
  assert.deepEqual([spaced.kind, spaced.suggestion, spaced.trimmed], ['suggest', 'JOB0KHTOWnGLuC', true]);
  assert.equal(read('job0KHTOWnGL!C').kind, 'typed', 'no suggestion that would parse: as typed');
});

test('a URL, a log line and JSON are searched for the ids they hold', () => {
  const url = read('https://echomq.dev/jobs/JOB0KHTOWnGLuC?attempt=2');
  assert.deepEqual([url.kind, url.found], ['scan', 1]);
  assert.equal(url.message, explain('https://echomq.dev/jobs/JOB0KHTOWnGLuC?attempt=2').message);
  const log = read('2026-01-27T15:11:37Z INFO enqueued JOB0KHTOWnGLuC for user USR0NgWEfAEJfs');
  assert.deepEqual([log.kind, log.found], ['scan', 2]);
  const json = read('{\n  "job": "JOB0KHTOWnGLuC",\n  "user": "USR0NgWEfAEJfs"\n}\n');
  assert.deepEqual([json.kind, json.found], ['scan', 2]);
});

test('bare Snowflakes, one or a column of them, are given ids under the namespace asked for', () => {
  const anchor = vector('usr-anchor');
  assert.deepEqual(read(anchor.snowflake), { kind: 'snowflakes', count: 1, trimmed: false, single: true });
  assert.deepEqual(read(` ${anchor.snowflake}\n`), { kind: 'snowflakes', count: 1, trimmed: true, single: true });
  assert.deepEqual(read(`\uFEFF${anchor.snowflake}`), { kind: 'snowflakes', count: 1, trimmed: true, single: true });
  assert.equal(read('9223372036854775808').kind, 'typed', 'past the largest Snowflake: nothing to give an id');
  const column = [anchor.snowflake, vector('usr-zero').snowflake, '', vector('usr-max').snowflake].join('\n');
  assert.deepEqual(read(column), { kind: 'snowflakes', count: 3 });
  const ids = snowflakesAsIds(decodeText(column), 'USR');
  assert.deepEqual(ids, { text: [anchor.id, vector('usr-zero').id, '', vector('usr-max').id].join('\n'), count: 3 });
  assert.deepEqual(snowflakesAsIds(decodeText(column), 'usr'), { error: 'namespace' });
  assert.equal(read(`${anchor.snowflake}\nnot a number`).kind, 'typed');
  assert.equal(read(vector('usr-2-63').snowflake).kind, 'typed', '2^63 is no Snowflake');
});

test('a list where some line parses, and text that holds nothing, are read as typed', () => {
  for (const text of [
    '',
    'JOB0KHTOWnGLuC',
    'JOB0KHTOWnGLuC\njob-42',
    'job-42',
    'USRzzzzzzzzzzz',
    'hello\nworld',
    '\n\n',
  ])
    assert.equal(read(text).kind, 'typed', JSON.stringify(text));
});
