// The explorer's scan in pieces (web/src/scan/scan-source.js) against the package's scan of the whole text
// at once: with pieces of every small size, every id at every piece boundary is found once, with the same
// offset, line and fields, and long runs of letters and digits split across pieces yield nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, scan, encode } from '@echomq/branded';
import { blobSource, bufferSource, scanSource, ScanCancelled } from '../../../web/src/scan/scan-source.js';
import { compose } from '../../e2e/support/snowflake.js';

await ready;

const idAt = (i) => encode(i % 2 ? 'JOB' : 'EVT', compose(1781000000000 + i, i % 1024, i % 4096));
// Ids between every kind of neighbour: separators, UTF-8, newlines, runs one byte too long, a long run.
const TEXT = [
  idAt(1),
  ` ${idAt(2)}\n`,
  `é${idAt(3)}→`,
  `x${idAt(4)}`,
  `${idAt(5)}x `,
  'USRzzzzzzzzzzz,',
  'usr0KHTOWnGLuC ',
  `${'a'.repeat(40)}\n`,
  `${idAt(6)}${idAt(7)} `,
  `\n\n${idAt(8)}\r\n`,
  `"${idAt(9)}"`,
].join('');
const BYTES = new TextEncoder().encode(TEXT);

const NAMES = ['snowflake', 'error', 'namespace', 'unixMs', 'node', 'seq', 'hash32', 'line'];
function rows(columns) {
  return Array.from({ length: columns.count }, (_, i) => [
    Number(columns.offset[i]),
    ...NAMES.map((name) => String(columns[name][i])),
  ]);
}
const whole = scan(BYTES, { fields: true });
const TEXT_OF = (offset) => new TextDecoder().decode(BYTES.subarray(offset, offset + 14));
const ids = (columns) =>
  Array.from({ length: columns.count }, (_, i) =>
    new TextDecoder().decode(columns.idBytes.subarray(i * 14, i * 14 + 14)),
  );

test('the whole scan finds the candidates the text was built with', () => {
  const found = Array.from({ length: whole.count }, (_, i) => TEXT_OF(whole.offset[i]));
  assert.deepEqual(found, [idAt(1), idAt(2), idAt(3), 'USRzzzzzzzzzzz', idAt(8), idAt(9)]);
});

test('every piece size from 1 to 64 bytes gives the whole scan, each candidate once with its bytes', async () => {
  const expected = rows(whole);
  const expectedIds = Array.from({ length: whole.count }, (_, i) => TEXT_OF(whole.offset[i]));
  for (let pieceBytes = 1; pieceBytes <= 64; pieceBytes += 1) {
    const columns = await scanSource(bufferSource(BYTES), { pieceBytes });
    assert.deepEqual(rows(columns), expected, `pieces of ${pieceBytes} bytes`);
    assert.deepEqual(ids(columns), expectedIds, `pieces of ${pieceBytes} bytes`);
    assert.equal(columns.refused, whole.refused);
  }
});

test('a Blob read piece by piece, progress after each piece up to its size', async () => {
  const seen = [];
  const columns = await scanSource(blobSource(new Blob([BYTES])), {
    pieceBytes: 7,
    onProgress: (done, total) => seen.push([done, total]),
  });
  assert.deepEqual(rows(columns), rows(whole));
  assert.equal(seen.length, Math.ceil(BYTES.length / 7));
  assert.deepEqual(seen.at(-1), [BYTES.length, BYTES.length]);
  assert.ok(seen.every(([done], i) => i === 0 || done > seen[i - 1][0]));
});

test('a cancelled scan stops with ScanCancelled', async () => {
  let reads = 0;
  await assert.rejects(
    scanSource(bufferSource(BYTES), { pieceBytes: 8, cancelled: () => (reads += 1) > 2 }),
    ScanCancelled,
  );
  assert.equal(reads, 3);
});

test('an empty source has no candidates', async () => {
  const columns = await scanSource(bufferSource(new ArrayBuffer(0)));
  assert.equal(columns.count, 0);
  assert.equal(columns.idBytes.length, 0);
});

// The result's columns are cut to the count. Where the size estimate was close they are views of the first
// slots (no copy of the whole result at the end); where it left a quarter or more unused, copies of them.
test('result columns: views of close estimates, copies of estimates a quarter or more too large', async () => {
  const even = new TextEncoder().encode(Array.from({ length: 50_000 }, (_, i) => `${idAt(i)}\n`).join(''));
  const close = await scanSource(bufferSource(even), { pieceBytes: 64 * 1024 });
  assert.equal(close.count, 50_000);
  assert.equal(close.snowflake.length, 50_000);
  assert.ok(close.snowflake.buffer.byteLength > 50_000 * 8, 'a view: the estimate slack travels with the buffer');
  assert.ok(close.snowflake.buffer.byteLength <= 50_000 * 8 * 1.25, `${close.snowflake.buffer.byteLength} bytes`);
  assert.equal(close.idBytes.length, 50_000 * 14);

  // Dense first piece, then a megabyte without an id: the estimate from the first piece is far too large.
  const dense = new TextEncoder().encode(
    `${Array.from({ length: 2_000 }, (_, i) => idAt(i)).join(' ')}${' '.repeat(1 << 20)}`,
  );
  const cut = await scanSource(bufferSource(dense), { pieceBytes: 32 * 1024 });
  assert.equal(cut.count, 2_000);
  for (const name of [...NAMES, 'idBytes', 'offset'])
    assert.equal(cut[name].buffer.byteLength, cut[name].byteLength, `${name}: a copy of the count's slots`);
  assert.deepEqual(ids(cut).slice(0, 3), [idAt(0), idAt(1), idAt(2)]);
});
