// @echomq/branded/explain: every case of the shared files tests/vectors/explain.json and instant.json (the Catch2
// suite reads the same files), through the ES module and the CommonJS build; wrong argument types; and the CLI's
// refusal hints and instant arguments, which come from the same core functions.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { test } from 'node:test';

import * as explainModule from '@echomq/branded/explain';

import { CLI, vectors } from './support.js';

const require = createRequire(import.meta.url);
const explainCommonJs = require('@echomq/branded/explain');

const file = vectors('explain');
const instants = vectors('instant');
const inputOf = (c) => (c.hex === undefined ? c.input : Uint8Array.from(Buffer.from(c.hex, 'hex')));

// The object explain() answers for a case's expectation: remedy always, suggestion and found when given.
function expected(expect) {
  if (expect === null) return null;
  const { error, offset, message, remedy = 'none', suggestion, found } = expect;
  return {
    error,
    offset,
    message,
    remedy,
    ...(suggestion === undefined ? {} : { suggestion }),
    ...(found === undefined ? {} : { found }),
  };
}

for (const [how, api] of [
  ['ES module', explainModule],
  ['CommonJS', explainCommonJs],
]) {
  test(`${how}: explain() answers every id case of explain.json`, () => {
    for (const c of file.ids) assert.deepEqual(api.explain(inputOf(c)), expected(c.expect), c.name);
  });

  test(`${how}: explainQueue() and explainNamespace() answer every case of explain.json`, () => {
    for (const c of file.queues) {
      const want = c.expect === null ? null : { error: 'queue', offset: c.expect.offset, message: c.expect.message };
      assert.deepEqual(api.explainQueue(inputOf(c)), want, c.name);
    }
    for (const c of file.namespaces) assert.deepEqual(api.explainNamespace(inputOf(c)), expected(c.expect), c.name);
  });

  test(`${how}: explainJobKey() names the field the host check refuses, the queue name first`, () => {
    for (const c of file.jobKeys) {
      const got = api.explainJobKey(c.queue, c.id);
      if (c.expect === null) assert.equal(got, null, c.name);
      else {
        const { field, ...why } = c.expect;
        const rest = field === 'queue' ? why : expected(why);
        assert.deepEqual(got, { field, ...rest }, c.name);
      }
    }
  });

  test(`${how}: parseInstant() reads every case of instant.json`, () => {
    for (const c of instants.cases) {
      const got = api.parseInstant(c.text, { now: instants.now, base: instants.base });
      if (c.error === undefined) assert.deepEqual(got, { ok: true, ms: c.ms }, c.text);
      else {
        assert.equal(got.ok, false, c.text);
        assert.equal(got.error, c.error, c.text);
        assert.ok(got.message.length > 0, c.text);
      }
    }
  });
}

test('the module is ready on import in Node, and `ready` resolves', async () => {
  await explainModule.ready;
  assert.equal(explainModule.explain('JOB0KHTOWnGLuC'), null);
});

test('parseInstant: now defaults to the clock, base to now; the error messages name the forms', () => {
  const before = Date.now();
  const { ms } = explainModule.parseInstant('now-5m');
  assert.ok(ms >= before - 300000 && ms <= Date.now() - 300000, String(ms));
  assert.deepEqual(explainModule.parseInstant('+10ms', { now: 1000 }), { ok: true, ms: 1010 });
  assert.deepEqual(explainModule.parseInstant('now+10ms', { now: 1000, base: 0 }), { ok: true, ms: 1010 });
  assert.match(explainModule.parseInstant('soon').message, /^not an instant: use Unix ms .* or an offset \(\+10ms\)$/);
  assert.equal(explainModule.parseInstant('+0.5ms').message, 'an offset must come to whole milliseconds');
});

test('wrong argument types are TypeErrors naming the parameter; long inputs are explained whole', () => {
  assert.throws(
    () => explainModule.explain(42),
    /^TypeError: input must be a string or a Uint8Array, got the number 42$/,
  );
  assert.throws(() => explainModule.explainQueue(null), /^TypeError: name must be a string or a Uint8Array/);
  assert.throws(() => explainModule.explainJobKey('demo'), /^TypeError: id must be a string or a Uint8Array/);
  assert.throws(() => explainModule.parseInstant(5), /^TypeError: text must be a string/);
  assert.throws(() => explainModule.parseInstant('now', { now: 1.5 }), /^TypeError: now must be a safe integer/);
  const log = `${'x '.repeat(500_000)}JOB0KHTOWnGLuC ${'y'.repeat(100_000)} USR0NgWEfAEJfs`;
  assert.deepEqual(explainModule.explain(log), {
    error: 'length',
    offset: 0,
    message: `${Buffer.byteLength(log)} bytes: an id is exactly 14; the text holds 2 ids`,
    remedy: 'scan',
    found: 2,
  });
});

// The CLI's rows and hints use the same core functions: its hint is the package's message, and where the remedy
// is a command it names it.
function decodeJson(lines) {
  const input = Buffer.concat(lines.flatMap((line) => [Buffer.from(line), Buffer.from('\n')]));
  const run = spawnSync(process.execPath, [CLI, 'decode', '--json'], { input });
  return run.stdout
    .toString()
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
}

test("the CLI's decode hints are the package's messages, with the command a remedy names", () => {
  const cases = file.ids.filter((c) => c.expect !== null && !/[\n\r]/.test(c.input ?? ''));
  const rows = decodeJson(cases.map(inputOf));
  assert.equal(rows.length, cases.length);
  cases.forEach((c, i) => {
    const { message, remedy, found } = c.expect;
    const pointer =
      remedy === 'scan'
        ? `: branded scan finds ${found === 1 ? 'it' : 'them'}`
        : remedy === 'snowflake'
          ? ` decode --ns NS ${c.input.trim()}`
          : '';
    assert.equal(rows[i].hint, message + pointer, c.name);
    assert.equal(rows[i].errorOffset, c.expect.offset, c.name);
  });
});

test('the CLI reads instants with the same reader: +10ms, ISO with a zone, now with offsets', () => {
  const window = (...args) => spawnSync(process.execPath, [CLI, 'window', '--json', ...args], { encoding: 'utf8' });
  const before = Date.now();
  const absolute = window('2026-06-09T12:13:20.010+02:00', '+10ms');
  const after = Date.now();
  assert.equal(absolute.status, 0, absolute.stderr);
  const { t0, t1 } = JSON.parse(absolute.stdout);
  assert.equal(t0, 1781000000010);
  assert.ok(t1 >= before + 10 && t1 <= after + 10, `+10ms counts from now: ${t1} in [${before}, ${after}] + 10`);
  const spanned = JSON.parse(window('now - 1h30m', 'now').stdout);
  assert.equal(spanned.t1 - spanned.t0, 5_400_000);
  const refused = window('+0.5ms', 'now');
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /^branded: T0 "\+0\.5ms": an offset must come to whole milliseconds\n/);
});
