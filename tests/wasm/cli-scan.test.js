// branded scan end to end: files and stdin, JSON and rows, --valid-only, exit statuses, ids cut by every
// read boundary (checked against a maximal-run oracle), and 1 GiB streamed through stdin in bounded memory.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

import { createMinter, encodeMany } from '../../wasm/index.js';
import { oracle } from './scan-oracle.js';
import { CLI, NON_BLOCKING } from './support.js';

const REPORT_RSS = join(import.meta.dirname, 'report-rss.cjs');
const scratch = mkdtempSync(join(tmpdir(), 'branded-scan-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const run = (args, input) => {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const jsonLines = (text) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

const LOG = 'GET /jobs/JOB0KHTOWnGLuC?x=1 {"id":"USR0NgWEfAEJfs"}\nJOB0KHTOWnGLuCx JOBzzzzzzzzzzz, é JOB0KHTOWnGLuC\n';

test('scan FILE --json: offset, line, id and the decode fields; refused candidates; exit status', () => {
  const file = join(scratch, 'app.log');
  writeFileSync(file, LOG);
  const { code, out } = run(['scan', '--json', file]);
  assert.equal(code, 1); // a candidate was refused
  const lines = jsonLines(out);
  assert.deepEqual(
    lines.map((l) => [l.file, l.offset, l.line, l.id, l.ok]),
    [
      [file, 10, 1, 'JOB0KHTOWnGLuC', true],
      [file, 36, 1, 'USR0NgWEfAEJfs', true],
      [file, 69, 2, 'JOBzzzzzzzzzzz', false],
      [file, 88, 2, 'JOB0KHTOWnGLuC', true],
    ],
  );
  // the decode --json fields, as decode gives them
  const decoded = JSON.parse(run(['decode', '--json', 'JOB0KHTOWnGLuC']).out);
  const { file: _f, offset: _o, line: _l, ...fields } = lines[0];
  assert.deepEqual(fields, decoded);
  // a refusal in decode's words and fields (errorOffset, hint), after where it was found
  assert.equal(lines[2].hint, 'the 11 digits after the namespace encode 2^63 or more');
  const { id: _id, ...refusal } = JSON.parse(run(['decode', '--json', 'JOBzzzzzzzzzzz']).out);
  assert.deepEqual(lines[2], { file, offset: 69, line: 2, id: 'JOBzzzzzzzzzzz', ...refusal });
  assert.deepEqual(Object.keys(refusal), ['ok', 'error', 'errorOffset', 'hint']);

  const valid = run(['scan', '--json', '--valid-only', file]);
  assert.equal(valid.code, 0); // no refused row printed, so no refusal in the status
  assert.equal(run(['scan', '--json', file]).code, 1);
  assert.equal(jsonLines(valid.out).length, 3);
  assert.ok(jsonLines(valid.out).every((l) => l.ok));
});

test('scan from stdin: rows with line and offset; no file field; none found is exit 0', () => {
  const { code, out } = run(['scan', '--header'], LOG);
  assert.equal(code, 1);
  const rows = out.trim().split('\n');
  assert.match(rows[0], /^LINE\s+OFFSET\s+ID\s+NS\s+SNOWFLAKE/);
  assert.match(rows[1], /^1\s+10\s+JOB0KHTOWnGLuC\s+JOB\s+274557032793636864\s+2026-01-27T15:11:37\.641Z/);
  assert.match(rows[3], /^2\s+69\s+JOBzzzzzzzzzzz\s+refused: range/);
  // the refusal in decode's words, after the place
  assert.ok(
    rows[3].endsWith(
      run(['decode', 'JOBzzzzzzzzzzz'])
        .out.trimEnd()
        .replace(/^JOBzzzzzzzzzzz/, ''),
    ),
    rows[3],
  );
  assert.equal(jsonLines(run(['scan', '--json'], LOG).out)[0].file, undefined);
  assert.deepEqual(run(['scan', '--json'], 'nothing here, JOB-42 job0KHTOWnGLuC\n'), {
    code: 0,
    out: '',
    err: 'branded scan: no ids found (36 bytes read)\n',
  });
  assert.equal(run(['scan', '-', '--json'], LOG).code, 1);
});

test('scan: an unreadable file is exit 2 with its name, the other files are still scanned', () => {
  const file = join(scratch, 'ok.log');
  writeFileSync(file, 'id=JOB0KHTOWnGLuC\n');
  const missing = join(scratch, 'missing.log');
  const { code, out, err } = run(['scan', '--json', missing, file]);
  assert.equal(code, 2);
  assert.match(err, new RegExp(`cannot read "${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}": ENOENT`));
  assert.equal(jsonLines(out).length, 1);
  assert.equal(run(['scan', '--nope']).code, 2);
});

test('scan of files packed with ids (one every 15 bytes, the most a read holds), one named with 3,000 bytes: every row in order', () => {
  const minter = createMinter({ namespace: 'JOB', node: 2 });
  const text = Array.from({ length: 30_000 }, (_, i) => `${minter.next()}${i % 9 === 0 ? '\n' : ' '}`).join('');
  const dir = join(scratch, ...Array.from({ length: 13 }, (_, i) => `${i}`.padEnd(240, 'd')));
  mkdirSync(dir, { recursive: true });
  const files = [join(dir, 'packed.log'), join(scratch, 'packed.log')];
  for (const file of files) writeFileSync(file, text);
  assert.ok(files[0].length > 3000);
  const expected = oracle(Buffer.from(text)).map(({ offset, line, id }) => ({ offset, line, id }));
  assert.equal(expected.length, 30_000);

  const { code, out } = run(['scan', '--json', ...files]);
  assert.equal(code, 0);
  const rows = jsonLines(out);
  assert.equal(rows.length, 2 * expected.length);
  files.forEach((file, f) => {
    const ofFile = rows.slice(f * expected.length, (f + 1) * expected.length);
    assert.ok(ofFile.every((row) => row.file === file && row.ok));
    assert.deepEqual(
      ofFile.map(({ offset, line, id }) => ({ offset, line, id })),
      expected,
    );
  });
  const table = run(['scan', '--header', ...files])
    .out.trimEnd()
    .split('\n');
  assert.equal(table.length, 1 + 2 * expected.length);
  assert.ok(table[1].startsWith(`${files[0]}:1 `) && table.at(-1).startsWith(`${files[1]}:${expected.at(-1).line} `));
});

test('scan on non-blocking stdin and stdout (read(2) and write(2) say EAGAIN): the streams take over, same rows', async () => {
  const minter = createMinter({ namespace: 'JOB', node: 6 });
  const text = Array.from({ length: 80_000 }, (_, i) => `at ${i} id=${minter.next()}\n`).join('');
  const child = spawn('python3', [...NON_BLOCKING, process.execPath, CLI, 'scan', '--json'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
  await new Promise((resolve) => setTimeout(resolve, 300)); // the CLI's first read finds stdin empty
  for (let at = 0; at < text.length; at += 1 << 20)
    if (!child.stdin.write(text.slice(at, at + (1 << 20)))) await once(child.stdin, 'drain');
  child.stdin.end();
  const [code] = await once(child, 'close');
  assert.equal(code, 0);
  assert.equal(out, run(['scan', '--json'], text).out);
  assert.equal(jsonLines(out).length, 80_000);
});

test('scan from stdin in pieces of every size: every id found once, where the oracle finds it', async () => {
  const minter = createMinter({ namespace: 'JOB', node: 9 });
  const shapes = (id) => [id, `${id}x`, `7${id}`, id.slice(0, 13), `é${id}`, `"${id}"`, `${id},${id}`];
  let text = '';
  for (let i = 0; text.length < 3 * 262144; i++) text += `${shapes(minter.next())[i % 7]}${i % 5 === 0 ? '\n' : ' '}`;
  const bytes = Buffer.from(text);
  const expected = oracle(bytes).map(({ offset, line, id }) => ({ offset, line, id }));
  const child = spawn(process.execPath, [CLI, 'scan', '--json'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
  // pieces of 1 to 97 bytes, each its own write after a pause, so the CLI reads cut ids everywhere
  for (let at = 0, size = 1; at < bytes.length; at += size, size = ((size * 7 + 3) % 97) + 1) {
    child.stdin.write(bytes.subarray(at, at + size));
    if (at % 64 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  child.stdin.end();
  const [code] = await once(child, 'close');
  assert.equal(code, 0);
  const found = jsonLines(out).map(({ offset, line, id }) => ({ offset, line, id }));
  assert.ok(expected.length > 20000);
  assert.deepEqual(found, expected);
});

test('scan streams 1 GiB through stdin in bounded memory', { timeout: 300000 }, async () => {
  // 1 MiB of log (an id every ~4 KiB, one split by every 64 KiB pipe read at some point), sent 1,024 times.
  const id = 'JOB0KHTOWnGLuC';
  let piece = '';
  while (piece.length < (1 << 20) - 4200) piece += `${'x'.repeat(4000)} job=${id} ${'.'.repeat(piece.length % 61)}\n`;
  piece = Buffer.from(piece.padEnd(1 << 20, ' '));
  const perPiece = oracle(piece).length;
  const child = spawn(process.execPath, ['--require', REPORT_RSS, CLI, 'scan', '--json', '--valid-only'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let lines = 0;
  let tail = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    const text = tail + chunk;
    const last = text.lastIndexOf('\n');
    for (let i = text.indexOf('\n'); i !== -1 && i <= last; i = text.indexOf('\n', i + 1)) lines++;
    tail = text.slice(last + 1);
  });
  const started = Date.now();
  for (let i = 0; i < 1024; i++) if (!child.stdin.write(piece)) await once(child.stdin, 'drain');
  child.stdin.end();
  const [code] = await once(child, 'close');
  const seconds = (Date.now() - started) / 1000;
  const maxRSS = Number(/maxRSS=(\d+)/.exec(stderr)?.[1]);
  console.log(`scan: 1 GiB through stdin in ${seconds.toFixed(1)} s, peak RSS ${(maxRSS / 1024).toFixed(1)} MiB`);
  assert.equal(code, 0);
  assert.equal(lines, perPiece * 1024);
  assert.ok(maxRSS < 200 * 1024, `peak RSS ${maxRSS} KiB`);
});

test('decode from stdin (rows formatted by core) prints what decode of the same ids as arguments prints', () => {
  const ids = [];
  for (let i = 0; i < 300; i++) {
    const snowflake =
      (BigInt(Math.floor(Math.random() * 2 ** 41)) << 22n) | BigInt(Math.floor(Math.random() * 2 ** 22));
    ids.push(encodeMany(['JOB', 'USR', 'ZZZ'][i % 3], [snowflake]).ids[0]);
  }
  ids.push('JOB0KHTOWnGLuC', encodeMany('ZZZ', [2n ** 63n - 1n]).ids[0], 'AAA00000000000');
  for (const json of [[], ['--json']]) {
    const fromArguments = run(['decode', ...json, ...ids]);
    const fromStdin = run(['decode', ...json], `${ids.join('\n')}\n`);
    assert.equal(fromStdin.code, 0);
    assert.equal(fromStdin.out, fromArguments.out);
  }
  // scan's rows are decode's with the place first
  const scanned = jsonLines(run(['scan', '--json'], ids.join(' ')).out).map(({ offset, line, ...rest }) => rest);
  assert.deepEqual(scanned, jsonLines(run(['decode', '--json', ...ids]).out));
});
