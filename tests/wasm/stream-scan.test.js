// createScanner(): the streaming scan against the whole-text scan() and the oracle (scan-oracle.js), with the
// stream cut at every small piece size and at seeded random places, and its misuse errors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runInNewContext } from 'node:vm';

import { ID_LENGTH, createScanner, encode, parseMany, scan, unpackNamespace } from '../../wasm/index.js';
import { generatedLog } from './scan-log.js';
import { oracle } from './scan-oracle.js';

const encoder = new TextEncoder();
const latin1 = (bytes) => Buffer.from(bytes).toString('latin1');

// Every candidate of a result as one row: where it is, what it parsed to, and its bytes when kept.
function rows(result) {
  return Array.from({ length: result.count }, (_, i) => ({
    offset: result.offset[i],
    line: result.line[i],
    error: result.errorAt(i),
    namespace: result.namespaceAt(i),
    snowflake: result.snowflake[i],
    unixMs: result.unixMs?.[i],
    node: result.node?.[i],
    seq: result.seq?.[i],
    hash32: result.hash32?.[i],
    ...(result.idBytes ? { id: latin1(result.idBytes.subarray(i * ID_LENGTH, (i + 1) * ID_LENGTH)) } : {}),
  }));
}

// Streams `bytes` through one scanner, cut before each offset in `cuts`; each piece is copied into one reused
// buffer that the next piece overwrites, as a file reader does. → {rows, refused, pushes}
function streamed(bytes, cuts, options = { fields: true, idBytes: true }) {
  const scanner = createScanner(options);
  const reused = new Uint8Array(bytes.length);
  const found = [];
  let refused = 0;
  const take = (result) => {
    assert.ok(result.offset instanceof Float64Array && result.line instanceof Float64Array);
    found.push(...rows(result));
    refused += result.refused;
  };
  let from = 0;
  for (const to of [...cuts, bytes.length]) {
    const piece = reused.subarray(0, to - from);
    piece.set(bytes.subarray(from, to));
    take(scanner.push(piece));
    piece.fill(0x41); // the scanner keeps nothing of what it was pushed
    from = to;
  }
  take(scanner.end());
  return { rows: found, refused };
}

const evenCuts = (length, size) => Array.from({ length: Math.ceil(length / size) - 1 }, (_, k) => (k + 1) * size);

function seededCuts(length, seed, mostBytes) {
  let state = seed;
  const cuts = [];
  for (let at = 0; ;) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    at += 1 + (state % mostBytes);
    if (at >= length) return cuts;
    cuts.push(at);
  }
}

// The whole-text scan's rows with each candidate's bytes read from the text, to compare a scanner's with.
function wholeRows(bytes) {
  return rows(scan(bytes, { fields: true })).map((row) => ({
    ...row,
    id: latin1(bytes.subarray(row.offset, row.offset + ID_LENGTH)),
  }));
}

// The oracle's view of a row (or of its own hits).
const oracleRows = (found) =>
  found.map(({ offset, line, id, error, snowflake }) => ({ offset, line, id, error, snowflake }));

const SMALL = encoder.encode(generatedLog(400, 7));
const id = (i) => encode(i % 2 ? 'JOB' : 'EVT', BigInt(1781000000000 + i) << 22n);
// Ids against every kind of neighbour: separators, UTF-8, CRLF, letters on either side, runs of 15 and 40.
const NEIGHBOURS = encoder.encode(
  [
    id(1),
    ` ${id(2)}\r\n`,
    `é${id(3)}→`,
    `x${id(4)}`,
    `${id(5)}x `,
    'USRzzzzzzzzzzz,',
    'usr0KHTOWnGLuC ',
    `${'a'.repeat(40)}\n`,
    `${id(6)}${id(7)} `,
    `\n\n${id(8)}\r\n`,
    `"${id(9)}"`,
    id(10),
  ].join(''),
);

test('the scanner agrees with the oracle and with scan() of the whole text', () => {
  const expected = wholeRows(SMALL);
  assert.ok(expected.length > 50);
  assert.deepEqual(oracleRows(expected), oracleRows(oracle(SMALL)));
  assert.deepEqual(streamed(SMALL, []).rows, expected);
});

test('every piece size from 1 to 64 bytes gives the whole-text scan', () => {
  for (const bytes of [SMALL, NEIGHBOURS]) {
    const expected = wholeRows(bytes);
    const refused = scan(bytes).refused;
    for (let size = 1; size <= 64; size++) {
      const result = streamed(bytes, evenCuts(bytes.length, size));
      assert.deepEqual(result.rows, expected, `pieces of ${size} bytes`);
      assert.equal(result.refused, refused, `pieces of ${size} bytes`);
    }
  }
});

test('a cut at every place, and two cuts around every candidate, give the whole-text scan', () => {
  const expected = wholeRows(NEIGHBOURS);
  assert.deepEqual(
    expected.map((row) => row.id),
    [id(1), id(2), id(3), 'USRzzzzzzzzzzz', id(8), id(9), id(10)],
  );
  for (let cut = 0; cut <= NEIGHBOURS.length; cut++)
    assert.deepEqual(streamed(NEIGHBOURS, [cut]).rows, expected, `cut at ${cut}`);
  for (const { offset } of expected)
    for (let first = offset - 2; first <= offset + ID_LENGTH + 1; first++)
      for (let second = first; second <= offset + ID_LENGTH + 2; second++) {
        const cuts = [first, second].filter((at) => at >= 0 && at <= NEIGHBOURS.length);
        assert.deepEqual(streamed(NEIGHBOURS, cuts).rows, expected, `cuts at ${cuts}`);
      }
});

test('a large log at seeded random cuts, past the module area and candidate capacity, gives the whole-text scan', () => {
  const bytes = encoder.encode(generatedLog(120000, 3));
  assert.ok(bytes.length > 4 * 262144);
  const expected = wholeRows(bytes);
  assert.deepEqual(oracleRows(expected), oracleRows(oracle(bytes)));
  for (const [seed, mostBytes] of [
    [1, 64],
    [2, 70000],
    [3, 1 << 20],
  ])
    assert.deepEqual(streamed(bytes, seededCuts(bytes.length, seed, mostBytes)).rows, expected, `seed ${seed}`);
  const dense = encoder.encode(`${id(1)} `.repeat(40000)); // more than one module call's 16,384 candidates
  const denseFound = streamed(dense, [dense.length >> 1]);
  assert.equal(denseFound.rows.length, 40000);
  assert.equal(denseFound.rows[39999].offset, 39999 * 15);
});

test('without options a scanner gives the basic columns, and a push may be empty', () => {
  const scanner = createScanner();
  assert.equal(scanner.push(new Uint8Array(0)).count, 0);
  const first = scanner.push(NEIGHBOURS.subarray(0, 20));
  assert.equal(first.count, 1);
  assert.equal(first.unixMs, undefined);
  assert.equal(first.idBytes, undefined);
  assert.equal(scanner.push(NEIGHBOURS.subarray(20)).count, 5); // the last id waits: a letter may follow
  assert.equal(scanner.end().count, 1);
});

test('two scanners at once keep their own streams', () => {
  const one = createScanner({ idBytes: true });
  const two = createScanner({ idBytes: true });
  const a = encoder.encode(`${id(1)} x ${id(3)}`);
  const b = encoder.encode(`.. ${id(2)}\n${id(4)}y ${id(6)}`);
  const ids = (result) => latin1(result.idBytes);
  assert.equal(ids(one.push(a.subarray(0, 5))), '');
  assert.equal(ids(two.push(b.subarray(0, 9))), '');
  assert.equal(ids(one.push(a.subarray(5, 20))), id(1));
  assert.equal(ids(two.push(b.subarray(9))), id(2));
  assert.equal(ids(one.push(a.subarray(20))), '');
  const rest = two.end();
  assert.equal(ids(rest), id(6));
  assert.deepEqual([rest.offset[0], rest.line[0]], [b.length - 14, 2]);
  assert.equal(ids(one.end()), id(3));
});

test('offsets past 4 GiB and lines are counted exactly across pushes', () => {
  const piece = new Uint8Array(64 << 20).fill(0x0a); // 64 MiB of newlines
  const pieces = 65; // 65 × 64 MiB = 4 GiB + 64 MiB
  const scanner = createScanner({ idBytes: true });
  const head = encoder.encode(`${id(1)} `);
  assert.equal(scanner.push(head).count, 1);
  for (let k = 0; k < pieces; k++) assert.equal(scanner.push(piece).count, 0);
  const tail = encoder.encode(` ${id(2)}`);
  assert.equal(scanner.push(tail).count, 0);
  const last = scanner.end();
  const before = head.length + pieces * piece.length;
  assert.ok(before + 1 > 2 ** 32);
  assert.deepEqual([last.count, last.offset[0], last.line[0]], [1, before + 1, 1 + pieces * piece.length]);
  assert.equal(latin1(last.idBytes), id(2));
});

test('misuse is a TypeError naming the fix, and changes nothing', () => {
  const scanner = createScanner();
  assert.throws(() => scanner.push(id(1)), { name: 'TypeError', message: /Uint8Array.*TextEncoder/ });
  assert.throws(() => scanner.push(new ArrayBuffer(4)), {
    name: 'TypeError',
    message: /got an ArrayBuffer: new Uint8Array\(buffer\) wraps a buffer/,
  });
  assert.throws(() => scanner.push(new Uint16Array(4)), /got a Uint16Array/);
  assert.throws(() => scanner.push(), /got undefined/);
  assert.throws(() => scanner.push({ [Symbol.toStringTag]: 'Uint8Array', length: 1 }), /got an Object/);
  assert.throws(() => createScanner('fields'), TypeError);
  const after = scanner.push(encoder.encode(`${id(1)} `)); // refused pushes took nothing in
  assert.deepEqual([after.count, after.offset[0], after.line[0]], [1, 0, 1]);
  assert.equal(scanner.end().count, 0);
  assert.throws(() => scanner.push(new Uint8Array(1)), { name: 'TypeError', message: /after end\(\).*createScanner/ });
  assert.throws(() => scanner.end(), { name: 'TypeError', message: /after end\(\)/ });
});

test("a Uint8Array of another realm is bytes too (an iframe's, a vm context's), to a scanner, scan and parseMany", () => {
  const foreign = runInNewContext(`new Uint8Array([${encoder.encode(` ${id(1)} `)}])`);
  assert.ok(!(foreign instanceof Uint8Array));
  const scanner = createScanner();
  assert.equal(scanner.push(foreign).count, 1);
  assert.equal(scanner.end().count, 0);
  assert.equal(scan(foreign).count, 1);
  assert.equal(parseMany(runInNewContext(`new Uint8Array([${encoder.encode(id(1))}])`)).count, 1);
});

test('unpackNamespace reads a namespace column as namespaceAt does', () => {
  const result = scan(`${id(1)} ${id(2)} JOBzzzzzzzzzzz`);
  for (let i = 0; i < result.count; i++) assert.equal(unpackNamespace(result.namespace[i]), result.namespaceAt(i));
  assert.deepEqual([unpackNamespace(result.namespace[0]), unpackNamespace(result.namespace[1])], ['JOB', 'EVT']);
  assert.equal(unpackNamespace(0), null);
  for (const bad of [-1, 2 ** 24, 1.5, '4870978', 4870978n, undefined])
    assert.throws(() => unpackNamespace(bad), { name: 'TypeError', message: /namespace column/ });
});
