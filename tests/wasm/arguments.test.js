// The bad-argument matrix: a wrong type is a TypeError, a value of the right type that core refuses is a
// BrandedError with its class — never a wasm trap, never a silently wrapped value.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as branded from '../../wasm/index.js';
import { brandedError } from './support.js';

const NOT_STRINGS = [undefined, null, 14, 14n, {}, [], ['JOB0KHTOWnGLuC'], () => 'JOB0KHTOWnGLuC', Symbol('id'), true];
const NOT_BIGINTS = [undefined, null, 0, 274557032793636864, '274557032793636864', {}, 1.5, NaN, true];
const NOT_INTEGERS = [undefined, null, NaN, Infinity, -Infinity, 1.5, '5', 5n, {}, true];
const NOT_SNOWFLAKES = [-1n, -(2n ** 63n), 2n ** 63n, 2n ** 64n - 1n, 2n ** 64n, 2n ** 64n + 5n, 2n ** 200n];

const ID = 'JOB0KHTOWnGLuC';
const SNOWFLAKE = 274557032793636864n;

test('id arguments must be strings', () => {
  const takesId = {
    parse: (x) => branded.parse(x),
    valid: (x) => branded.valid(x),
    errorOffset: (x) => branded.errorOffset(x),
    gate: (x) => branded.gate(x),
    'jobKey id': (x) => branded.jobKey('orders', x),
    'jobKey queue': (x) => branded.jobKey(x, ID),
    'queueKey queue': (x) => branded.queueKey(x, 'pending'),
    'queueKey type': (x) => branded.queueKey('orders', x),
    pendingKey: (x) => branded.pendingKey(x),
    validQueue: (x) => branded.validQueue(x),
    slot: (x) => branded.slot(x),
    parseEntryId: (x) => branded.parseEntryId(x),
    'encode namespace': (x) => branded.encode(x, SNOWFLAKE),
    'encodeMany namespace': (x) => branded.encodeMany(x, [SNOWFLAKE]),
    'createMinter namespace': (x) => branded.createMinter({ namespace: x }),
  };
  for (const [name, call] of Object.entries(takesId))
    for (const bad of NOT_STRINGS) assert.throws(() => call(bad), TypeError, `${name}(${String(typeof bad)})`);
});

test('Snowflake arguments must be bigints', () => {
  const takesSnowflake = {
    encode: (x) => branded.encode('USR', x),
    hash32: (x) => branded.hash32(x),
    unixMs: (x) => branded.unixMs(x),
    streamId: (x) => branded.streamId(x),
    encodeMany: (x) => branded.encodeMany('USR', [x]),
  };
  for (const [name, call] of Object.entries(takesSnowflake))
    for (const bad of NOT_BIGINTS) assert.throws(() => call(bad), TypeError, `${name}(${String(bad)})`);
});

test('a bigint outside [0, 2^63) is refused with range, never wrapped into a Snowflake', () => {
  for (const bad of NOT_SNOWFLAKES) {
    assert.throws(() => branded.encode('USR', bad), brandedError('range'), String(bad));
    assert.throws(() => branded.hash32(bad), brandedError('range'), String(bad));
    assert.throws(() => branded.unixMs(bad), brandedError('range'), String(bad));
    assert.throws(() => branded.streamId(bad), brandedError('range'), String(bad));
    const many = branded.encodeMany('USR', [bad, 5n]);
    assert.deepEqual(many.ids, [null, branded.encode('USR', 5n)], String(bad));
    assert.equal(many.refused, 1);
  }
  // 2^64 + 5 must not come out as the id of 5.
  assert.throws(() => branded.encode('USR', 2n ** 64n + 5n), brandedError('range'));
  // The namespace is still checked first.
  assert.throws(() => branded.encode('us', -1n), brandedError('namespace'));
});

test('millisecond, node and seq arguments must be integer numbers', () => {
  const takesInteger = {
    minFor: (x) => branded.minFor(x),
    'compose unixMs': (x) => branded.compose({ unixMs: x, node: 0, seq: 0 }),
    'compose node': (x) => branded.compose({ unixMs: 1781000000010, node: x, seq: 0 }),
    'compose seq': (x) => branded.compose({ unixMs: 1781000000010, node: 0, seq: x }),
    'streamWindow t0': (x) => branded.streamWindow(x, 10),
    'streamWindow t1': (x) => branded.streamWindow(0, x),
    'createMinter node': (x) => branded.createMinter({ namespace: 'JOB', node: x === undefined ? null : x }),
  };
  for (const [name, call] of Object.entries(takesInteger))
    for (const bad of NOT_INTEGERS) assert.throws(() => call(bad), TypeError, `${name}(${String(bad)})`);
});

test('integers out of range are refused by core with their class', () => {
  for (const ms of [-1, 0, 1704067199999, 3903090455552, 2 ** 53, 1e300, -1e300])
    assert.throws(() => branded.minFor(ms), brandedError('range'), String(ms));
  for (const node of [-1, 1024, 2 ** 32, 2 ** 40, 1e300])
    assert.throws(() => branded.compose({ unixMs: 1781000000010, node, seq: 0 }), brandedError('node'), String(node));
  for (const seq of [-1, 4096, 2 ** 32, 1e300])
    assert.throws(() => branded.compose({ unixMs: 1781000000010, node: 0, seq }), brandedError('range'), String(seq));
  for (const [t0, t1] of [
    [-1, 5],
    [5, 5],
    [6, 5],
    [0, 1e300],
    [-1e300, 5],
    [1e300, 1e301],
  ])
    assert.throws(() => branded.streamWindow(t0, t1), brandedError('range'), `${t0}, ${t1}`);
  for (const node of [-1, 1024, 2 ** 32, 1e300])
    assert.throws(() => branded.createMinter({ namespace: 'JOB', node }), brandedError('node'), String(node));
});

test('object arguments must be objects', () => {
  for (const bad of [undefined, null, 5, 'x', 5n]) {
    assert.throws(() => branded.compose(bad), TypeError);
    assert.throws(() => branded.createMinter(bad), TypeError);
  }
  assert.throws(() => branded.createMinter({}), TypeError);
});

test('batch arguments are checked', () => {
  for (const bad of [undefined, null, 5, 5n, {}, new Uint16Array(4), new Set([ID])])
    assert.throws(() => branded.parseMany(bad), TypeError);
  for (const bad of [5, undefined, null, {}, 5n, Symbol('x')])
    assert.throws(() => branded.parseMany([ID, bad]), TypeError);
  for (const bad of [undefined, null, 5, 'x', {}, new Uint32Array(2)])
    assert.throws(() => branded.encodeMany('USR', bad), TypeError);
  for (const bad of [null, 5, 'fields', true]) assert.throws(() => branded.parseMany([ID], bad), TypeError);
});

test('text is measured in UTF-8 bytes, whatever its characters', () => {
  assert.deepEqual(branded.parse('JOB0KHTOWnGLué'), { ok: false, error: 'length' }); // 14 chars, 15 bytes
  assert.deepEqual(branded.parse('JOB0KHTOWnGLé'), { ok: false, error: 'charset' }); // 13 chars, 14 bytes
  assert.deepEqual(branded.parse('JOB0KHTOWnGL\u{1F600}'), { ok: false, error: 'length' }); // 14 UTF-16 units, 16 bytes
  assert.deepEqual(branded.parse('JOB0KHTOWnGLu\uD800'), { ok: false, error: 'length' }); // lone surrogate: 3 bytes
  assert.deepEqual(branded.parse('JOB0KHTOWnGLu\u0000'), { ok: false, error: 'charset' });
  assert.deepEqual(branded.parse('JOB0KHTOWnGLuĀ'), { ok: false, error: 'length' }); // U+0100 must not be stored as byte 0
  assert.equal(branded.validQueue('café'), false);
  assert.throws(() => branded.encode('ÉUR', 1n), brandedError('namespace'));
  assert.equal(branded.errorOffset('JOB0KHTOWnGLé'), 12);
});

test('huge inputs are refused and the module keeps working (its memory grows, views follow)', () => {
  const huge = 'J'.repeat(8 * 1024 * 1024);
  assert.deepEqual(branded.parse(huge), { ok: false, error: 'length' });
  assert.throws(() => branded.jobKey(huge, ID), brandedError('queue'));
  assert.throws(() => branded.jobKey('orders', huge), brandedError('length'));
  assert.equal(branded.validQueue(huge), false);
  assert.equal(typeof branded.slot(huge), 'number');
  assert.equal(branded.parseMany(`${huge}\n${ID}`).errorAt(0), 'length');
  assert.deepEqual(branded.parse(ID).snowflake, SNOWFLAKE);
  assert.equal(branded.encode('USR', SNOWFLAKE), 'USR0KHTOWnGLuC');
});

test('errorOffset points at the first wrong byte', () => {
  assert.equal(branded.errorOffset(ID), -1);
  assert.equal(branded.errorOffset('job-42'), 0);
  assert.equal(branded.errorOffset('JoB0KHTOWnGLuC'), 1);
  assert.equal(branded.errorOffset('JOB0KHTOWnGL!C'), 12);
  assert.equal(branded.errorOffset('USRzzzzzzzzzzz'), 3);
});

test('BrandedError carries its code and a message naming the call', () => {
  try {
    branded.encode('USR', 2n ** 63n);
    assert.fail('encode accepted 2^63');
  } catch (error) {
    assert.ok(error instanceof branded.BrandedError);
    assert.ok(error instanceof Error);
    assert.equal(error.name, 'BrandedError');
    assert.equal(error.code, 'range');
    assert.match(error.message, /encode\("USR", 9223372036854775808n\) refused: range/);
  }
});

test('a namespace refusal says what to type instead', () => {
  assert.throws(() => branded.encode('usr', 5n), {
    code: 'namespace',
    message: 'encode("usr", 5n) refused: namespace (namespace must be uppercase: did you mean "USR"?)',
  });
  assert.throws(() => branded.createMinter({ namespace: 'JOBS' }), {
    code: 'namespace',
    message:
      'createMinter({namespace: "JOBS", node: 0}) refused: namespace (a namespace is exactly three letters A-Z, got 4 bytes)',
  });
});
