// parse() reaches the module by one of two paths: an id of 14 ASCII characters crosses as four 32-bit
// arguments, anything else as its UTF-8 bytes through the input area; parseMany's array form writes items
// into 16-byte slots. Each answer is held to an oracle written here from contract.md §1 (UTF-8 bytes; length,
// namespace, charset, range in that order), on inputs built so that a lost, misplaced or misjudged byte
// in any of the 14 positions, or a non-ASCII character let through as one byte, would show.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as branded from '../../wasm/index.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const EPOCH = 1704067200000n;
const encoder = new TextEncoder();

function oracle(id) {
  const bytes = encoder.encode(id);
  if (bytes.length !== 14) return { ok: false, error: 'length' };
  const namespace = String.fromCharCode(...bytes.subarray(0, 3));
  if (!/^[A-Z]{3}$/.test(namespace)) return { ok: false, error: 'namespace' };
  let snowflake = 0n;
  for (const byte of bytes.subarray(3)) {
    const digit = byte < 0x80 ? ALPHABET.indexOf(String.fromCharCode(byte)) : -1;
    if (digit < 0) return { ok: false, error: 'charset' };
    snowflake = snowflake * 62n + BigInt(digit);
  }
  if (snowflake >= 1n << 63n) return { ok: false, error: 'range' };
  return {
    ok: true,
    namespace,
    snowflake,
    unixMs: Number((snowflake >> 22n) + EPOCH),
    node: Number((snowflake >> 12n) & 1023n),
    seq: Number(snowflake & 4095n),
  };
}

const BASES = ['USR0KHTOWnGLuC', 'JOBzzzzzzzzzzz', 'ZZZAzL8n0Y58m7', 'AAA00000000000', 'QRS9aZ0zA1yB2x'];
// ASCII at the alphabet's edges, separators, control bytes, and characters that are not one UTF-8 byte.
const REPLACEMENTS = [
  '\0',
  '\n',
  '\r',
  ' ',
  '/',
  '0',
  '9',
  ':',
  '@',
  'A',
  'Z',
  '[',
  '`',
  'a',
  'z',
  '{',
  '\x7f',
  '\x80',
  'é',
  '\xff',
  '\u20ac',
  '\ud800',
  '\udc00',
  '\u{1f600}',
];

function variants() {
  const ids = [...BASES];
  for (const base of BASES) {
    for (let at = 0; at < 14; at++) for (const c of REPLACEMENTS) ids.push(base.slice(0, at) + c + base.slice(at + 1));
    ids.push(base.slice(0, 13), `${base}0`, base.slice(0, 12) + 'é', base.slice(1, 13) + 'é', '', base.toLowerCase());
  }
  return ids;
}

test('parse agrees with the oracle on every byte position, valid and malformed, ASCII or not', () => {
  for (const id of variants()) {
    const parsed = branded.parse(id);
    assert.deepEqual(parsed, oracle(id), JSON.stringify(id));
    assert.equal(branded.valid(id), parsed.ok, `valid(${JSON.stringify(id)})`);
  }
});

test('parseMany of an array agrees with parse on the same inputs, with holes and across chunks', () => {
  const ids = variants();
  const many = [...ids, ...ids, ...ids, ...ids, ...ids, ...ids, ...ids, ...ids, ...ids, ...ids];
  const parsed = branded.parseMany(many, { fields: true });
  assert.equal(parsed.count, many.length);
  many.forEach((id, i) => {
    const expected = oracle(id);
    assert.equal(parsed.errorAt(i), expected.ok ? null : expected.error, JSON.stringify(id));
    assert.equal(parsed.snowflake[i], expected.ok ? expected.snowflake : 0n);
    assert.equal(parsed.namespaceAt(i), expected.ok ? expected.namespace : null);
    if (expected.ok)
      assert.deepEqual(
        [parsed.unixMs[i], parsed.node[i], parsed.seq[i]],
        [expected.unixMs, expected.node, expected.seq],
      );
  });
  const holey = Object.assign(new Array(3), { 0: 'USR0KHTOWnGLuC', 2: 'USR0KHTOWnGLuC' });
  assert.throws(() => branded.parseMany(holey), TypeError);
  assert.throws(() => branded.parseMany(['USR0KHTOWnGLuC', { toString: () => 'USR0KHTOWnGLuC' }]), TypeError);
});
