// The branded CLI end to end: a spawned process, arguments, stdin, exit codes 0/1/2, JSON lines.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { CLI, PACKAGE_DIR, vectors } from './support.js';

const TTY_STDERR = join(import.meta.dirname, 'tty-stderr.py');

function run(args, input) {
  const result = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8' });
  return { code: result.status, out: result.stdout, err: result.stderr };
}
const jsonLines = (text) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));

const DECODE_FIELDS = ['id', 'ok', 'namespace', 'snowflake', 'unixMs', 'iso', 'node', 'seq', 'hash32', 'streamId'];

test('decode --json: every valid vector, exactly the documented fields', () => {
  const valid = vectors('valid');
  const { code, out, err } = run(['decode', '--json', ...valid.map((v) => v.id)]);
  assert.equal(code, 0, err);
  const rows = jsonLines(out);
  assert.equal(rows.length, valid.length);
  rows.forEach((row, i) => {
    const v = valid[i];
    assert.deepEqual(Object.keys(row), DECODE_FIELDS);
    assert.deepEqual(row, {
      id: v.id,
      ok: true,
      namespace: v.namespace,
      snowflake: v.snowflake,
      unixMs: v.unixMs,
      iso: v.iso,
      node: v.node,
      seq: v.seq,
      hash32: v.hash32,
      streamId: v.streamId,
    });
  });
});

test('decode from stdin: refused lines give {id, ok:false, error} and exit 1; CRLF and blank lines', () => {
  const invalid = vectors('invalid').filter((v) => !/[\r\n]/.test(v.id));
  const input = `JOB0KHTOWnGLuC\r\n${invalid.map((v) => v.id).join('\n')}\n\nUSR0NgWEfAEJfs`;
  const { code, out } = run(['decode', '--json'], input);
  assert.equal(code, 1);
  const rows = jsonLines(out);
  assert.equal(rows.length, invalid.length + 3);
  assert.equal(rows[0].ok, true);
  assert.equal(rows[0].id, 'JOB0KHTOWnGLuC');
  const refusal = ({ id, ok, error }) => ({ id, ok, error });
  invalid.forEach((v, i) => assert.deepEqual(refusal(rows[i + 1]), { id: v.id, ok: false, error: v.error }, v.name));
  invalid.forEach((v, i) => assert.equal(rows[i + 1].errorOffset, v.errorOffset ?? rows[i + 1].errorOffset, v.name));
  assert.deepEqual(rows.at(-2), {
    id: '',
    ok: false,
    error: 'length',
    errorOffset: 0,
    hint: '0 bytes: an id is exactly 14',
  });
  assert.equal(rows.at(-1).snowflake, '320636799581945856');
});

test('decode, human output: aligned rows, under a header with --header; all good is exit 0', () => {
  const { code, out } = run(['decode', '--header'], 'JOB0KHTOWnGLuC\nUSR0NgWEfAEJfs\n');
  assert.equal(code, 0);
  const lines = out.trimEnd().split('\n');
  assert.equal(lines.length, 3);
  assert.match(lines[0], /^ID +NS +SNOWFLAKE +TIME \(UTC\) +NODE +SEQ +HASH32 +STREAM ID$/);
  assert.match(
    lines[1],
    /^JOB0KHTOWnGLuC {2}JOB {2}274557032793636864 +2026-01-27T15:11:37\.641Z +0 +0 +234878118 {2}1769526697641-0$/,
  );
  assert.equal(lines[1].indexOf('2026'), lines[2].indexOf('2026'));
  assert.equal(lines[1].indexOf('1769526697641-0'), lines[2].indexOf('1780512970164-0'));
  const refused = run(['decode', 'job-42']);
  assert.equal(refused.code, 1);
  assert.match(refused.out, /^job-42 +refused: length \(6 bytes: an id is exactly 14\)$/m);
});

test('refusals name the byte and the fix, in rows, JSON and BrandedError messages', () => {
  const ids = ['JOB0KHTOWnGLuC ', 'usr0NgWEfAEJfs', 'JOB0KHT-WnGLuC', 'J0B0KHTOWnGLuC', 'JOBzzzzzzzzzzz'];
  const rows = run(['decode', ...ids])
    .out.split('\n')
    .slice(0, -1);
  assert.match(rows[0], /refused: length \(trailing space at byte 14: the id is "JOB0KHTOWnGLuC"\)$/);
  assert.match(rows[1], /refused: namespace \(namespace must be uppercase: did you mean USR0NgWEfAEJfs\?\)$/);
  assert.match(rows[2], /refused: charset \(byte 7 '-' is not a Base62 digit \(0-9, A-Z, a-z\)\)$/);
  assert.match(rows[3], /refused: namespace \(byte 1 '0' is not a letter A-Z/);
  assert.match(rows[4], /refused: range \(the 11 digits after the namespace encode 2\^63 or more\)$/);
  const json = jsonLines(run(['decode', '--json', ...ids]).out);
  assert.deepEqual(
    json.map((row) => row.errorOffset),
    [0, 0, 7, 1, 3],
  );
  assert.ok(json.every((row) => row.hint.length > 0));
  const fromStdin = jsonLines(run(['decode', '--json'], `${ids.join('\n')}\n`).out);
  assert.deepEqual(fromStdin, json);
  assert.match(run(['encode', 'usr', '5']).err, /refused: namespace/);
});

test('a refusal for whitespace names the character trimmed, not just "space"', () => {
  const lines = ['\ufeffJOB0KHTOWnGLuC', 'JOB0KHTOWnGLuC\t', '\u00a0JOB0KHTOWnGLuC', 'JOB0KHTOWnGLuC\u2003'];
  const hints = jsonLines(run(['decode', '--json'], `${lines.join('\n')}\n`).out).map((row) => row.hint);
  assert.deepEqual(hints, [
    'leading byte order mark (U+FEFF, bytes EF BB BF) at byte 0: the id is "JOB0KHTOWnGLuC"',
    'trailing tab at byte 14: the id is "JOB0KHTOWnGLuC"',
    'leading no-break space (U+00A0) at byte 0: the id is "JOB0KHTOWnGLuC"',
    'trailing U+2003 (a space) at byte 14: the id is "JOB0KHTOWnGLuC"',
  ]);
});

test('encode', () => {
  assert.deepEqual(run(['encode', 'USR', '274557032793636864']), { code: 0, out: 'USR0KHTOWnGLuC\n', err: '' });
  const json = run(['encode', 'USR', '0', '--json']);
  assert.deepEqual(jsonLines(json.out), [{ namespace: 'USR', snowflake: '0', ok: true, id: 'USR00000000000' }]);
  const range = run(['encode', '--json', 'USR', '9223372036854775808']);
  assert.equal(range.code, 1);
  assert.deepEqual(jsonLines(range.out), [
    { namespace: 'USR', snowflake: '9223372036854775808', ok: false, error: 'range' },
  ]);
  const namespace = run(['encode', 'usr', '1']);
  assert.equal(namespace.code, 1);
  assert.equal(namespace.out, '');
  assert.equal(namespace.err, 'branded encode: refused: namespace (namespace must be uppercase: did you mean USR?)\n');
  assert.match(
    run(['mint', 'job']).err,
    /^branded mint: refused: namespace \(namespace must be uppercase: did you mean JOB\?\)\n$/,
  );
  assert.match(
    run(['encode', 'U5R', '1']).err,
    /refused: namespace \(byte 1 '5' is not a letter A-Z \(a namespace is three letters A-Z\)\)/,
  );
  assert.match(run(['window', '5', '3']).err, /refused: range \(the instants must satisfy 0 <= T0 < T1\)/);
  assert.match(run(['mint', 'JOB', '--node', '1024']).err, /refused: node \(--node is a whole number from 0 to 1023\)/);
  assert.equal(run(['encode', 'USR', '-1']).code, 1);
  for (const bad of [
    ['encode', 'USR'],
    ['encode', 'USR', '12x'],
    ['encode', 'USR', '1.5'],
    ['encode', 'USR', '1', '2'],
  ]) {
    const usage = run(bad);
    assert.equal(usage.code, 2, bad.join(' '));
    assert.match(usage.err, /Try 'branded encode --help'/);
  }
});

test('mint: K increasing ids on the node; refusals and usage errors', () => {
  const { code, out } = run(['mint', 'JOB', '--node', '7', '--count', '5000']);
  assert.equal(code, 0);
  const ids = out.trimEnd().split('\n');
  assert.equal(ids.length, 5000);
  for (let i = 1; i < ids.length; i++) assert.ok(ids[i] > ids[i - 1]);
  const decoded = jsonLines(run(['decode', '--json', ids[0], ids.at(-1)]).out);
  assert.deepEqual(
    decoded.map((row) => [row.ok, row.namespace, row.node]),
    [
      [true, 'JOB', 7],
      [true, 'JOB', 7],
    ],
  );
  const json = jsonLines(run(['mint', 'EVT', '--count=2', '--json', '--node=1023']).out);
  assert.equal(json.length, 2);
  assert.deepEqual(Object.keys(json[0]), DECODE_FIELDS);
  assert.equal(json[1].node, 1023);
  assert.equal(run(['mint', 'JOB']).out.length, 15);
  assert.equal(run(['mint', 'JOB', '--node', '1024']).code, 1);
  assert.equal(run(['mint', 'jo']).code, 1);
  for (const bad of [
    ['mint'],
    ['mint', 'JOB', '--count', '0'],
    ['mint', 'JOB', '--node', 'x'],
    ['mint', 'JOB', '--node'],
    ['mint', 'JOB', '--json=1'],
  ])
    assert.equal(run(bad).code, 2, bad.join(' '));
});

test('gate: the wire gate verdict and the host check', () => {
  const cases = vectors('gate').cases;
  for (const v of cases) {
    const { code, out } = run(['gate', '--json', '--', v.id]);
    assert.equal(code, v.admitted && v.host === 'ok' ? 0 : 1, v.name); // 0 only when an enqueue passes both checks
    const [row] = jsonLines(out);
    assert.equal(row.admitted, v.admitted, v.name);
    assert.equal(row.host, v.host, v.name);
    if (!v.admitted) assert.equal(row.error, 'EMQKIND job id must be JOB-namespaced');
  }
  // in the order an enqueue meets them: the host check first; what it refuses never reaches the wire gate
  const hostRefused = run(['gate', 'JOB-42']);
  assert.equal(
    hostRefused.out,
    'id         JOB-42\n' +
      'host       refused: length (6 bytes: an id is exactly 14): nothing is sent\n' +
      'wire gate  not reached (it reads the first three bytes only, JOB, and would admit them)\n',
  );
  assert.equal(hostRefused.code, 1);
  assert.equal(
    run(['gate', 'job-42']).out,
    'id         job-42\n' +
      'host       refused: length (6 bytes: an id is exactly 14): nothing is sent\n' +
      'wire gate  not reached (it would refuse it: EMQKIND job id must be JOB-namespaced)\n',
  );
  assert.equal(
    run(['gate', 'USR0KHTOWnGLuC']).out,
    'id         USR0KHTOWnGLuC\nhost       ok (all 14 bytes parse)\nwire gate  refused: EMQKIND job id must be JOB-namespaced\n',
  );
  assert.equal(run(['gate', 'JOB0KHTOWnGLuC']).code, 0);
});

test('window: ms and ISO instants, exclusive end, refusal', () => {
  const expected = { start: '1781000000010-0', end: '(1781000000020-0', inclusiveEnd: '1781000000019-4194303' };
  const fromMs = jsonLines(run(['window', '1781000000010', '1781000000020', '--json']).out)[0];
  assert.deepEqual(fromMs, { t0: 1781000000010, t1: 1781000000020, ...expected });
  const iso = new Date(1781000000010).toISOString();
  const fromIso = jsonLines(run(['window', iso, iso.replace('.010Z', '.020'), '--json']).out)[0];
  assert.deepEqual(fromIso, fromMs);
  assert.match(run(['window', '1781000000010', '1781000000020']).out, /XRANGE <key> 1781000000010-0 \(1781000000020-0/);
  assert.equal(run(['window', '5', '5']).code, 1);
  assert.equal(run(['window', 'yesterday', '5']).code, 2);
  assert.equal(run(['window', '5']).code, 2);
});

test('slot', () => {
  const slots = vectors('slot');
  const { code, out } = run(['slot', '--json', '--', ...slots.map((v) => v.key)]);
  assert.equal(code, 0);
  assert.deepEqual(
    jsonLines(out),
    slots.map((v) => ({ key: v.key, slot: v.slot })),
  );
  assert.match(run(['slot', '{orders}']).out, /^\{orders\} {2}105\n$/);
  assert.equal(run(['slot']).code, 2);
});

test('help for the tool and each command; usage errors name the problem and point to --help', () => {
  for (const args of [['--help'], ['help'], ['-h']]) {
    const { code, out } = run(args);
    assert.equal(code, 0);
    for (const command of ['decode', 'scan', 'encode', 'mint', 'gate', 'window', 'slot'])
      assert.match(out, new RegExp(`^  ${command}`, 'm'));
  }
  for (const command of ['decode', 'scan', 'encode', 'mint', 'gate', 'window', 'slot']) {
    const { code, out } = run([command, '--help']);
    assert.equal(code, 0);
    assert.match(out, new RegExp(`^Usage: branded ${command}`));
    assert.match(out, /Exit status/);
  }
  assert.deepEqual(run([]), { code: 2, out: '', err: "branded: no command given\nTry 'branded --help'.\n" });
  assert.deepEqual(run(['frob']), {
    code: 2,
    out: '',
    err: 'branded: unknown command "frob"\nTry \'branded --help\'.\n',
  });
  assert.deepEqual(run(['decode', '--bogus']), {
    code: 2,
    out: '',
    err: "branded: unknown option --bogus\nTry 'branded decode --help'.\n",
  });
});

test('decode --ns of a bare Snowflake; min-for; window now-5m now; gate exit status', () => {
  const bare = jsonLines(run(['decode', '--json', '--ns', 'JOB', '274557032793636864', 'USR0NgWEfAEJfs']).out);
  assert.deepEqual(
    bare.map((row) => row.id),
    ['JOB0KHTOWnGLuC', 'USR0NgWEfAEJfs'],
  );
  assert.match(
    run(['decode', '274557032793636864']).out,
    /refused: length \(18 bytes: an id is exactly 14; a bare Snowflake\? decode --ns NS 274557032793636864\)/,
  );
  assert.equal(run(['decode', '--ns', 'jo', '1']).code, 2);
  const min = jsonLines(run(['min-for', '2026-06-01', '--json']).out)[0];
  assert.deepEqual(min, {
    t: 1780272000000,
    iso: '2026-06-01T00:00:00.000Z',
    snowflake: '319626097459200000',
    id: 'JOB0NbtEgY7ttg',
  });
  assert.equal(jsonLines(run(['min-for', '1780272000000', 'USR', '--json']).out)[0].id, 'USR0NbtEgY7ttg');
  assert.equal(run(['min-for', '2020-01-01']).code, 1);
  const before = Date.now();
  const window = jsonLines(run(['window', 'now-5m', 'now', '--json']).out)[0];
  const after = Date.now();
  assert.equal(window.t1 - window.t0, 300000);
  assert.ok(window.t1 >= before && window.t1 <= after, `${window.t1} within [${before}, ${after}]`);
  const span = jsonLines(run(['window', 'now-1h30m', 'now+250ms', '--json']).out)[0];
  assert.equal(span.t1 - span.t0, 5400250);
  assert.equal(run(['window', 'now-5x', 'now']).code, 2);
});

test('--version prints the package version and exits 0', () => {
  const { version } = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8'));
  assert.match(version, /^\d+\.\d+\.\d+/);
  for (const flag of ['--version', '-V']) assert.deepEqual(run([flag]), { code: 0, out: `${version}\n`, err: '' });
});

// issue 26's CLI items, each as a user meets it
test('the table header goes to a terminal, not into a pipe; --header and --no-header say which', () => {
  const ids = 'JOB0KHTOWnGLuC\n';
  assert.equal(run(['decode'], ids).out.split('\n')[0].slice(0, 16), 'JOB0KHTOWnGLuC  ');
  assert.match(run(['decode', '--header'], ids).out, /^ID +NS +SNOWFLAKE/);
  assert.match(run(['scan', '--header'], `x ${ids}`).out, /^LINE +OFFSET +ID/);
  assert.doesNotMatch(run(['scan'], `x ${ids}`).out, /OFFSET/);
  const both = run(['decode', '--header', '--no-header'], ids);
  assert.equal(both.code, 2);
  assert.match(both.err, /^branded: --header and --no-header ask for opposite things; give one\n/);
  const atTerminal = spawnSync(
    'python3',
    [TTY_STDERR, '--stdout-too', process.execPath, CLI, 'decode', 'JOB0KHTOWnGLuC'],
    {
      encoding: 'utf8',
    },
  );
  assert.match(atTerminal.stderr, /^ID +NS +SNOWFLAKE/);
  const hidden = spawnSync(
    'python3',
    [TTY_STDERR, '--stdout-too', process.execPath, CLI, 'decode', '--no-header', 'JOB0KHTOWnGLuC'],
    { encoding: 'utf8' },
  );
  assert.match(hidden.stderr, /^JOB0KHTOWnGLuC {2}JOB/);
});

test("scan's FILE:LINE column is as wide as the longest FILE needs: every row's columns line up", () => {
  const dir = mkdtempSync(join(tmpdir(), 'branded-width-'));
  const files = [join(dir, 'a.log'), join(dir, 'a-much-longer-file-name-of-the-second-log.log')];
  writeFileSync(files[0], 'x JOB0KHTOWnGLuC\n');
  writeFileSync(files[1], `${'\n'.repeat(1234)}y USR0NgWEfAEJfs\n`);
  const lines = run(['scan', '--header', ...files])
    .out.trimEnd()
    .split('\n');
  rmSync(dir, { recursive: true, force: true });
  assert.equal(lines.length, 3);
  const idColumn = lines.map((line) => line.search(/\b(ID|JOB0KHTOWnGLuC|USR0NgWEfAEJfs)\b/));
  assert.deepEqual(idColumn, [idColumn[0], idColumn[0], idColumn[0]], lines.join('\n'));
  assert.ok(lines[2].startsWith(`${files[1]}:1235 `));
});

test('scan that finds nothing says so on stderr (stdout stays empty, exit 0)', () => {
  assert.deepEqual(run(['scan'], 'nothing here\n'), {
    code: 0,
    out: '',
    err: 'branded scan: no ids found (13 bytes read)\n',
  });
  // --valid-only prints no refused row: exit 0, as a pipeline under pipefail expects
  assert.deepEqual(run(['scan', '--valid-only'], 'JOBzzzzzzzzzzz\n'), {
    code: 0,
    out: '',
    err: 'branded scan: no valid ids found (15 bytes read, 1 refused)\n',
  });
});

test('window echoes the instants it read; encode says what is wrong with a negative SNOWFLAKE', () => {
  assert.equal(
    run(['window', '1781000000010', '2026-06-09T12:13:20.020+02:00']).out,
    't0             2026-06-09T10:13:20.010Z (1781000000010)\n' +
      't1             2026-06-09T10:13:20.020Z (1781000000020)\n' +
      'start          1781000000010-0\n' +
      'end            (1781000000020-0\n' +
      'inclusive end  1781000000019-4194303\n' +
      'XRANGE <key> 1781000000010-0 (1781000000020-0\n',
  );
  assert.match(run(['window', 'now-5m', 'now']).out, /^t0 {13}\d{4}-\d\d-\d\dT[\d:.]+Z \(\d{13}\)\nt1 /);
  assert.deepEqual(run(['encode', 'JOB', '-1']), {
    code: 1,
    out: '',
    err: 'branded encode: refused: range (SNOWFLAKE must be 0 or more)\n',
  });
  assert.match(
    run(['encode', 'JOB', '9223372036854775808']).err,
    /SNOWFLAKE must be below 2\^63 \(9223372036854775808\)/,
  );
});
