// docs/contract.md against tests/vectors/: every vector table of the page is the rows of its file, row for row,
// cell for cell, rebuilt here from the JSON (so a vector changed in one place and not the other fails), and the
// error-class table lists the package's ERROR_CODES.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@echomq/branded';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGE = readFileSync(join(ROOT, 'docs/contract.md'), 'utf8');
const vectors = (file) => JSON.parse(readFileSync(join(ROOT, 'tests/vectors', file), 'utf8'));

// A string as the page writes it in code: as it is, or as JSON when it is empty or has a byte outside ! to ~.
const code = (text) => `\`${text === '' || /[^\x21-\x7e]/.test(text) ? JSON.stringify(text) : text}\``;
const error = (name) => `error \`${name}\``;
const or = (row, value) => (row.error ? error(row.error) : value);
const bytes = (text) => String(Buffer.byteLength(text));

// explain.json's and instant.json's inputs: as they are, or as JSON with every byte outside ! to ~ escaped (a BOM,
// a tab would be invisible); messages are printable ASCII, shown as they are.
const input = (text) =>
  text !== '' && !/[^\x21-\x7e]/.test(text)
    ? `\`${text}\``
    : `\`${JSON.stringify(text).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\``;
const words = (text) => `\`${text}\``;

// What each table is made of: the file (and key) its heading or label names → one row of cells per vector.
const TABLES = {
  'valid.json': (v) => [
    v.name,
    code(v.id),
    v.namespace,
    v.snowflake,
    String(v.unixMs),
    v.iso,
    String(v.node),
    String(v.seq),
    String(v.hash32),
    v.streamId,
  ],
  'invalid.json': (v) => [v.name, code(v.id), bytes(v.id), `\`${v.error}\``, v.description ?? ''],
  'encode.json': (v) => [v.name, code(v.namespace), v.snowflake, or(v, code(v.id ?? ''))],
  'snowflake.json base62': (v) => [v.name, v.value, code(v.digits)],
  'snowflake.json unixMs': (v) => [v.name, v.snowflake, String(v.unixMs)],
  'snowflake.json compose': (v) => [v.name, String(v.unixMs), String(v.node), String(v.seq), or(v, v.snowflake)],
  'snowflake.json minFor': (v) => [v.name, String(v.unixMs), or(v, v.snowflake)],
  'snowflake.json hash32': (v) => [v.name, v.snowflake, String(v.hash32)],
  'keyspace.json jobKeys': (v) => [v.name, code(v.queue), code(v.id), or(v, code(v.key ?? ''))],
  'keyspace.json queueKeys': (v) => [v.name, code(v.queue), code(v.type), or(v, code(v.key ?? ''))],
  'slot.json': (v) => [v.name, code(v.key), String(v.slot), v.description ?? ''],
  'gate.json': (v) => [
    v.name,
    code(v.id),
    v.admitted ? 'admitted' : 'refused',
    v.host === 'ok' ? 'passes' : `\`${v.host}\``,
    v.description ?? '',
  ],
  'stream.json entryIds': (v) => [v.name, v.snowflake, code(v.streamId), v.description ?? ''],
  'stream.json parse': (v) => [v.name, code(v.text), or(v, `ms ${v.ms}, seq ${v.seq}`)],
  'instant.json': (v) => [input(v.text), v.error ? error(v.error) : String(v.ms), v.description ?? ''],
  'explain.json ids': (v) => {
    const e = v.expect;
    return [
      v.name,
      v.hex === undefined ? input(v.input) : `bytes ${v.hex}`,
      e ? `\`${e.error}\`` : 'valid',
      e ? String(e.offset) : '',
      e?.remedy ?? '',
      e?.suggestion ? input(e.suggestion) : e?.found !== undefined ? `found \`${e.found}\`` : '',
      e ? words(e.message) : '',
    ];
  },
  'explain.json namespaces': (v) => [
    v.name,
    input(v.input),
    v.expect ? String(v.expect.offset) : '',
    v.expect?.remedy ?? '',
    v.expect ? words(v.expect.message) : 'valid',
  ],
  'explain.json queues': (v) => [
    v.name,
    input(v.input),
    v.expect ? String(v.expect.offset) : '',
    v.expect ? words(v.expect.message) : 'valid',
  ],
  'explain.json jobKeys': (v) => [
    v.name,
    input(v.queue),
    input(v.id),
    v.expect ? v.expect.field : '',
    v.expect ? `\`${v.expect.error}\`` : 'valid',
    v.expect ? words(v.expect.message) : '',
  ],
  'stream.json windows': (v) =>
    v.error
      ? [v.name, String(v.t0), String(v.t1), error(v.error), '', '']
      : [v.name, String(v.t0), String(v.t1), code(v.start), code(v.end), code(v.inclusiveEnd)],
};

// The page's tables: each with the vector file (and key) named by the heading above it, or by a `key`: label.
function pageTables() {
  const tables = [];
  let file = null;
  let key = null;
  let current = null;
  for (const line of PAGE.split('\n')) {
    const heading = /^#{2,3} .*\(`(\w+\.json)`(?:, `(\w+)`)?\)/.exec(line);
    if (heading) [file, key] = [heading[1], heading[2] ?? null];
    else if (/^#{2,3} /.test(line)) [file, key] = [null, null];
    const label = /^`(\w+)`:/.exec(line);
    if (label && file) key = label[1];
    if (line.startsWith('|')) {
      if (!current) tables.push((current = { source: file && (key ? `${file} ${key}` : file), rows: [] }));
      current.rows.push(line);
    } else current = null;
  }
  return tables;
}

const cells = (line) =>
  line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());

const tables = pageTables();

test('every vector file and key has its table on the page', () => {
  const shown = tables.map((t) => t.source).filter(Boolean);
  assert.deepEqual([...shown].sort(), Object.keys(TABLES).sort());
});

for (const [source, rowOf] of Object.entries(TABLES))
  test(`the table of ${source} is the file's vectors, row for row`, () => {
    const table = tables.find((t) => t.source === source);
    assert.ok(table, `no table for ${source}`);
    const [file, key] = source.split(' ');
    const data = vectors(file);
    const rows = key ? data[key] : (data.cases ?? data);
    const expected = rows.map((v) => rowOf(v));
    const actual = table.rows.slice(2).map(cells);
    assert.deepEqual(actual, expected, `docs/contract.md's ${source} table differs from tests/vectors/${file}`);
  });

test("§5 states the gate file's refusal and script SHA1", () => {
  const { refusal, scriptSha1 } = vectors('gate.json');
  assert.ok(PAGE.includes(`The refusal (\`refusal\`): \`${refusal}\``));
  assert.ok(PAGE.includes(`the script's SHA1 (\`scriptSha1\`): \`${scriptSha1}\``));
});

test('the error classes of §7 are the package ERROR_CODES', () => {
  const table = tables.find((t) => /^\| class \|/.test(t.rows[0]));
  const classes = table.rows.slice(2).map((line) => cells(line)[0].replaceAll('`', ''));
  assert.deepEqual(classes, ERROR_CODES.slice(1));
});
