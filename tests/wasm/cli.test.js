// The branded CLI end to end: a spawned process, arguments, stdin, exit codes 0/1/2, JSON lines.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { CLI, PACKAGE_DIR, vectors } from './support.js';

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

test('decode, human output: a header and aligned rows; all good is exit 0', () => {
  const { code, out } = run(['decode'], 'JOB0KHTOWnGLuC\nUSR0NgWEfAEJfs\n');
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
    .slice(1, -1);
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
  const hostRefused = run(['gate', 'JOB-42']);
  assert.match(hostRefused.out, /wire gate +admitted\nhost +refused: length/);
  assert.equal(hostRefused.code, 1);
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
