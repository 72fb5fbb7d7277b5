// The native branded and the WebAssembly CLI are one program (cli/), so they must print the same bytes and exit with
// the same status for any input: every command and flag, the 1,390 malformed inputs of the bad-input matrix
// (tests/matrix/cases.json) wherever the CLI takes them, and generated logs and id lists whose ids and lines
// straddle every read boundary. The generated inputs are also checked against the scan oracle, so both agreeing
// cannot hide a bug they share.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { family, asText, bytesOf } from '../matrix/support.js';
import { oracle } from '../wasm/scan-oracle.js';
import { difference, runNative, runWasm, scratchFile } from './support.js';

const ID = 'JOB0KHTOWnGLuC';

// Runs every case on both builds; answers the cases whose outputs differ, as lines. A case: {args, input?}.
async function differences(cases) {
  const broken = [];
  for (const { args, input } of cases) {
    const stdinFile = input === undefined ? undefined : scratchFile(input);
    const native = runNative(args, { stdinFile });
    const wasm = await runWasm(args, { stdinFile });
    const problem = difference(native, wasm);
    if (problem) broken.push(`branded ${args.map((a) => JSON.stringify(a)).join(' ')}: ${problem}`);
  }
  return broken;
}

const LOG = `GET /jobs/${ID}?x=1 {"id":"USR0NgWEfAEJfs"}\nJOB0KHTOWnGLuCx JOBzzzzzzzzzzz, é ${ID}\n`;
const MIXED = `${ID}\r\nusr0NgWEfAEJfs\n\n job-42\n\ufeff${ID}\nhttps://x.dev/jobs/${ID}\n274557032793636864\nJOB\xff\n${'w'.repeat(2000)}\nUSR0NgWEfAEJfs`;

// Every command, every flag, their help, and each way of getting a command line wrong.
function commandCases() {
  const log = scratchFile(LOG, 'app.log');
  const other = scratchFile(`id=${ID}\n`, 'a-much-longer-name-than-app-of-another.log');
  const nothing = scratchFile('no ids here, JOB-42\n', 'nothing.log');
  const cases = [
    [],
    ['--help'],
    ['-h'],
    ['help'],
    ['help', 'scan'],
    ['help', 'frob'],
    ['--version'],
    ['-V'],
    ['frob'],
    ['--json'],
  ].map((args) => ({ args }));
  for (const command of ['decode', 'scan', 'encode', 'mint', 'gate', 'window', 'min-for', 'slot'])
    cases.push(
      { args: [command, '--help'] },
      { args: [command, '--bogus'] },
      { args: [command, '--json=1'] },
      { args: [command, '--help', '--json'] },
    );
  const more = [
    // decode: arguments, stdin, both forms, the header, --ns
    ['decode', ID, 'job-42', 'usr0NgWEfAEJfs', 'USRzzzzzzzzzzz', 'USR0KHTO nGLuC', `https://x.dev/jobs/${ID}`],
    ['decode', '--json', ID, 'job-42', '', '\u00a0JOB0KHTOWnGLuC', 'a\tb\u0001c'],
    ['decode', '--header', ID],
    ['decode', '--no-header', ID],
    ['decode', '--header', '--no-header', ID],
    ['decode', '--ns', 'JOB', '274557032793636864', 'USR0NgWEfAEJfs', '--json'],
    ['decode', '--ns=USR', '0', '9223372036854775807'],
    ['decode', '--ns', 'jo', '1'],
    ['decode', '--ns', 'JOB', '9223372036854775808'],
    ['decode', '--ns'],
    ['decode', '--', '--json'],
    // scan: files, stdin, "-", both forms, --valid-only, the header, a file that cannot be read, nothing found
    ['scan', log, other, '--header'],
    ['scan', '--json', log, other],
    ['scan', '--valid-only', log],
    ['scan', '--valid-only', '--json', log],
    ['scan', 'missing.log', log],
    ['scan', nothing],
    ['scan', '--valid-only', scratchFile('JOBzzzzzzzzzzz\n')],
    ['scan', '--no-header', '--line-buffered', log],
    ['scan', '--check', log, other],
    ['decode', '--check', ID, ID, 'USR0NgWEfAEJfs'],
    // encode
    ['encode', 'USR', '274557032793636864'],
    ['encode', '--json', 'USR', '0'],
    ['encode', 'usr', '1'],
    ['encode', 'U5R', '1', '--json'],
    ['encode', 'JOB', '-1'],
    ['encode', 'JOB', '9223372036854775808', '--json'],
    ['encode', 'JOB', '000000000000000000000000000000042'],
    ['encode', 'JOB', '184467440737095516160000'],
    ['encode', 'JOB', 'abc'],
    ['encode', 'JOB', '1.5'],
    ['encode', 'JOB'],
    ['encode', 'JOB', '1', '2'],
    // mint: what needs no clock and no lease
    ['mint', 'JOB', '--at', '2026-06-01T00:00:00Z', '--count', '5'],
    ['mint', 'EVT', '--at=1781000000010', '--count=4100', '--node=1023', '--json'],
    ['mint', 'JOB', '--at', '2020-01-01'],
    ['mint', 'jo', '--at', '2026-06-01', '--json'],
    ['mint', 'JOB', '--at', '2026-06-01', '--node', '1024'],
    ['mint', 'job'],
    ['mint', 'JOB', '--node', '-1', '--json'],
    ['mint', 'JOB', '--node', '1024'],
    ['mint', 'JOB', '--node', 'x'],
    ['mint', 'JOB', '--node', String(2 ** 60)],
    ['mint', 'JOB', '--count', '0'],
    ['mint', 'JOB', '--count', '100000001'],
    ['mint', 'JOB', '--at', 'soon'],
    ['mint', 'JOB', '--node'],
    ['mint'],
    // gate
    ['gate', ID],
    ['gate', 'JOB-42'],
    ['gate', 'job-42', '--json'],
    ['gate', 'USR0KHTOWnGLuC', '--json'],
    ['gate', '--', '-x'],
    ['gate'],
    // window, min-for: instants that need no clock
    ['window', '1781000000010', '1781000000020'],
    ['window', '2026-06-09T12:13:20.010+02:00', '2026-06-09T10:13:20.020Z', '--json'],
    ['window', '2026-06-09', '2026-06-10'],
    ['window', '5', '3'],
    ['window', '-1', '10', '--json'],
    ['window', '0', '9007199254740991'],
    ['window', '2026-13-45', '10'],
    ['window', '+0.5ms', '10'],
    ['window', '5'],
    ['min-for', '2026-06-01', '--json'],
    ['min-for', '1780272000000', 'USR'],
    ['min-for', '2020-01-01'],
    ['min-for', '2026-06-01', 'usr'],
    ['min-for'],
    ['min-for', '1', 'JOB', 'x'],
    // range: the same rows, refusals and usage errors from both builds
    ['range', '2026-06-01', '2026-07-01'],
    ['range', '1780272000000', '2026-06-01T00:00:00.005Z', 'USR', '--json'],
    ['range', '2026-07-01', '2026-06-01'],
    ['range', '2026-06-01', '2026-07-01', 'usr', '--json'],
    ['range', '2020-01-01', '2026-06-01'],
    ['range', 'soon', '2026-06-01'],
    ['range', '2026-06-01'],
    ['range', '--help'],
    // slot
    ['slot', '{orders}', 'emq:{orders}:pending', 'caf\u00e9', 'a\tb'],
    ['slot', '--json', '{x}', ''],
    ['slot'],
  ];
  cases.push(...more.map((args) => ({ args })));
  cases.push(
    { args: ['decode'], input: MIXED },
    { args: ['decode', '--json'], input: MIXED },
    { args: ['decode', '--header', '--line-buffered'], input: MIXED },
    { args: ['decode'], input: '' },
    { args: ['scan'], input: LOG },
    { args: ['scan', '--header'], input: LOG },
    { args: ['scan', '-', '--json'], input: LOG },
    { args: ['scan'], input: '' },
  );
  return cases;
}

// The cases of the bad-input matrix, wherever the CLI takes them: ids (decode from stdin and as arguments, in both
// forms; gate), namespaces (encode, mint), Snowflakes (encode), nodes (mint), windows, queue names (as slot's keys).
function matrixCases() {
  const ids = family('id');
  const lines = ids.filter((c) => {
    const bytes = bytesOf(c);
    return !bytes.includes(0x0a) && bytes.at(-1) !== 0x0d;
  });
  const stdin = Buffer.concat(lines.flatMap((c) => [bytesOf(c), Buffer.from('\n')]));
  const arguable = ids.filter((c) => {
    const { exact, bytes } = asText(c);
    return exact && !bytes.includes(0) && bytes.length < 100_000;
  });
  const texts = arguable.map((c) => asText(c).text);
  const namespaces = family('namespace')
    .map((c) => asText(c).text)
    .filter((ns) => !ns.includes('\0'));
  const queues = family('queue')
    .filter((c) => asText(c).exact && !asText(c).bytes.includes(0) && asText(c).bytes.length < 100_000)
    .map((c) => asText(c).text);
  // the ids as arguments, a few hundred kilobytes of them a run (the kernel takes 2 MiB of arguments at most)
  const batches = [[]];
  let size = 0;
  for (const text of texts) {
    size += Buffer.byteLength(text) + 1;
    if (size > 500_000) {
      batches.push([]);
      size = Buffer.byteLength(text) + 1;
    }
    batches.at(-1).push(text);
  }
  const cases = [
    { args: ['decode', '--json'], input: stdin },
    { args: ['decode'], input: stdin },
    ...batches.flatMap((batch) => [
      { args: ['decode', '--json', '--', ...batch] },
      { args: ['decode', '--', ...batch] },
    ]),
    ...texts.flatMap((id) => [{ args: ['gate', '--json', '--', id] }, { args: ['gate', '--', id] }]),
    ...namespaces.flatMap((ns) => [
      { args: ['encode', '--', ns, '274557032793636864'] },
      { args: ['encode', '--json', '--', ns, '274557032793636864'] },
      { args: ['mint', '--json', '--at', '2026-06-01', '--', ns] },
    ]),
    ...family('snowflake').map((c) => ({ args: ['encode', '--json', 'JOB', String(c.value)] })),
    ...family('node').map((c) => ({ args: ['mint', '--node', String(c.value), 'JOB'] })),
    ...family('window').map((c) => ({ args: ['window', String(c.t0), String(c.t1)] })),
    { args: ['slot', '--json', '--', ...queues] },
    { args: ['slot', '--', ...queues] },
  ];
  const names = new Set([...lines, ...arguable].map((c) => c.name));
  const others = ['namespace', 'snowflake', 'node', 'window'].reduce((sum, name) => sum + family(name).length, 0);
  return { cases, covered: names.size + others + queues.length };
}

// Logs and id lists whose ids and lines straddle the read boundaries: scan reads 1 MiB at a time and decode 64 KiB
// (cli/src/scan.cpp and decode.cpp, READ_BYTES); every power of two from 64 KiB to 2 MiB is straddled at each of
// an id's 15 offsets, so a change of the read size keeps these at its boundaries.
function boundaryInputs() {
  const inputs = [];
  for (let power = 16; power <= 21; power++) {
    const boundary = 1 << power;
    for (let shift = 0; shift <= 15; shift++) {
      const start = boundary - shift;
      const filler = Buffer.alloc(start, 0x2e); // '.'
      for (let at = 79; at < start; at += 80) filler[at] = 0x0a;
      inputs.push(Buffer.concat([filler, Buffer.from(`${ID} tail USR0NgWEfAEJfs\n`)]));
    }
  }
  return inputs;
}

// Id lists whose lines cross the read boundary at each offset, and lines of about the read size (the long-line path).
function boundaryLists() {
  const lists = [];
  for (const read of [1 << 16, 1 << 20]) {
    for (let shift = 0; shift <= 15; shift++) {
      const head = 'x'.repeat(read - shift - 1);
      lists.push(Buffer.from(`${head}\n${ID}\nUSR0NgWEfAEJfs\r\njob-42\n`));
    }
    for (const length of [read - 2, read - 1, read, read + 1, 2 * read + 7])
      lists.push(Buffer.from(`${ID}\n${'y'.repeat(length)}\r\n${ID}\n${'z'.repeat(length)}`));
  }
  return lists;
}

// A log of two mapping windows and more (the native CLI maps a regular file 16 MiB at a time, cli/native/main.cpp's
// Input::WINDOW): an id across each window's end, at different offsets.
function windowLog() {
  const WINDOW = 16 << 20;
  const log = Buffer.alloc(2 * WINDOW + 100, 0x2e); // '.'
  for (let at = 79; at < log.length; at += 80) log[at] = 0x0a;
  log.write(ID, WINDOW - 7);
  log.write('USR0NgWEfAEJfs', 2 * WINDOW - 13);
  return log;
}

// Dense logs (an id every 15 bytes) across several reads and past the 4,096 candidates one scan call takes.
function denseLog() {
  const ids = [];
  for (let i = 0; i < 200_000; i++) ids.push(i % 97 === 0 ? 'JOBzzzzzzzzzzz' : `JOB${String(i).padStart(11, '0')}`);
  return Buffer.from(ids.join(' '));
}

describe('native and WebAssembly CLIs: the same bytes and exit status', () => {
  it('every command and flag, its help and its usage errors', async (t) => {
    const cases = commandCases();
    assert.deepEqual(await differences(cases), []);
    t.diagnostic(`${cases.length} invocations`);
  });

  it('the bad-input matrix wherever the CLI takes it', async (t) => {
    const { cases, covered } = matrixCases();
    assert.deepEqual(await differences(cases), []);
    t.diagnostic(
      `${covered} of the matrix's cases in ${cases.length} invocations (its entry-id, frame and clock families have no CLI surface)`,
    );
  });

  it('logs with ids across every read boundary: scan, both forms, and the rows the oracle finds', async (t) => {
    const logs = [...boundaryInputs(), denseLog(), windowLog()];
    const cases = logs.flatMap((input) => [
      { args: ['scan', '--json'], input },
      { args: ['scan', '--header'], input },
    ]);
    assert.deepEqual(await differences(cases), []);
    const broken = [];
    for (const log of logs) {
      const rows = runNative(['scan', '--json'], { stdinFile: scratchFile(log) })
        .stdout.toString()
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      const expected = oracle(log).map(({ offset, line, id, error }) => [offset, line, id, error === null]);
      const got = rows.map(({ offset, line, id, ok }) => [offset, line, id, ok]);
      if (JSON.stringify(got) !== JSON.stringify(expected)) broken.push(`a log of ${log.length} bytes`);
    }
    assert.deepEqual(broken, []);
    t.diagnostic(`${logs.length} logs, ${cases.length} invocations`);
  });

  it('id lists whose lines cross every read boundary, and lines of about the read size: decode, both forms', async (t) => {
    const lists = boundaryLists();
    const cases = lists.flatMap((input) => [
      { args: ['decode', '--json'], input },
      { args: ['decode', '--header'], input },
    ]);
    assert.deepEqual(await differences(cases), []);
    for (const list of lists.slice(0, 16)) {
      const rows = runNative(['decode', '--json'], { stdinFile: scratchFile(list) })
        .stdout.toString()
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      assert.deepEqual(
        rows.map((row) => [row.id.slice(0, 14), row.ok]),
        [
          ['x'.repeat(14), false],
          [ID, true],
          ['USR0NgWEfAEJfs', true],
          ['job-42', false],
        ],
      );
    }
    t.diagnostic(`${lists.length} lists, ${cases.length} invocations`);
  });
});
