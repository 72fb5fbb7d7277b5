// The progress line of long runs (decode from stdin, scan, mint): on stderr when it is a terminal and stdout is
// not, redrawn in place and cleared at the end, the rows untouched; nothing when stdout is the terminal too.
// A pseudo-terminal comes from python3 (tty-stderr.py). The runs set BRANDED_PROGRESS=every, which draws the line
// at every step of the run instead of by the clock, so what is drawn does not depend on the machine's speed; the
// clock's own first line is awaited as an event (stdin kept coming until the terminal shows it).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

import { createMinter } from '../../wasm/index.js';
import { CLI } from './support.js';

const TTY_STDERR = join(import.meta.dirname, 'tty-stderr.py');
const scratch = mkdtempSync(join(tmpdir(), 'branded-progress-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const CLEAR = '\r\x1b[K';
const EVERY_STEP = { ...process.env, BRANDED_PROGRESS: 'every' };
const { BRANDED_PROGRESS: _timed, ...TIMED } = process.env;

// Starts the CLI with `args` under tty-stderr.py; answers the child, and `finished`: its status, stdout and what
// its terminal received, once it has ended.
function atTerminal(args, { stdoutToo = false, env = EVERY_STEP } = {}) {
  const child = spawn('python3', [TTY_STDERR, ...(stdoutToo ? ['--stdout-too'] : []), process.execPath, CLI, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
  });
  const run = { code: null, out: '', terminal: '' };
  child.stderr.setEncoding('utf8').on('data', (chunk) => (run.terminal += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk) => (run.out += chunk));
  const finished = once(child, 'close').then(([code]) => Object.assign(run, { code }));
  return { child, run, finished };
}

// Runs the CLI at a terminal with `input` on stdin (written whole, then ended).
async function withInput(args, input, options) {
  const { child, finished } = atTerminal(args, options);
  child.stdin.end(input);
  return finished;
}

const minter = createMinter({ namespace: 'JOB', node: 12 });
const ids = Array.from({ length: 24 }, () => Array.from({ length: 1000 }, () => minter.next()).join('\n') + '\n');
const drawnLines = (terminal) => terminal.split(CLEAR).filter(Boolean);

test('decode from stdin at a terminal: lines read and decoded, redrawn in place, then cleared', async () => {
  const run = await withInput(['decode', '--json'], ids.join(''));
  assert.equal(run.code, 0);
  assert.equal(
    run.out,
    spawnSync(process.execPath, [CLI, 'decode', '--json'], {
      input: ids.join(''),
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    }).stdout,
  );
  // decode reads 64 KiB at a time: 360 kB of ids are six reads or more, a line each
  const drawn = drawnLines(run.terminal);
  assert.ok(drawn.length >= 6, JSON.stringify(run.terminal));
  for (const line of drawn) assert.match(line, /^branded decode: [\d.]+ (kB|MB) read, [\d,]+ lines$/);
  assert.match(drawn.at(-1), /, 24,000 lines$/);
  assert.ok(run.terminal.endsWith(CLEAR));
});

test('scan at a terminal: the bytes read and the ids found so far; of a FILE, the share of its size', async () => {
  const text = ids.map((piece) => piece.replaceAll('\n', ' in a log\n'));
  const run = await withInput(['scan', '--json'], text.join(''));
  assert.equal(run.code, 0);
  assert.equal(run.out.split('\n').length - 1, 24000);
  // a line after each read, its end's too
  const drawn = drawnLines(run.terminal);
  assert.ok(drawn.length >= 2, JSON.stringify(run.terminal));
  for (const line of drawn) assert.match(line, /^branded scan: [\d.]+ (kB|MB) read, [\d,]+ ids$/);
  assert.equal(drawn.at(-1), 'branded scan: 576 kB read, 24,000 ids');
  assert.ok(run.terminal.endsWith(CLEAR));

  const file = join(scratch, 'app.log');
  writeFileSync(file, text.join('').repeat(4));
  const ofFile = await withInput(['scan', '--json', file], '');
  assert.equal(ofFile.code, 0);
  assert.equal(ofFile.out.split('\n').length - 1, 96000);
  const shares = drawnLines(ofFile.terminal);
  assert.ok(shares.length >= 2, JSON.stringify(ofFile.terminal));
  for (const line of shares) assert.match(line, /^branded scan: \d+%, [\d.]+ (kB|MB) of 2.3 MB, [\d,]+ ids$/);
  assert.equal(shares.at(-1), 'branded scan: 100%, 2.3 MB of 2.3 MB, 96,000 ids');
  assert.ok(ofFile.terminal.endsWith(CLEAR));
});

test('mint at a terminal: the share of --count minted', async () => {
  const run = await withInput(['mint', 'JOB', '--count', '40000', '--node', '12'], '');
  assert.equal(run.code, 0);
  assert.equal(run.out.split('\n').length - 1, 40000);
  // a look at the line every 4,096 ids, and one at the end
  const drawn = drawnLines(run.terminal);
  assert.equal(drawn.length, 10, JSON.stringify(run.terminal));
  for (const line of drawn) assert.match(line, /^branded mint: \d+%, [\d,]+ of 40,000 ids$/);
  assert.equal(drawn[0], 'branded mint: 10%, 4,096 of 40,000 ids');
  assert.equal(drawn.at(-1), 'branded mint: 100%, 40,000 of 40,000 ids');
  assert.ok(run.terminal.endsWith(CLEAR));
});

test(
  'by the clock: a line once the run outlasts its first second, cleared at the end',
  { timeout: 300_000 },
  async () => {
    const { child, run, finished } = atTerminal(['decode', '--json'], { env: TIMED });
    // stdin keeps coming, a piece at a time, until the terminal shows a line (however long the machine takes)
    let pieces = 0;
    for (; !run.terminal.includes('branded decode:') && run.code === null; pieces++) {
      if (!child.stdin.write(ids[pieces % ids.length])) await once(child.stdin, 'drain');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.stdin.end();
    await finished;
    assert.equal(run.code, 0);
    assert.equal(run.out.split('\n').length - 1, pieces * 1000);
    const drawn = drawnLines(run.terminal);
    assert.ok(drawn.length >= 1);
    for (const line of drawn) assert.match(line, /^branded decode: [\d.]+ (kB|MB) read, [\d,]+ lines$/);
    assert.ok(run.terminal.endsWith(CLEAR));
  },
);

test('no progress line when stdout is the terminal too, or stderr is none', async () => {
  const run = await withInput(['decode'], ids.join(''), { stdoutToo: true });
  assert.equal(run.code, 0);
  assert.doesNotMatch(run.terminal, /branded decode:/);
  assert.match(run.terminal, /JOB/); // the rows themselves, on the terminal
  const piped = spawnSync(process.execPath, [CLI, 'decode'], {
    input: ids.join(''),
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    env: EVERY_STEP,
  });
  assert.equal(piped.stderr, '');
});
