// Random command lines and inputs, seeded, on both builds: the cases nobody wrote down (a flag where an argument
// goes, an option twice, ids glued to text, control bytes) must print the same bytes and exit the same. Instants
// relative to now and mint are left out: they depend on the clock and the leases (differential.test.js has them).
import assert from 'node:assert/strict';
import { it } from 'node:test';

import { difference, runNative, runWasm, scratchFile } from './support.js';

const CASES = 3000;
const TOKENS = [
  ...['decode', 'scan', 'encode', 'gate', 'window', 'min-for', 'slot', 'help', '--', '-', ''],
  ...['--json', '--header', '--no-header', '--line-buffered', '--help', '--version', '--ns', '--nope', '--json=1'],
  ...['JOB', 'USR', 'job', 'JOB0KHTOWnGLuC', 'JOB0KHTOWnGLuC ', 'usr0NgWEfAEJfs', 'JOB-42', '\u00e9', ' '],
  ...['274557032793636864', '-1', '0', '3', '9223372036854775807', '9223372036854775808', '1e3', '0x10', '-5'],
  ...['1781000000010', '2026-01-01T00:00:00Z', '2026-13-01', '2026-06-01T00:00:00+02:00', '{orders}', 'a{b}c'],
];
const PIECES = [
  ...['JOB0KHTOWnGLuC', 'usr0NgWEfAEJfs', 'USR0NgWEfAEJfs', 'JOBzzzzzzzzzzz', 'ZZZ00000000000', 'JOB00000000000'],
  ...['JOB0KHTOWnGLuC1', 'AJOB0KHTOWnGLuC', 'job-42', '274557032793636864', '"id":"', '{', '/', 'x', '\u00e9'],
  ...['\n', '\r\n', '\r', ' ', '\t', '\ufeff', '\0', '\xff', 'https://a.dev/jobs/JOB0KHTOWnGLuC?q=USR0NgWEfAEJfs'],
];

// A linear congruential generator: the same cases every run.
function generator(seed) {
  let state = seed;
  const below = (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  return { below, pick: (list) => list[below(list.length)] };
}

it(`${CASES} random command lines, half with random stdin: the same bytes and status from both builds`, async () => {
  const { below, pick } = generator(29);
  const broken = [];
  for (let i = 0; i < CASES; i++) {
    const args = Array.from({ length: below(5) }, () => pick(TOKENS));
    if (below(3) === 0) args.unshift(pick(['decode', 'scan']));
    const input = below(2) ? Array.from({ length: below(40) }, () => pick(PIECES)).join('') : undefined;
    const stdinFile = input === undefined ? undefined : scratchFile(input, 'random-input');
    const problem = difference(runNative(args, { stdinFile }), await runWasm(args, { stdinFile }));
    if (problem) broken.push(`branded ${JSON.stringify(args)} < ${JSON.stringify(input)}: ${problem}`);
  }
  assert.deepEqual(broken, []);
});
