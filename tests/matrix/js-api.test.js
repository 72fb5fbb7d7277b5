// The bad-input matrix through the JS API (@echomq/branded): every malformed case gets its typed answer
// ({ok:false, error} or a BrandedError with .code), every wrong type a TypeError, and the module keeps
// answering correctly afterwards.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { asText, bytesOf, CASES, failures, family, parseError, surfacePresent, VALID_ID } from './support.js';

const present = surfacePresent('JS API (wasm/index.js)', 'wasm/index.js', 'wasm/dist/branded-wasm.js');
const b = present ? await import('../../wasm/index.js') : null;

// The code of the BrandedError fn throws, or a description of what happened instead.
function refusal(fn) {
  try {
    return `no error: returned ${String(fn())}`;
  } catch (error) {
    return error instanceof b.BrandedError ? error.code : `${error?.name}: ${error?.message}`;
  }
}

function wrongTypeAnswer(fn) {
  try {
    fn();
    return 'no error';
  } catch (error) {
    return error instanceof TypeError ? null : `${error?.name}: ${error?.message}`;
  }
}

function stillWorks() {
  const parsed = b.parse(VALID_ID);
  assert.equal(parsed.ok, true);
  assert.equal(parsed.snowflake, 274557032793636864n);
}

const jobPrefix = (bytes) => bytes.length >= 3 && bytes.subarray(0, 3).toString('latin1') === 'JOB';

describe('bad-input matrix: JS API', { skip: !present && 'the wasm package is not built yet' }, () => {
  it('has at least 200 malformed cases', (t) => {
    assert.ok(CASES.length >= 200, `${CASES.length} cases`);
    t.diagnostic(`${CASES.length} listed cases`);
  });

  it('malformed ids: parse, valid, errorOffset, gate, jobKey, parseMany (array, text, bytes)', () => {
    const broken = failures(family('id'), (c) => {
      const { text, bytes } = asText(c);
      const expected = parseError(bytes);
      const parsed = b.parse(text);
      if (parsed.ok !== false || parsed.error !== expected)
        return `parse → ${JSON.stringify(parsed)}, want ${expected}`;
      if (b.valid(text) !== false) return 'valid → true';
      const offset = b.errorOffset(text);
      if (!(offset >= 0 && offset < Math.max(bytes.length, 1))) return `errorOffset → ${offset}`;
      if (b.gate(text).admitted !== jobPrefix(bytes)) return `gate → ${JSON.stringify(b.gate(text))}`;
      const code = refusal(() => b.jobKey('orders', text));
      if (code !== expected) return `jobKey → ${code}, want ${expected}`;
      const many = b.parseMany([text]);
      if (many.count !== 1 || many.refused !== 1 || many.errorAt(0) !== expected || many.snowflake[0] !== 0n)
        return `parseMany([id]) → ${many.errorAt(0)}`;
      // The raw bytes, exactly as listed (also the ones that are not UTF-8), as one line.
      const raw = bytesOf(c);
      if (!raw.includes(0x0a) && raw.length > 0 && raw[raw.length - 1] !== 0x0d) {
        const lines = b.parseMany(new Uint8Array(raw));
        if (lines.count !== 1 || lines.errorAt(0) !== c.error || lines.length[0] !== raw.length)
          return `parseMany(bytes) → ${lines.count} lines, ${lines.errorAt(0)}, want ${c.error}`;
      }
      return null;
    });
    assert.deepEqual(broken, []);
    stillWorks();
  });

  it('malformed queue names: jobKey, queueKey, pendingKey, validQueue', () => {
    const broken = failures(family('queue'), (c) => {
      const { text } = asText(c);
      if (b.validQueue(text)) return 'validQueue → true';
      for (const [what, fn] of [
        ['jobKey', () => b.jobKey(text, VALID_ID)],
        ['jobKey(bad id)', () => b.jobKey(text, 'JOB-42')],
        ['queueKey', () => b.queueKey(text, 'pending')],
        ['pendingKey', () => b.pendingKey(text)],
      ]) {
        const code = refusal(fn);
        if (code !== 'queue') return `${what} → ${code}`;
      }
      const slot = b.slot(text);
      return slot >= 0 && slot < 16384 ? null : `slot → ${slot}`;
    });
    assert.deepEqual(broken, []);
    stillWorks();
  });

  it('malformed stream entry ids: parseEntryId', () => {
    const broken = failures(family('entry_id'), (c) => {
      const code = refusal(() => b.parseEntryId(asText(c).text));
      return code === 'entry_id' ? null : `parseEntryId → ${code}`;
    });
    assert.deepEqual(broken, []);
  });

  it('malformed namespaces: encode, encodeMany, createMinter', () => {
    const broken = failures(family('namespace'), (c) => {
      const { text } = asText(c);
      for (const [what, fn] of [
        ['encode', () => b.encode(text, 274557032793636864n)],
        ['encode(2^63)', () => b.encode(text, 1n << 63n)], // namespace before range
        ['createMinter', () => b.createMinter({ namespace: text, node: 0 })],
      ]) {
        const code = refusal(fn);
        if (code !== 'namespace') return `${what} → ${code}`;
      }
      const many = b.encodeMany(text, [274557032793636864n]);
      if (many.refused !== 1 || many.ids[0] !== null) return `encodeMany → ${JSON.stringify(many.ids)}`;
      return null;
    });
    assert.deepEqual(broken, []);
  });

  it('Snowflakes of 2^63 and above (and below 0, and past 2^64): encode, encodeMany, hash32, streamId', () => {
    const values = [...family('snowflake').map((c) => BigInt(c.value)), 1n << 64n, (1n << 64n) + 5n, -1n, -(1n << 63n)];
    const broken = failures(
      values.map((v) => ({ name: String(v), v })),
      ({ v }) => {
        for (const [what, fn] of [
          ['encode', () => b.encode('JOB', v)],
          ['hash32', () => b.hash32(v)],
          ['unixMs', () => b.unixMs(v)],
          ['streamId', () => b.streamId(v)],
        ]) {
          const code = refusal(fn);
          if (code !== 'range') return `${what} → ${code}`;
        }
        const many = b.encodeMany('JOB', [v]);
        return many.refused === 1 && many.ids[0] === null ? null : `encodeMany → ${JSON.stringify(many.ids)}`;
      },
    );
    assert.deepEqual(broken, []);
  });

  it('nodes outside 0-1023 (including ones a 32-bit conversion would wrap into range): createMinter, compose', () => {
    const nodes = [...family('node').map((c) => c.value), -1, 2 ** 32, 2 ** 32 + 7, 2 ** 53 - 1, -(2 ** 31)];
    const broken = failures(
      nodes.map((n) => ({ name: String(n), n })),
      ({ n }) => {
        const minted = refusal(() => b.createMinter({ namespace: 'JOB', node: n }));
        if (minted !== 'node') return `createMinter → ${minted}`;
        const composed = refusal(() => b.compose({ unixMs: 1781000000000, node: n, seq: 0 }));
        return composed === 'node' ? null : `compose → ${composed}`;
      },
    );
    assert.deepEqual(broken, []);
  });

  it('instants outside the horizon: minFor, compose', () => {
    const broken = failures(family('clock'), (c) => {
      const code = refusal(() => b.minFor(c.value));
      if (code !== 'range') return `minFor → ${code}`;
      const composed = refusal(() => b.compose({ unixMs: c.value, node: 0, seq: 0 }));
      return composed === 'range' ? null : `compose → ${composed}`;
    });
    assert.deepEqual(broken, []);
  });

  it('empty or reversed windows: streamWindow', () => {
    const broken = failures(family('window'), (c) => {
      const code = refusal(() => b.streamWindow(c.t0, c.t1));
      return code === 'range' ? null : `streamWindow → ${code}`;
    });
    assert.deepEqual(broken, []);
  });

  // ---- wrong types: a TypeError before anything reaches the module ----
  const anything = () => [
    undefined,
    null,
    true,
    14,
    14.5,
    NaN,
    Infinity,
    14n,
    {},
    [],
    Symbol('id'),
    () => VALID_ID,
    new Date(0),
    /JOB/,
  ];
  const notText = () => [
    ...anything(),
    [VALID_ID],
    new String(VALID_ID),
    Buffer.from(VALID_ID),
    new Uint8Array(14),
    { toString: () => VALID_ID },
  ];
  const notBigint = () => [
    ...anything().filter((v) => typeof v !== 'bigint'),
    274557032793636864,
    '274557032793636864',
    Object(14n),
  ];
  const notInteger = () => [...anything().filter((v) => !Number.isInteger(v)), '5', 5n, new Number(5), -Infinity, 1e-9];
  const notObject = () => [undefined, null, 'JOB', 5, 5n, true, Symbol('o')];

  const entryPoints = [
    ...['parse', 'valid', 'errorOffset', 'gate', 'validQueue', 'slot', 'parseEntryId', 'pendingKey'].map((name) => [
      name,
      notText,
      (v) => b[name](v),
    ]),
    ['jobKey(queue)', notText, (v) => b.jobKey(v, VALID_ID)],
    ['jobKey(id)', notText, (v) => b.jobKey('orders', v)],
    ['queueKey(queue)', notText, (v) => b.queueKey(v, 'pending')],
    ['queueKey(type)', notText, (v) => b.queueKey('orders', v)],
    ['encode(namespace)', notText, (v) => b.encode(v, 1n)],
    ['encode(snowflake)', notBigint, (v) => b.encode('JOB', v)],
    ['encodeMany(namespace)', notText, (v) => b.encodeMany(v, [1n])],
    ['encodeMany(item)', notBigint, (v) => b.encodeMany('JOB', [v])],
    ['createMinter(namespace)', notText, (v) => b.createMinter({ namespace: v })],
    // node is optional (default 0): undefined is its absence, not a wrong type.
    [
      'createMinter(node)',
      () => notInteger().filter((v) => v !== undefined),
      (v) => b.createMinter({ namespace: 'JOB', node: v }),
    ],
    ['createMinter(options)', notObject, (v) => b.createMinter(v)],
    ['compose(fields)', notObject, (v) => b.compose(v)],
    ['compose(unixMs)', notInteger, (v) => b.compose({ unixMs: v, node: 0, seq: 0 })],
    ['compose(node)', notInteger, (v) => b.compose({ unixMs: 1781000000000, node: v, seq: 0 })],
    ['compose(seq)', notInteger, (v) => b.compose({ unixMs: 1781000000000, node: 0, seq: v })],
    ['minFor', notInteger, (v) => b.minFor(v)],
    ['streamWindow(t0)', notInteger, (v) => b.streamWindow(v, 10)],
    ['streamWindow(t1)', notInteger, (v) => b.streamWindow(0, v)],
    ...['hash32', 'unixMs', 'streamId'].map((name) => [name, notBigint, (v) => b[name](v)]),
    [
      'parseMany(input)',
      () => anything().filter((v) => !Array.isArray(v) && typeof v !== 'string'),
      (v) => b.parseMany(v),
    ],
    ['parseMany(item)', notText, (v) => b.parseMany([VALID_ID, v])],
  ];

  it('wrong types: a TypeError from every entry point, and nothing changes', (t) => {
    let count = 0;
    const broken = [];
    for (const [name, values, call] of entryPoints)
      for (const value of values()) {
        count++;
        const problem = wrongTypeAnswer(() => call(value));
        if (problem)
          broken.push(`${name}(${typeof value === 'symbol' ? 'Symbol' : typeof value}: ${safe(value)}) → ${problem}`);
      }
    assert.deepEqual(broken, []);
    assert.ok(count >= 200, `${count} wrong-type calls`);
    t.diagnostic(`${count} wrong-type calls over ${entryPoints.length} entry points`);
    stillWorks();
  });
});

function safe(value) {
  try {
    return typeof value === 'bigint' ? `${value}n` : (JSON.stringify(value) ?? String(value));
  } catch {
    return typeof value;
  }
}
