// branded decode from stdin (read(2) into the CLI module's memory, rows formatted by core, written from there):
// every line against the package's own parse, whatever the way stdin arrives — a file, a pipe in pieces cut
// anywhere, non-blocking fds on both sides (the stream fallback) — across CRLF, blank lines, refused ids
// between valid ones, lines longer than the read area, and a last line without a newline.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

import { createMinter, errorOffset, hash32, parse, streamId } from '../../wasm/index.js';
import { CLI, NON_BLOCKING } from './support.js';

const REPORT_RSS = join(import.meta.dirname, 'report-rss.cjs');

const scratch = mkdtempSync(join(tmpdir(), 'branded-decode-stdin-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

// decode --help: a line of more than 1024 bytes is shown by its first 1024 (the lines here are ASCII)
const SHOWN_BYTES = 1024;

// The decode object the package's parse gives for one line (the oracle; `hint` is the CLI's own prose).
function expectedRow(id) {
  if (id.length > SHOWN_BYTES)
    return { id: id.slice(0, SHOWN_BYTES), ok: false, error: 'length', errorOffset: 0, truncated: true };
  const parsed = parse(id);
  if (!parsed.ok) return { id, ok: false, error: parsed.error, errorOffset: errorOffset(id) };
  const { namespace, snowflake, unixMs, node, seq } = parsed;
  const iso = new Date(unixMs).toISOString();
  return { id, ok: true, namespace, snowflake: `${snowflake}`, unixMs, iso, node, seq, hash32: hash32(snowflake) };
}

// Lines of ids of every width and field, refused ones among them, CRLF, blank lines, lines longer than a row's
// room (1100 bytes) and than the CLI's read area (256 KiB, and more than twice it, one ending in CRLF), and no
// newline after the last.
function mixedInput() {
  const minter = createMinter({ namespace: 'JOB', node: 5 });
  const lines = [];
  for (let i = 0; i < 60000; i++) {
    const id = i % 3 === 0 ? `USR${minter.next().slice(3)}` : minter.next();
    if (i % 997 === 0) lines.push('job0KHTOWnGLuC', 'JOB0KHTOWnGL', 'JOBzzzzzzzzzzz', 'JOB0KHTOWnGLu!', `${id} `);
    if (i % 1499 === 0) lines.push('');
    lines.push(id);
  }
  for (let at = 1000; at < 60000; at += 3001) lines.splice(at, 0, `${'w'.repeat(1100)}${at}`);
  lines.splice(20000, 0, 'x'.repeat(100_000));
  lines.splice(40000, 0, `JOB${'y'.repeat(700_000)}`);
  lines.splice(42000, 0, 'z'.repeat(600_000)); // 42000 % 7 === 0: "\r\n" after it
  const text = lines.map((line, i) => (i % 7 === 0 && i < lines.length - 1 ? `${line}\r` : line)).join('\n');
  return { text, lines };
}

function assertDecoded(out, lines) {
  const rows = out
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
  assert.equal(rows.length, lines.length);
  rows.forEach((row, i) => {
    const expected = expectedRow(lines[i]);
    const { hint, streamId: stream, ...rest } = row;
    if (i < 5 || !expected.ok || i % 101 === 0) {
      assert.deepEqual(rest, expected, `line ${i + 1}`);
      if (expected.ok) assert.equal(stream, streamId(BigInt(expected.snowflake)));
      else if (expected.truncated) assert.match(hint, new RegExp(`^${lines[i].length} bytes: an id is exactly 14`));
      else assert.equal(typeof hint, 'string');
    } else {
      assert.equal(row.id, lines[i], `line ${i + 1}`);
      assert.equal(row.snowflake, expected.snowflake, `line ${i + 1}`);
    }
  });
}

const { text, lines } = mixedInput();
const inputFile = join(scratch, 'ids.txt');
writeFileSync(inputFile, text);

test('decode --json of a file on stdin: every line as the package parses it; exit 1 for the refused', () => {
  const input = openSync(inputFile, 'r');
  const r = spawnSync(process.execPath, [CLI, 'decode', '--json'], {
    stdio: [input, 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  closeSync(input);
  assert.equal(r.stderr, '');
  assert.equal(r.status, 1);
  assertDecoded(r.stdout, lines);
});

test('decode --json through a pipe written in pieces of 1 byte to 300 KB: the same rows', async () => {
  const child = spawn(process.execPath, [CLI, 'decode', '--json'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
  const bytes = Buffer.from(text);
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = [1, 13, 14, 15, 4096, 65537, 300_000][i % 7];
    if (!child.stdin.write(bytes.subarray(at, at + size))) await once(child.stdin, 'drain');
    at += size;
    if (i % 5 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  child.stdin.end();
  const [code] = await once(child, 'close');
  assert.equal(code, 1);
  assertDecoded(out, lines);
});

test('decode on non-blocking stdin and stdout (read(2) and write(2) say EAGAIN): the streams take over', async () => {
  const fromFile = (json) =>
    spawnSync(process.execPath, [CLI, 'decode', ...json], {
      stdio: [openSync(inputFile, 'r'), 'pipe', 'pipe'],
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    }).stdout;
  for (const json of [[], ['--json']]) {
    const child = spawn('python3', [...NON_BLOCKING, process.execPath, CLI, 'decode', ...json], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
    // a pause first, so the CLI's first read finds stdin empty
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let at = 0; at < text.length; at += 1 << 20)
      if (!child.stdin.write(text.slice(at, at + (1 << 20)))) await once(child.stdin, 'drain');
    child.stdin.end();
    const [code] = await once(child, 'close');
    assert.equal(code, 1);
    assert.ok(out.length > 1_000_000);
    assert.equal(out, fromFile(json));
  }
});

test('decode table rows from stdin are those of decode with the same ids as arguments', () => {
  const short = lines.filter((line) => line.length < 1000).slice(0, 5000);
  const fromArguments = spawnSync(process.execPath, [CLI, 'decode', ...short], { encoding: 'utf8' });
  const fromStdin = spawnSync(process.execPath, [CLI, 'decode'], {
    input: short.map((line, i) => (i % 5 === 0 ? `${line}\r\n` : `${line}\n`)).join(''),
    encoding: 'utf8',
  });
  assert.equal(fromStdin.status, 1);
  assert.ok(fromStdin.stdout.split('\n').length > 5000);
  assert.equal(fromStdin.stdout, fromArguments.stdout);
});

test('decode into a reader that leaves early (EPIPE, as `| head`): exit status 0, nothing on stderr', () => {
  const minter = createMinter({ namespace: 'JOB', node: 9 });
  const validFile = join(scratch, 'valid.txt');
  writeFileSync(validFile, `${Array.from({ length: 200_000 }, () => minter.next()).join('\n')}\n`);
  for (const json of ['', ' --json']) {
    const script = `'${process.execPath}' '${CLI}' decode${json} < '${validFile}' | head -c 100 > /dev/null; echo "\${PIPESTATUS[0]}"`;
    const run = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
    assert.equal(run.stderr, '');
    assert.equal(run.stdout.trim(), '0');
  }
});

// Writes `parts` (strings, or [byte, count] runs written 1 MiB at a time) to a decode child's stdin; answers
// its exit status, stdout and peak RSS (KiB).
async function decodeParts(parts, options = []) {
  const child = spawn(process.execPath, ['--require', REPORT_RSS, CLI, 'decode', ...options], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (err += chunk));
  const feed = async (chunk) => child.stdin.write(chunk) || (await once(child.stdin, 'drain'));
  for (const part of parts) {
    if (typeof part === 'string') await feed(part);
    else for (let left = part[1]; left > 0; left -= 1 << 20) await feed(Buffer.alloc(Math.min(left, 1 << 20), part[0]));
  }
  child.stdin.end();
  const [code] = await once(child, 'close');
  return { code, out, maxRSS: Number(/maxRSS=(\d+)/.exec(err)?.[1]), err: err.replace(/maxRSS=\d+\n/, '') };
}

test(
  'a line of 300 MiB on stdin is read past in bounded memory: shown cut, with its length; the next lines decode',
  { timeout: 120000 },
  async () => {
    const id = createMinter({ namespace: 'JOB', node: 3 }).next();
    const huge = 300 << 20;
    const run = await decodeParts(
      ['A', [0x41, huge - 1], '\r\n', `${id}\n`, 'a', 'é'.repeat(700), '\n', [0x42, 3 << 20]],
      ['--json'],
    );
    assert.equal(run.err, '');
    assert.equal(run.code, 1);
    const rows = run.out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(rows.length, 4);
    const { hint, ...first } = rows[0];
    assert.deepEqual(first, {
      id: 'A'.repeat(SHOWN_BYTES),
      ok: false,
      error: 'length',
      errorOffset: 0,
      truncated: true,
    });
    assert.match(hint, new RegExp(`^${huge} bytes: an id is exactly 14`)); // the "\r" of its "\r\n" is not counted
    assert.equal(rows[1].id, id);
    assert.equal(rows[1].ok, true);
    // cut before the character that would not fit whole: "a" and 511 two-byte "é"
    assert.equal(rows[2].id, `a${'é'.repeat(511)}`);
    assert.match(rows[2].hint, /^1401 bytes/);
    assert.equal(rows[3].id, 'B'.repeat(SHOWN_BYTES)); // the last line, with no newline, ends inside a read past
    assert.match(rows[3].hint, new RegExp(`^${3 << 20} bytes`));
    assert.ok(run.maxRSS < 150 * 1024, `peak RSS ${run.maxRSS} KiB`);

    const table = await decodeParts([[0x78, 1 << 20], '\n', `${id}\n`], ['--header']);
    const tableRows = table.out.trimEnd().split('\n');
    assert.equal(tableRows.length, 3);
    assert.equal(
      tableRows[1],
      `${'x'.repeat(SHOWN_BYTES)}…  refused: length (${1 << 20} bytes: an id is exactly 14; shown cut at 1024)`,
    );
    assert.match(tableRows[2], new RegExp(`^${id}  JOB  `));
  },
);

// decode of `lines` on stdin (--json with json): its exit status and output lines (into a pipe: no header).
function decodeLines(lines, json) {
  const r = spawnSync(process.execPath, [CLI, 'decode', ...(json ? ['--json'] : [])], {
    input: `${lines.join('\n')}\n`,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return {
    status: r.status,
    rows: r.stdout.trimEnd().split('\n'),
  };
}

test('refused rows too long for the room left where a chunk of 16,384 lines starts: written in their place', () => {
  const minter = createMinter({ namespace: 'JOB', node: 8 });
  // line 0 is past every buffer's room there (written alone); line 5 past what 5 rows left (the next buffer)
  const lines = Array.from({ length: 20_000 }, (_, i) =>
    i === 0 || i === 5 ? `${'w'.repeat(1500)}${i}` : minter.next(),
  );
  for (const json of [true, false]) {
    const { status, rows } = decodeLines(lines, json);
    assert.equal(status, 1);
    assert.equal(rows.length, lines.length);
    const shown = (i) => (lines[i].length > SHOWN_BYTES ? lines[i].slice(0, SHOWN_BYTES) : lines[i]);
    rows.forEach((row, i) =>
      assert.equal(json ? JSON.parse(row).id : row.slice(0, shown(i).length), shown(i), `line ${i + 1}`),
    );
  }
});

test('decode of lines refused and parsed in turn: each row in its place', async () => {
  const minter = createMinter({ namespace: 'JOB', node: 4 });
  const lines = Array.from({ length: 200_000 }, (_, i) => (i % 2 === 0 ? minter.next() : `bad ${i}`));
  const { status, rows: out } = decodeLines(lines, true);
  assert.equal(status, 1);
  const rows = out.map((line) => JSON.parse(line));
  assert.deepEqual(
    rows.map((row) => row.id),
    lines,
  );
  assert.deepEqual(
    rows.map((row) => row.ok),
    lines.map((_, i) => i % 2 === 0),
  );
});

// Lines that are not valid UTF-8: the row's `id` is their text (each bad sequence U+FFFD), but the error, its
// offset and the byte the hint names are the line's own bytes, as core judged them.
test('decode of lines that are not valid UTF-8: error, errorOffset and the byte named are the bytes themselves', () => {
  const vectors = [
    [Buffer.from('JOB0KHTOWnGL\xffC', 'latin1'), 'charset', 12, 'byte 12 0xff is not a Base62 digit'],
    [Buffer.from('\xffOB0KHTOWnGLuC', 'latin1'), 'namespace', 0, 'byte 0 0xff is not a letter A-Z'],
    [Buffer.from('JOB\x80KHTOWnGLuC', 'latin1'), 'charset', 3, 'byte 3 0x80 is not a Base62 digit'],
    [Buffer.from('JOB0KHTOWn\xe2\x82C', 'latin1'), 'length', 0, '13 bytes: an id is exactly 14'],
    [Buffer.from('JOB\xff', 'latin1'), 'length', 0, '4 bytes: an id is exactly 14'],
    [Buffer.from('JOB0KHTOWnGéC'), 'charset', 11, 'byte 11 0xc3 is not a Base62 digit'], // valid UTF-8, for contrast
  ];
  const input = Buffer.concat(vectors.flatMap(([bytes]) => [bytes, Buffer.from('\n')]));
  for (const json of [true, false]) {
    const r = spawnSync(process.execPath, [CLI, 'decode', ...(json ? ['--json'] : [])], { input, encoding: 'utf8' });
    assert.equal(r.status, 1);
    const rows = r.stdout.trimEnd().split('\n');
    assert.equal(rows.length, vectors.length);
    vectors.forEach(([bytes, error, at, hint], i) => {
      if (!json) {
        assert.ok(rows[i].includes(`refused: ${error} (${hint}`), rows[i]);
        return;
      }
      const row = JSON.parse(rows[i]);
      assert.deepEqual([row.id, row.error, row.errorOffset], [bytes.toString('utf8'), error, at], `line ${i + 1}`);
      assert.ok(row.hint.startsWith(hint), row.hint);
    });
  }
});
