// The bad-input matrix through the CLI (`branded`, wasm/bin/branded.cjs): every malformed id streamed on
// stdin and given as arguments gets its refusal line and exit 1; malformed namespaces, Snowflakes, nodes
// and windows exit 1 with their error; malformed arguments exit 2 (usage). Never a crash (exit > 2).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { asText, bytesOf, family, ROOT, surfacePresent } from './support.js';

const BIN = join(ROOT, 'wasm', 'bin', 'branded.cjs');
process.env.BRANDED_CLI ??= 'wasm'; // the bin's WebAssembly CLI (tests/cli/differential.test.js holds the native one to it)
const present = surfacePresent('CLI (wasm/bin/branded.cjs)', 'wasm/bin/branded.cjs', 'wasm/dist/cli.cjs');

function run(args, input = '') {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => err.push(b));
    child.on('error', reject);
    child.on('close', (status, signal) =>
      resolve({
        status,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
    child.stdin.on('error', () => {}); // a command that takes no stdin may close it early
    child.stdin.end(input);
  });
}

// Runs every [args, check] with at most two processes at once; returns the failures as lines.
async function runAll(calls) {
  const broken = [];
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const [args, check] = calls[next++];
      const result = await run(args);
      const problem = result.signal ? `killed by ${result.signal}` : check(result);
      if (problem)
        broken.push(
          `branded ${args.map((a) => JSON.stringify(a)).join(' ')}: ${problem}; stderr ${result.stderr.slice(0, 200)}`,
        );
    }
  };
  await Promise.all([worker(), worker()]);
  return broken;
}

const jsonLines = (stdout) =>
  stdout
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l));
const refusedWith =
  (error) =>
  ({ status, stdout }) => {
    if (status !== 1) return `exit ${status}, want 1`;
    const [line] = jsonLines(stdout);
    return line?.ok === false && line.error === error ? null : `printed ${stdout.trim()}, want error ${error}`;
  };
const usage = ({ status }) => (status === 2 ? null : `exit ${status}, want 2 (usage)`);

// Ids a line-oriented stream can carry unchanged: no newline inside, no carriage return at the end.
const streamable = family('id').filter((c) => {
  const bytes = bytesOf(c);
  return !bytes.includes(0x0a) && bytes[bytes.length - 1] !== 0x0d;
});
// Ids an argument can carry unchanged: UTF-8, no NUL, under the kernel's 128 KiB per argument.
const arguable = family('id').filter((c) => {
  const { exact, bytes } = asText(c);
  return exact && !bytes.includes(0) && bytes.length < 100_000;
});

// decode --help: a line of stdin of more than 1024 bytes is shown by its first 1024, cut before a character that
// would not fit whole, and marked truncated.
const SHOWN_BYTES = 1024;
function shownLine(bytes) {
  if (bytes.length <= SHOWN_BYTES) return { id: bytes.toString('utf8'), truncated: undefined };
  let end = SHOWN_BYTES;
  while ((bytes[end] & 0xc0) === 0x80) end--;
  return { id: bytes.subarray(0, end).toString('utf8'), truncated: true };
}

describe('bad-input matrix: CLI', { skip: !present && 'the CLI is not built yet' }, () => {
  it('decode --json on stdin: one refusal per malformed id, in order, exit 1', async (t) => {
    const input = Buffer.concat(streamable.flatMap((c) => [bytesOf(c), Buffer.from('\n')]));
    const { status, stdout, signal } = await run(['decode', '--json'], input);
    assert.equal(signal, null);
    assert.equal(status, 1);
    const lines = jsonLines(stdout);
    assert.equal(lines.length, streamable.length);
    const broken = streamable
      .map((c, i) => [c, lines[i]])
      .filter(([c, line]) => {
        const shown = shownLine(bytesOf(c));
        return (
          line.ok !== false || line.error !== c.error || line.id !== shown.id || line.truncated !== shown.truncated
        );
      })
      .map(([c, line]) => `${c.name}: ${JSON.stringify(line).slice(0, 120)}, want ${c.error}`);
    assert.deepEqual(broken, []);
    t.diagnostic(`${streamable.length} malformed ids streamed (${input.length} bytes)`);
  });

  it('decode on stdin, table output: a refused row per id, exit 1', async () => {
    const input = Buffer.concat(streamable.flatMap((c) => [bytesOf(c), Buffer.from('\r\n')]));
    const { status, stdout } = await run(['decode'], input);
    assert.equal(status, 1);
    const rows = stdout.split('\n').slice(0, -1); // into a pipe: no header
    assert.equal(rows.length, streamable.length);
    const broken = streamable.filter((c, i) => !rows[i].includes(`refused: ${c.error} (`)).map((c) => c.name);
    assert.deepEqual(broken, []);
  });

  it('decode --json with the ids as arguments: one refusal each, exit 1', async (t) => {
    const ids = arguable.map((c) => asText(c).text);
    const { status, stdout } = await run(['decode', '--json', '--', ...ids]);
    assert.equal(status, 1);
    const lines = jsonLines(stdout);
    assert.equal(lines.length, ids.length);
    const broken = arguable.filter(
      (c, i) => lines[i].ok !== false || lines[i].error !== c.error || lines[i].id !== ids[i],
    );
    assert.deepEqual(
      broken.map((c) => c.name),
      [],
    );
    t.diagnostic(`${ids.length} malformed ids as arguments`);
  });

  it('gate: the wire gate reads three bytes, the host all fourteen', async () => {
    const sample = [
      'JOB-42',
      'job-42',
      'length-13',
      'length-15',
      'overflow-AzL8n0Y58m8',
      'lowercase-namespace',
      'utf8-e-acute-fits',
      'utf8-cyrillic-o',
      'tab-inside',
      'resp-injection',
      'lua-injection',
      'leading-space',
    ].map((name) => family('id').find((c) => c.name === name));
    const broken = await runAll(
      sample.map((c) => {
        const { text } = asText(c);
        return [
          ['gate', '--json', '--', text],
          ({ status, stdout }) => {
            const [line] = jsonLines(stdout);
            const admitted = text.startsWith('JOB');
            if (status !== (admitted && c.error === 'ok' ? 0 : 1)) return `exit ${status}`; // 0: both checks pass
            return line.admitted === admitted && line.host === c.error ? null : `printed ${stdout.trim()}`;
          },
        ];
      }),
    );
    assert.deepEqual(broken, []);
  });

  it('encode, mint, window: refusals exit 1 with their error; malformed arguments exit 2', async (t) => {
    const namespaces = family('namespace')
      .map((c) => asText(c).text)
      .filter((ns) => !ns.includes('\0'));
    const calls = [
      ...namespaces.map((ns) => [['encode', '--json', '--', ns, '274557032793636864'], refusedWith('namespace')]),
      ...namespaces.slice(0, 3).map((ns) => [['mint', '--json', '--', ns], refusedWith('namespace')]),
      ...[...family('snowflake').map((c) => c.value), String(2n ** 64n), '-1'].map((v) => [
        ['encode', '--json', 'JOB', v],
        refusedWith('range'),
      ]),
      ...family('node').map((c) => [['mint', '--json', '--node', String(c.value), 'JOB'], refusedWith('node')]),
      ...family('window').map((c) => [['window', '--json', String(c.t0), String(c.t1)], refusedWith('range')]),
      ...['abc', '1.5', '0x10', '１'].map((v) => [['encode', 'JOB', '--', v], usage]),
      [['mint', '--node', String(2 ** 60), 'JOB'], usage],
      [['mint', '--count', '0', 'JOB'], usage],
      [['window', '2026-13-45', '10'], usage],
      [[], usage],
      [['nope'], usage],
      [['decode', '--nope'], usage],
      [['mint', 'JOB', '--node'], usage],
      [['encode', 'JOB'], usage],
    ];
    const broken = await runAll(calls);
    assert.deepEqual(broken, []);
    t.diagnostic(`${calls.length} invocations`);
  });
});
