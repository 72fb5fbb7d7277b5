// The progress line of long runs (decode from stdin, scan, mint): on stderr when it is a terminal and stdout is
// not, redrawn in place and cleared at the end, the rows untouched; nothing when stdout is the terminal too.
// A pseudo-terminal comes from python3 (tty-stderr.py); each run is made to last past the line's first second
// by feeding its stdin slowly, or reading its stdout slowly.
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
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Runs the CLI with `args` under tty-stderr.py, stdin written in `pieces` 150 ms apart (or, with slowReader,
// stdout read only after 2.5 s); answers its status, stdout and what its terminal received.
async function atTerminal(args, { pieces = [], slowReader = false, stdoutToo = false } = {}) {
  const child = spawn('python3', [TTY_STDERR, ...(stdoutToo ? ['--stdout-too'] : []), process.execPath, CLI, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let terminal = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (terminal += chunk));
  const reading = (async () => {
    if (slowReader) await pause(2500);
    child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
  })();
  for (const piece of pieces) {
    child.stdin.write(piece);
    await pause(150);
  }
  child.stdin.end();
  const [code] = await once(child, 'close');
  await reading;
  return { code, out, terminal };
}

const minter = createMinter({ namespace: 'JOB', node: 12 });
// 24 pieces 150 ms apart: the run outlasts its first second by far, even when Node is slow to start.
const ids = Array.from({ length: 24 }, () => Array.from({ length: 1000 }, () => minter.next()).join('\n') + '\n');

test('decode from a slow stdin at a terminal: lines read and decoded, redrawn in place, then cleared', async () => {
  const run = await atTerminal(['decode', '--json'], { pieces: ids });
  assert.equal(run.code, 0);
  assert.equal(
    run.out,
    spawnSync(process.execPath, [CLI, 'decode', '--json'], {
      input: ids.join(''),
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    }).stdout,
  );
  const drawn = run.terminal.split(CLEAR).filter(Boolean);
  assert.ok(drawn.length >= 2, JSON.stringify(run.terminal));
  for (const line of drawn) assert.match(line, /^branded decode: [\d.]+ (kB|MB) read, [\d,]+ lines$/);
  assert.ok(run.terminal.endsWith(CLEAR));
});

test('scan at a terminal: the bytes read and the ids found so far; of a FILE, the share of its size', async () => {
  const text = ids.map((piece) => piece.replaceAll('\n', ' in a log\n'));
  const run = await atTerminal(['scan', '--json'], { pieces: text });
  assert.equal(run.code, 0);
  assert.equal(run.out.split('\n').length - 1, 24000);
  const drawn = run.terminal.split(CLEAR).filter(Boolean);
  assert.ok(drawn.length >= 2, JSON.stringify(run.terminal));
  for (const line of drawn) assert.match(line, /^branded scan: [\d.]+ (kB|MB) read, [\d,]+ ids$/);
  assert.ok(run.terminal.endsWith(CLEAR));

  const file = join(scratch, 'app.log');
  writeFileSync(file, text.join('').repeat(4));
  const ofFile = await atTerminal(['scan', '--json', file], { slowReader: true });
  assert.equal(ofFile.code, 0);
  assert.equal(ofFile.out.split('\n').length - 1, 96000);
  const shares = ofFile.terminal.split(CLEAR).filter(Boolean);
  assert.ok(shares.length >= 1, JSON.stringify(ofFile.terminal));
  for (const line of shares) assert.match(line, /^branded scan: \d+%, [\d.]+ (kB|MB) of 2.3 MB, [\d,]+ ids$/);
});

test('mint at a terminal, its output read slowly: the share of --count minted', async () => {
  const run = await atTerminal(['mint', 'JOB', '--count', '400000', '--node', '12'], { slowReader: true });
  assert.equal(run.code, 0);
  assert.equal(run.out.split('\n').length - 1, 400000);
  const drawn = run.terminal.split(CLEAR).filter(Boolean);
  assert.ok(drawn.length >= 1, JSON.stringify(run.terminal));
  for (const line of drawn) assert.match(line, /^branded mint: \d+%, [\d,]+ of 400,000 ids$/);
  assert.ok(run.terminal.endsWith(CLEAR));
});

test('no progress line when stdout is the terminal too, or stderr is none', async () => {
  const run = await atTerminal(['decode'], { pieces: ids, stdoutToo: true });
  assert.equal(run.code, 0);
  assert.doesNotMatch(run.terminal, /branded decode:/);
  assert.match(run.terminal, /JOB/); // the rows themselves, on the terminal
  const piped = spawnSync(process.execPath, [CLI, 'decode'], {
    input: ids.join(''),
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  assert.equal(piped.stderr, '');
});
