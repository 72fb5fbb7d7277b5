// The Decode panel's export (the rows core writes through @echomq/branded/export, web/src/scan/export-source.js
// over decode-rows.js's columns, as the scan worker runs it) read back as a CSV or JSON reader would: each valid vector's fields as tests/vectors/valid.json states them, each refusal's class, a pasted
// line that needs quoting or escaping given back exactly, Snowflakes as plain digits unless a spreadsheet asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ready } from '@echomq/branded';
import { decodedScan, decodeText } from '../../../web/src/panels/decode/decode-rows.js';
import { bufferSource, scanSource } from '../../../web/src/scan/scan-source.js';
import { EXPORT_SLICE, exportBlob } from '../../../web/src/scan/export-source.js';

await ready;
const vectors = (name) => JSON.parse(readFileSync(new URL(`../../vectors/${name}.json`, import.meta.url), 'utf8'));
const valid = vectors('valid');
const invalid = vectors('invalid').filter((v) => !/[\n\r]/.test(v.id));
const every = (decoded) => Uint32Array.from({ length: decoded.count }, (_, i) => i);
const exported = async (decoded, format, options) =>
  (await exportBlob(decoded.exportColumns(), every(decoded), { format, ...options })).text();

// A CSV line's cells, quotes undone (RFC 4180).
function cells(line) {
  const out = [];
  let cell = '';
  let quoted = false;
  for (let k = 0; k < line.length; k += 1) {
    const ch = line[k];
    if (quoted && ch === '"' && line[k + 1] === '"') ((cell += '"'), (k += 1));
    else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) (out.push(cell), (cell = ''));
    else cell += ch;
  }
  return [...out, cell];
}

test('JSON: every valid vector’s fields and every refusal’s class, line by line', async () => {
  const decoded = decodeText([...valid, ...invalid].map((v) => v.id).join('\n'));
  const rows = JSON.parse(await exported(decoded, 'json'));
  assert.equal(rows.length, valid.length + invalid.length);
  valid.forEach((v, k) => {
    const { line, ...fields } = rows[k];
    assert.equal(line, k + 1);
    assert.deepEqual(fields, {
      id: v.id,
      ok: true,
      namespace: v.namespace,
      snowflake: v.snowflake,
      unixMs: v.unixMs,
      iso: v.iso,
      node: v.node,
      seq: v.seq,
      hash32: v.hash32,
      streamId: v.streamId,
    });
  });
  invalid.forEach((v, k) => {
    assert.deepEqual(rows[valid.length + k], { line: valid.length + k + 1, id: v.id, ok: false, error: v.error });
  });
});

test('CSV: a header, plain digits by default, ="…" for a spreadsheet, refused rows with their class', async () => {
  const decoded = decodeText([...valid, ...invalid].map((v) => v.id).join('\n'));
  const plain = (await exported(decoded, 'csv')).split('\n');
  const sheet = (await exported(decoded, 'csv', { spreadsheet: true })).split('\n');
  assert.equal(plain[0], 'line,offset,id,ok,error,namespace,snowflake,unixMs,iso,node,seq,hash32,streamId');
  assert.equal(plain.length, valid.length + invalid.length + 2, 'a header, a row per id, the final newline');
  valid.forEach((v, k) => {
    const row = [String(k + 1), '', v.id, 'true', '', v.namespace, v.snowflake, v.unixMs, v.iso, v.node, v.seq];
    assert.deepEqual(cells(plain[k + 1]), [...row, v.hash32, v.streamId].map(String));
    assert.ok(sheet[k + 1].includes(`,${v.namespace},="${v.snowflake}",${v.unixMs},`), sheet[k + 1]);
  });
  invalid.forEach((v, k) => {
    assert.deepEqual(cells(plain[valid.length + k + 1]).slice(0, 5), [
      String(valid.length + k + 1),
      '',
      v.id,
      'false',
      v.error,
    ]);
  });
});

test('a pasted line with quotes, commas, a backslash, a BOM or UTF-8 comes back exactly', async () => {
  const lines = ['JOB,"x"', 'JOB\\x', '\uFEFFJOB0KHTOWnGLuC', 'été JOB', '', ' JOB0KHTOWnGLuC'];
  const decoded = decodeText(lines.join('\n'));
  const rows = JSON.parse(await exported(decoded, 'json'));
  assert.deepEqual(
    rows.map((r) => r.id),
    lines,
  );
  const csv = (await exported(decoded, 'csv')).split('\n').slice(1, -1);
  assert.deepEqual(
    csv.map((line) => cells(line)[2]),
    lines,
  );
});

test('a scan of 200,000 lines: offsets, lines and ids as the scan found them, every row once', async () => {
  assert.ok(200_000 > 3 * EXPORT_SLICE, 'the rows span several slices');
  const ids = Array.from({ length: 200_000 }, (_, i) =>
    i % 1000 === 7 ? 'USRzzzzzzzzzzz' : valid[i % valid.length].id,
  );
  const text = ids.map((id, i) => `${i} job=${id} done`).join('\n');
  const columns = await scanSource(bufferSource(new TextEncoder().encode(text).buffer), {});
  const decoded = decodedScan(columns, 0, 'a log');
  const lines = (await exported(decoded, 'csv')).split('\n');
  assert.equal(lines.length, ids.length + 2);
  let offset = 0;
  for (let i = 0; i < ids.length; i += 1) {
    const prefix = `${i} job=`;
    const row = cells(lines[i + 1]);
    assert.deepEqual(row.slice(0, 4), [
      String(i + 1),
      String(offset + prefix.length),
      ids[i],
      String(ids[i] !== 'USRzzzzzzzzzzz'),
    ]);
    offset += `${prefix}${ids[i]} done\n`.length;
  }
  const json = JSON.parse(await exported(decoded, 'json'));
  assert.equal(json.length, ids.length);
  assert.deepEqual(json[7], { line: 8, offset: json[7].offset, id: 'USRzzzzzzzzzzz', ok: false, error: 'range' });
});

test('an empty batch: the header alone, an empty array', async () => {
  const none = decodedScan(await scanSource(bufferSource(new ArrayBuffer(0)), {}), 0, 'nothing');
  assert.equal(
    await exported(none, 'csv'),
    'line,offset,id,ok,error,namespace,snowflake,unixMs,iso,node,seq,hash32,streamId\n',
  );
  assert.deepEqual(JSON.parse(await exported(none, 'json')), []);
});

test('the rows of an order, in its order; a cancel stops between slices with ExportCancelled', async () => {
  const decoded = decodeText(valid.map((v) => v.id).join('\n'));
  const csv = await (await exportBlob(decoded.exportColumns(), Uint32Array.of(2, 0), { format: 'csv' })).text();
  assert.deepEqual(
    csv
      .split('\n')
      .slice(1, -1)
      .map((line) => cells(line)[2]),
    [valid[2].id, valid[0].id],
  );
  const many = decodeText(Array.from({ length: 3 * EXPORT_SLICE }, () => valid[0].id).join('\n'));
  let slices = 0;
  await assert.rejects(
    exportBlob(many.exportColumns(), every(many), {
      format: 'json',
      onProgress: () => (slices += 1),
      cancelled: () => true,
    }),
    { name: 'ExportCancelled' },
  );
  assert.equal(slices, 1);
});
