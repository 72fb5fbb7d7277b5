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
import { CLI } from './support.js';

const scratch = mkdtempSync(join(tmpdir(), 'branded-decode-stdin-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

// The decode object the package's parse gives for one line (the oracle; `hint` is the CLI's own prose).
function expectedRow(id) {
  const parsed = parse(id);
  if (!parsed.ok) return { id, ok: false, error: parsed.error, errorOffset: errorOffset(id) };
  const { namespace, snowflake, unixMs, node, seq } = parsed;
  const iso = new Date(unixMs).toISOString();
  return { id, ok: true, namespace, snowflake: `${snowflake}`, unixMs, iso, node, seq, hash32: hash32(snowflake) };
}

// Lines of ids of every width and field, refused ones among them, CRLF, blank lines, two lines longer than
// the CLI's read area (256 KiB, and more than twice it), and no newline after the last.
function mixedInput() {
  const minter = createMinter({ namespace: 'JOB', node: 5 });
  const lines = [];
  for (let i = 0; i < 60000; i++) {
    const id = i % 3 === 0 ? `USR${minter.next().slice(3)}` : minter.next();
    if (i % 997 === 0) lines.push('job0KHTOWnGLuC', 'JOB0KHTOWnGL', 'JOBzzzzzzzzzzz', 'JOB0KHTOWnGLu!', `${id} `);
    if (i % 1499 === 0) lines.push('');
    lines.push(id);
  }
  lines.splice(20000, 0, 'x'.repeat(100_000));
  lines.splice(40000, 0, `JOB${'y'.repeat(700_000)}`);
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

// Sets O_NONBLOCK on stdin and stdout, then runs the command (a spawned child's stdio is always blocking:
// libuv clears the flag, so a parent that shares a non-blocking fd is simulated with python3, which emcc needs).
const NON_BLOCKING = [
  '-c',
  'import fcntl, os, sys\n' +
    'for fd in (0, 1): fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_NONBLOCK)\n' +
    'os.execv(sys.argv[1], sys.argv[1:])',
];

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
