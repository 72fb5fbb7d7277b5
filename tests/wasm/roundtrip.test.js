// 5,000 random round trips, each checked against a small pure-JS BigInt oracle written here from docs/contract.md
// §1-§3 and §6 (independent of the wasm path).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as branded from '../../wasm/index.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const EPOCH = 1704067200000n;
const MASK64 = (1n << 64n) - 1n;

const oracle = {
  encode(namespace, snowflake) {
    let digits = '';
    for (let v = snowflake, i = 0; i < 11; i++, v /= 62n) digits = ALPHABET[Number(v % 62n)] + digits;
    return namespace + digits;
  },
  decode(id) {
    let v = 0n;
    for (const c of id.slice(3)) v = v * 62n + BigInt(ALPHABET.indexOf(c));
    return v;
  },
  hash32(k) {
    k ^= k >> 33n;
    k = (k * 0xff51afd7ed558ccdn) & MASK64;
    k ^= k >> 33n;
    return Number(k & 0xffffffffn);
  },
  unixMs: (s) => Number((s >> 22n) + EPOCH),
  node: (s) => Number((s >> 12n) & 1023n),
  seq: (s) => Number(s & 4095n),
  streamId: (s) => `${(s >> 22n) + EPOCH}-${s & 0x3fffffn}`,
};

// A seeded xorshift64* so a failure can be reproduced.
function random(seed) {
  let x = BigInt(seed) | 1n;
  return () => {
    x ^= x >> 12n;
    x ^= (x << 25n) & MASK64;
    x ^= x >> 27n;
    return (x * 0x2545f4914f6cdd1dn) & MASK64;
  };
}

test('5,000 random (namespace, Snowflake) round trips agree with the oracle', () => {
  const next = random(0x5eed);
  for (let i = 0; i < 5000; i++) {
    const r = next();
    // Mix the full 63-bit range with small values and values near the top.
    const snowflake = i % 3 === 0 ? r >> 1n : i % 3 === 1 ? r >> BigInt(1 + (i % 62)) : (1n << 63n) - 1n - (r >> 40n);
    const namespace = String.fromCharCode(
      65 + Number(r % 26n),
      65 + Number((r >> 8n) % 26n),
      65 + Number((r >> 16n) % 26n),
    );
    const id = branded.encode(namespace, snowflake);
    assert.equal(id, oracle.encode(namespace, snowflake), `encode ${namespace} ${snowflake}`);
    assert.equal(oracle.decode(id), snowflake);
    const parsed = branded.parse(id);
    assert.deepEqual(parsed, {
      ok: true,
      namespace,
      snowflake,
      unixMs: oracle.unixMs(snowflake),
      node: oracle.node(snowflake),
      seq: oracle.seq(snowflake),
    });
    assert.equal(branded.hash32(snowflake), oracle.hash32(snowflake));
    assert.equal(branded.streamId(snowflake), oracle.streamId(snowflake));
    assert.equal(branded.parseEntryId(oracle.streamId(snowflake)).snowflake, snowflake);
  }
});

test('any payload above AzL8n0Y58m7 is refused with range, never wrapped', () => {
  const next = random(0xbad);
  for (let i = 0; i < 1000; i++) {
    const over = (1n << 63n) + (next() % (62n ** 11n - (1n << 63n)));
    const id = oracle.encode('USR', over);
    assert.deepEqual(branded.parse(id), { ok: false, error: 'range' }, id);
    assert.throws(() => branded.encode('USR', over), { code: 'range' });
  }
});

test('byte order is numeric order within a namespace', () => {
  const next = random(7);
  const values = Array.from({ length: 2000 }, () => next() >> 1n).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const ids = values.map((v) => branded.encode('JOB', v));
  for (let i = 1; i < ids.length; i++) assert.ok(ids[i - 1] <= ids[i]);
});
