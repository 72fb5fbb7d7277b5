// Every case of tests/vectors/*.json through the package.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';

import * as branded from '../../wasm/index.js';
import { brandedError, vectors } from './support.js';

test('valid ids parse to their namespace, Snowflake and fields', () => {
  for (const v of vectors('valid')) {
    const parsed = branded.parse(v.id);
    assert.deepEqual(
      parsed,
      {
        ok: true,
        namespace: v.namespace,
        snowflake: BigInt(v.snowflake),
        unixMs: v.unixMs,
        node: v.node,
        seq: v.seq,
      },
      v.name,
    );
    assert.equal(branded.valid(v.id), true, v.name);
    assert.equal(branded.errorOffset(v.id), -1, v.name);
    assert.equal(new Date(parsed.unixMs).toISOString(), v.iso, v.name);
    assert.equal(branded.hash32(parsed.snowflake), v.hash32, v.name);
    assert.equal(branded.streamId(parsed.snowflake), v.streamId, v.name);
    assert.equal(branded.unixMs(parsed.snowflake), v.unixMs, v.name);
    assert.equal(branded.encode(v.namespace, parsed.snowflake), v.id, v.name);
  }
});

test('invalid ids are refused with their error class', () => {
  for (const v of vectors('invalid')) {
    assert.deepEqual(branded.parse(v.id), { ok: false, error: v.error }, v.name);
    assert.equal(branded.valid(v.id), false, v.name);
    assert.ok(branded.errorOffset(v.id) >= 0, v.name);
  }
});

test('encode vectors', () => {
  for (const v of vectors('encode')) {
    const snowflake = BigInt(v.snowflake);
    if (v.error) assert.throws(() => branded.encode(v.namespace, snowflake), brandedError(v.error), v.name);
    else assert.equal(branded.encode(v.namespace, snowflake), v.id, v.name);
  }
});

test('gate vectors: the wire gate reads three bytes, the host check all fourteen', () => {
  const gate = vectors('gate');
  assert.equal(branded.KIND_REFUSAL, gate.refusal);
  assert.equal(branded.ENQUEUE_SCRIPT_SHA1, gate.scriptSha1);
  assert.equal(createHash('sha1').update(branded.ENQUEUE_SCRIPT).digest('hex'), gate.scriptSha1);
  assert.ok(
    branded.ENQUEUE_SCRIPT.startsWith(
      `if string.sub(ARGV[1], 1, 3) ~= 'JOB' then return redis.error_reply('${gate.refusal}') end`,
    ),
  );
  for (const v of gate.cases) {
    const expected = v.admitted ? { admitted: true } : { admitted: false, error: gate.refusal };
    assert.deepEqual(branded.gate(v.id), expected, v.name);
    const host = branded.parse(v.id);
    assert.equal(host.ok ? 'ok' : host.error, v.host, v.name);
  }
});

test('keyspace vectors: job keys, queue keys, queue names, the fence', () => {
  const keyspace = vectors('keyspace');
  for (const v of keyspace.jobKeys) {
    if (v.error) assert.throws(() => branded.jobKey(v.queue, v.id), brandedError(v.error), v.name);
    else assert.equal(branded.jobKey(v.queue, v.id), v.key, v.name);
  }
  for (const v of keyspace.queueKeys) {
    if (v.error) assert.throws(() => branded.queueKey(v.queue, v.type), brandedError(v.error), v.name);
    else assert.equal(branded.queueKey(v.queue, v.type), v.key, v.name);
  }
  const { queue, prefix, length } = keyspace.jobKeyPrefix;
  const key = branded.jobKey(queue, 'JOB0KHTOWnGLuC');
  assert.equal(key.slice(0, length), prefix);
  assert.equal(Buffer.byteLength(prefix), length);
  for (const name of keyspace.queues.valid) {
    assert.equal(branded.validQueue(name), true, name);
    assert.equal(branded.pendingKey(name), `emq:{${name}}:pending`, name);
  }
  for (const v of keyspace.queues.invalid) {
    assert.equal(branded.validQueue(v.queue), false, v.name);
    assert.throws(() => branded.pendingKey(v.queue), brandedError('queue'), v.name);
    assert.throws(() => branded.jobKey(v.queue, 'JOB0KHTOWnGLuC'), brandedError('queue'), v.name);
  }
  assert.equal(branded.FENCE_KEY, keyspace.fence.key);
  assert.equal(branded.FENCE_VALUE, keyspace.fence.value);
});

test('slot vectors', () => {
  for (const v of vectors('slot')) assert.equal(branded.slot(v.key), v.slot, v.name);
});

test('snowflake vectors: base62 digits, hash32, unixMs, compose, minFor, the horizon', () => {
  const s = vectors('snowflake');
  for (const v of s.base62) assert.equal(branded.encode('USR', BigInt(v.value)).slice(3), v.digits, v.name);
  for (const v of s.hash32) assert.equal(branded.hash32(BigInt(v.snowflake)), v.hash32, v.name);
  for (const v of s.unixMs) assert.equal(branded.unixMs(BigInt(v.snowflake)), v.unixMs, v.name);
  for (const v of s.compose) {
    const fields = { unixMs: v.unixMs, node: v.node, seq: v.seq };
    if (v.error) assert.throws(() => branded.compose(fields), brandedError(v.error), v.name);
    else assert.equal(branded.compose(fields), BigInt(v.snowflake), v.name);
  }
  for (const v of s.minFor) {
    if (v.error) assert.throws(() => branded.minFor(v.unixMs), brandedError(v.error), v.name);
    else assert.equal(branded.minFor(v.unixMs), BigInt(v.snowflake), v.name);
  }
  assert.equal(branded.HORIZON_MS, s.horizon.lastMs);
  assert.equal(new Date(branded.HORIZON_MS).toISOString(), s.horizon.iso);
  assert.equal(branded.unixMs(branded.compose({ unixMs: s.horizon.lastMs, node: 0, seq: 0 })), s.horizon.lastMs);
  assert.throws(() => branded.minFor(s.horizon.lastMs + 1), brandedError('range'));
});

test('stream vectors: entry ids, their parsing, windows', () => {
  const s = vectors('stream');
  for (const v of s.entryIds) {
    assert.equal(branded.streamId(BigInt(v.snowflake)), v.streamId, v.name);
    const entry = branded.parseEntryId(v.streamId);
    assert.equal(entry.snowflake, BigInt(v.snowflake), v.name);
  }
  for (const v of s.parse) {
    if (v.error) {
      assert.throws(() => branded.parseEntryId(v.text), brandedError(v.error), v.name);
    } else {
      const entry = branded.parseEntryId(v.text);
      assert.equal(entry.ms, BigInt(v.ms), v.name);
      assert.equal(entry.seq, BigInt(v.seq), v.name);
    }
  }
  for (const v of s.windows) {
    if (v.error) assert.throws(() => branded.streamWindow(v.t0, v.t1), brandedError(v.error), v.name);
    else
      assert.deepEqual(
        branded.streamWindow(v.t0, v.t1),
        { start: v.start, end: v.end, inclusiveEnd: v.inclusiveEnd },
        v.name,
      );
  }
});

test('the contract anchors', () => {
  assert.equal(branded.EPOCH_MS, 1704067200000);
  assert.equal(branded.encode('USR', 274557032793636864n), 'USR0KHTOWnGLuC');
  assert.equal(branded.hash32(274557032793636864n), 234878118);
  assert.equal(branded.unixMs(320636799581945856n), 1780512970164);
  assert.deepEqual(branded.parse('USRzzzzzzzzzzz'), { ok: false, error: 'range' });
  assert.equal(branded.ERROR_CODES.join(' '), 'none length namespace charset range node queue entry_id');
});
