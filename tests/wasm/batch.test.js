// parseMany (array, text, bytes; CRLF, blank lines, partial chunks) and encodeMany, against single calls.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as branded from '../../wasm/index.js';
import { vectors } from './support.js';

const CASES = [...vectors('valid').map((v) => v.id), ...vectors('invalid').map((v) => v.id)];
// The cases that fit on one line of text.
const LINE_CASES = CASES.filter((id) => !/[\r\n]/.test(id));

// The columns of id i must say exactly what parse(id) says.
function assertAgrees(parsed, i, id) {
  const single = branded.parse(id);
  assert.equal(parsed.errorAt(i), single.ok ? null : single.error, `id ${i} ${JSON.stringify(id)}`);
  assert.equal(parsed.error[i], branded.ERROR_CODES.indexOf(single.ok ? 'none' : single.error));
  if (!single.ok) {
    assert.equal(parsed.snowflake[i], 0n);
    assert.equal(parsed.namespaceAt(i), null);
    return;
  }
  assert.equal(parsed.snowflake[i], single.snowflake);
  assert.equal(parsed.namespaceAt(i), single.namespace);
  assert.equal(parsed.unixMs[i], single.unixMs);
  assert.equal(parsed.node[i], single.node);
  assert.equal(parsed.seq[i], single.seq);
  assert.equal(parsed.hash32[i], branded.hash32(single.snowflake));
}

function manyIds(count, seed = 1) {
  const minter = branded.createMinter({ namespace: 'EVT', node: seed % 1024 });
  return Array.from({ length: count }, (_, i) => (i % 97 === 5 ? LINE_CASES[i % LINE_CASES.length] : minter.next()));
}

test('parseMany of an array agrees with parse, item by item, across chunks', () => {
  const ids = [...CASES, ...manyIds(40000)];
  const parsed = branded.parseMany(ids, { fields: true });
  assert.equal(parsed.count, ids.length);
  assert.equal(parsed.refused, ids.filter((id) => !branded.valid(id)).length);
  for (let i = 0; i < ids.length; i++) if (i < 200 || i % 37 === 0) assertAgrees(parsed, i, ids[i]);
  for (const column of ['snowflake', 'error', 'namespace', 'unixMs', 'node', 'seq', 'hash32'])
    assert.equal(parsed[column].length, ids.length);
  assert.equal(parsed.offset, undefined);
});

test('items that are not 14 ASCII characters are parsed from their UTF-8 bytes', () => {
  const ids = [
    'JOB0KHTOWnGLuC',
    'JOB0KHTOWnGLué',
    'JOB0KHTOWnGLé',
    '',
    'JOB0KHTOWnGLuC\n',
    'JOB0KHTOWnGLuC\r',
    'USR0NgWEfAEJfs',
  ];
  const parsed = branded.parseMany(ids, { fields: true });
  assert.deepEqual(
    Array.from(ids, (_, i) => parsed.errorAt(i)),
    [null, 'length', 'charset', 'length', 'length', 'length', null],
  );
  ids.forEach((id, i) => assertAgrees(parsed, i, id));
  assert.equal(parsed.refused, 5);
  assert.equal(branded.parseMany([]).count, 0);
});

test('arrays whose chunks are packed, or not (an item not ASCII): odd items at every piece and chunk edge', () => {
  const minter = branded.createMinter({ namespace: 'JOB', node: 3 });
  const ids = Array.from({ length: 40000 }, (_, i) => (i % 101 === 7 ? 'JOB0KHTOWnGL-C' : minter.next()));
  // items of another length around the edges of the 4,096-item pieces and 16,384-item chunks, and items of 14
  // characters that are not ASCII (a lone surrogate too) in the second chunk only
  for (const at of [0, 4095, 4096, 8191, 16383, 16384, 16385, 32767, 32768, 39999]) ids[at] = at % 2 ? 'JOB-42' : '';
  ids[20000] = 'JOB0KHTOWnGLué';
  ids[20001] = 'JOB0KHTOWnGL\ud800u';
  const parsed = branded.parseMany(ids, { fields: true });
  assert.equal(parsed.count, ids.length);
  assert.equal(parsed.refused, ids.filter((id) => !branded.valid(id)).length);
  for (let i = 0; i < ids.length; i++) assertAgrees(parsed, i, ids[i]);
});

test('parseMany of newline text: LF, CRLF, blank lines, a last line without terminator', () => {
  const text = 'JOB0KHTOWnGLuC\r\n\nUSRzzzzzzzzzzz\nUSR0NgWEfAEJfs\r\n\r\nJOB0KHTOWnGLuC';
  const parsed = branded.parseMany(text);
  assert.equal(parsed.count, 6);
  assert.deepEqual(
    Array.from({ length: 6 }, (_, i) => parsed.errorAt(i)),
    [null, 'length', 'range', null, 'length', null],
  );
  assert.deepEqual(Array.from(parsed.offset), [0, 16, 17, 32, 48, 50]);
  assert.deepEqual(Array.from(parsed.length), [14, 0, 14, 14, 0, 14]);
  assert.equal(parsed.refused, 3);
  assert.equal(branded.parseMany('').count, 0);
  assert.equal(branded.parseMany('\n').count, 1);
  assert.equal(branded.parseMany('JOB0KHTOWnGLuC\n').count, 1);
  // A CR not followed by LF belongs to the id.
  assert.equal(branded.parseMany('JOB0KHTOWnGLuC\r').errorAt(0), 'length');
});

test('text and bytes give the same columns as the array, over many chunks and a long line', () => {
  const ids = manyIds(70000, 3);
  ids.splice(1234, 0, 'x'.repeat(700000)); // longer than the module's text area: it must grow
  ids.splice(50000, 0, 'JOB0KHTOWnGLué');
  const fromArray = branded.parseMany(ids, { fields: true });
  const text = ids.join('\n');
  for (const parsed of [
    branded.parseMany(text, { fields: true }),
    branded.parseMany(new TextEncoder().encode(`${text}\n`), { fields: true }),
  ]) {
    assert.equal(parsed.count, ids.length);
    assert.equal(parsed.refused, fromArray.refused);
    for (const column of ['snowflake', 'error', 'namespace', 'unixMs', 'node', 'seq', 'hash32'])
      assert.deepEqual(parsed[column], fromArray[column], column);
  }
  const parsed = branded.parseMany(text);
  const bytes = Buffer.from(text);
  for (const i of [0, 1234, 1235, 50000, ids.length - 1])
    assert.equal(bytes.toString('utf8', parsed.offset[i], parsed.offset[i] + parsed.length[i]), ids[i], `line ${i}`);
});

test('the field columns come only with fields: true', () => {
  const lean = branded.parseMany(['JOB0KHTOWnGLuC', 'job-42']);
  for (const column of ['unixMs', 'node', 'seq', 'hash32']) assert.equal(lean[column], undefined, column);
  assert.deepEqual(lean.snowflake, new BigUint64Array([274557032793636864n, 0n]));
  const text = branded.parseMany('JOB0KHTOWnGLuC\njob-42\n');
  assert.equal(text.unixMs, undefined);
  assert.deepEqual(text.snowflake, lean.snowflake);
  assert.deepEqual(text.error, lean.error);
  const full = branded.parseMany('JOB0KHTOWnGLuC\njob-42\n', { fields: true });
  assert.deepEqual(Array.from(full.unixMs), [1769526697641, 0]);
});

test('text with more lines than its size suggests: the columns grow and keep every earlier slot', () => {
  // Blank lines (one byte each) outnumber the estimate of one id per 15 bytes many times over.
  const ids = manyIds(40000, 5).map((id, i) => (i % 3 === 1 ? '' : id));
  const parsed = branded.parseMany(ids.join('\n'), { fields: true });
  assert.equal(parsed.count, ids.length);
  for (const column of ['snowflake', 'error', 'namespace', 'unixMs', 'node', 'seq', 'hash32', 'offset', 'length'])
    assert.equal(parsed[column].length, ids.length, column);
  for (let i = 0; i < ids.length; i++)
    if (i < 300 || i % 31 === 0 || i > ids.length - 300) assertAgrees(parsed, i, ids[i]);
  assert.equal(parsed.length[ids.length - 1], ids.at(-1).length);
});

test('a stream cut anywhere parses the same once its chunks are joined at newlines', () => {
  const ids = manyIds(3000, 9);
  const bytes = Buffer.from(`${ids.join('\r\n')}\r\n`);
  const whole = branded.parseMany(bytes);
  for (const cut of [1, 13, 14, 15, 16, 4097, bytes.length - 1]) {
    // The first part up to its last newline, the rest carried to the second part (as the CLI does).
    const head = bytes.subarray(0, cut);
    const last = head.lastIndexOf(0x0a) + 1;
    const a = branded.parseMany(bytes.subarray(0, last));
    const b = branded.parseMany(bytes.subarray(last));
    assert.equal(a.count + b.count, whole.count, `cut ${cut}`);
    assert.deepEqual([...a.snowflake, ...b.snowflake], [...whole.snowflake], `cut ${cut}`);
  }
});

test('encodeMany agrees with encode, refuses per item, and round-trips through parseMany', () => {
  const snowflakes = [0n, 274557032793636864n, 2n ** 63n - 1n, 2n ** 63n, 42n];
  const encoded = branded.encodeMany('USR', snowflakes);
  assert.deepEqual(encoded.ids, [
    'USR00000000000',
    'USR0KHTOWnGLuC',
    'USRAzL8n0Y58m7',
    null,
    branded.encode('USR', 42n),
  ]);
  assert.deepEqual(Array.from(encoded.error), [0, 0, 0, branded.ERROR_CODES.indexOf('range'), 0]);
  assert.equal(encoded.refused, 1);
  const bad = branded.encodeMany('usr', [1n, 2n]);
  assert.deepEqual(bad.ids, [null, null]);
  assert.equal(bad.refused, 2);
  assert.equal(branded.encodeMany('USRX', [1n]).errorAt, undefined);
  assert.deepEqual(Array.from(branded.encodeMany('USRX', [1n]).error), [branded.ERROR_CODES.indexOf('namespace')]);

  const many = new BigUint64Array(50000).map((_, i) => BigInt(i) * 184467440737095n);
  const typed = branded.encodeMany('JOB', many);
  assert.equal(typed.refused, 0);
  assert.deepEqual(branded.parseMany(typed.ids).snowflake, many);
  for (const i of [0, 16383, 16384, 49999]) assert.equal(typed.ids[i], branded.encode('JOB', many[i]));
});
