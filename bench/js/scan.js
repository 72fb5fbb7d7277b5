// scan in Node against a tuned JavaScript RegExp scanner on the same log text, both sides in this run: the
// RegExp side finds the same candidates (offset, and the pure-JS baseline's parse of each), the fastest of
// three patterns counting. Also scan's throughput in GB/s. Appends to bench/out/scan.jsonl.
import assert from 'node:assert/strict';
import * as pkg from '../../wasm/index.js';
import * as pure from './pure.js';
import { randomIds } from './inputs.js';
import { figure, stageFile } from '../lib/figures.js';
import { bestRate } from '../lib/rate.js';

const LINES = 100_000;
const out = stageFile('scan');

const ids = randomIds(LINES * 2, { seed: 29 });
let text = '';
for (let i = 0; i < LINES; i++)
  text +=
    `2026-12-01T09:00:00.${String(i % 1000).padStart(3, '0')}Z INFO worker-${i % 8} GET /jobs/${ids[2 * i]}?attempt=2 ` +
    `{"user":"${ids[2 * i + 1]}","tookMs":${i % 900},"trace":"3f2a9c71b0d4e8aa"} done\n`;
const bytes = new TextEncoder().encode(text);
const candidates = LINES * 2;

// A run of letters/digits, kept when it is 14 long and starts with three upper-case letters.
const RUNS = /[A-Za-z0-9]+/g;
function regexpRuns(input) {
  const found = [];
  RUNS.lastIndex = 0;
  for (let m = RUNS.exec(input); m !== null; m = RUNS.exec(input)) {
    const run = m[0];
    if (run.length !== 14) continue;
    const c0 = run.charCodeAt(0),
      c1 = run.charCodeAt(1),
      c2 = run.charCodeAt(2);
    if (c0 < 65 || c0 > 90 || c1 < 65 || c1 > 90 || c2 < 65 || c2 > 90) continue;
    found.push(m.index, pure.parse(run));
  }
  return found.length / 2;
}
// The candidate itself as the pattern, its boundaries as lookarounds.
const CANDIDATES = /(?<![A-Za-z0-9])[A-Z]{3}[A-Za-z0-9]{11}(?![A-Za-z0-9])/g;
function regexpCandidates(input) {
  const found = [];
  CANDIDATES.lastIndex = 0;
  for (let m = CANDIDATES.exec(input); m !== null; m = CANDIDATES.exec(input)) found.push(m.index, pure.parse(m[0]));
  return found.length / 2;
}

// The candidate's shape as the pattern, its boundaries checked by hand (a match inside a longer run is dropped:
// it cannot hide a candidate, which is a whole run of its own).
const SHAPE = /[A-Z]{3}[A-Za-z0-9]{11}/g;
const alnum = (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
function regexpShape(input) {
  const found = [];
  SHAPE.lastIndex = 0;
  for (let m = SHAPE.exec(input); m !== null; m = SHAPE.exec(input)) {
    const at = m.index;
    if ((at > 0 && alnum(input.charCodeAt(at - 1))) || alnum(input.charCodeAt(at + 14))) continue;
    found.push(at, pure.parse(m[0]));
  }
  return found.length / 2;
}

assert.equal(pkg.scan(text).count, candidates);
assert.equal(regexpShape(text), candidates);
assert.equal(regexpRuns(text), candidates);
assert.equal(regexpCandidates(text), candidates);

const gb = (rate) => (rate * bytes.length) / candidates / 1e9;
const scanText = bestRate(() => pkg.scan(text).count, candidates);
const scanBytes = bestRate(() => pkg.scan(bytes).count, candidates);
const runs = bestRate(() => regexpRuns(text), candidates);
const lookarounds = bestRate(() => regexpCandidates(text), candidates);
const shape = bestRate(() => regexpShape(text), candidates);
const regexp = Math.max(runs, lookarounds, shape);
out.add(figure(`js scan of a log string (${(bytes.length / 1e6).toFixed(1)} MB, 2 ids a line)`, gb(scanText), 'GB/s'));
out.add(figure('js scan of the same log as bytes', gb(scanBytes), 'GB/s'));
out.add(figure('js RegExp scanner /[A-Za-z0-9]+/g + length check', gb(runs), 'GB/s'));
out.add(figure('js RegExp scanner with lookarounds', gb(lookarounds), 'GB/s'));
out.add(figure('js RegExp scanner /[A-Z]{3}[A-Za-z0-9]{11}/g + boundary checks', gb(shape), 'GB/s'));
out.add(figure('js scan / the fastest RegExp scanner (same text)', scanText / regexp, 'x', '>= 5x'));
