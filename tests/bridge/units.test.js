// The small parts that need no socket: queue globs, the rate bucket, static path containment, frames.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { BridgeError } from '../../bridge/src/errors.js';
import { readRequest, requestIdOf } from '../../bridge/src/frames.js';
import { createAllowlist, parseGlobs } from '../../bridge/src/queues.js';
import { createBucket } from '../../bridge/src/rate.js';
import { resolveInside } from '../../bridge/src/static.js';

test('queue globs: * is any run, ? is one byte, . is literal', () => {
  const list = createAllowlist(parseGlobs('demo*,q?,a.b'));
  for (const queue of ['demo', 'demo1', 'demo.x-y_z', 'q1', 'a.b']) assert.ok(list.allows(queue), queue);
  for (const queue of ['dem', 'xdemo', 'q', 'q12', 'aXb', 'a.bc']) assert.ok(!list.allows(queue), queue);
  assert.throws(() => parseGlobs(' , '), /empty/);
});

test('the rate bucket allows a burst of `rate`, then refills at `rate` per second', () => {
  let now = 0;
  const bucket = createBucket(5, () => now);
  for (let i = 0; i < 5; i += 1) assert.ok(bucket.take());
  assert.equal(bucket.take(), false);
  now += 199;
  assert.equal(bucket.take(), false);
  now += 2;
  assert.ok(bucket.take());
  now += 10_000;
  for (let i = 0; i < 5; i += 1) assert.ok(bucket.take());
  assert.equal(bucket.take(), false);
});

test('static paths never leave the root', () => {
  assert.equal(resolveInside('/srv/site', '/index.html'), '/srv/site/index.html');
  assert.equal(resolveInside('/srv/site', '/'), '/srv/site');
  for (const path of ['/../etc/passwd', '/%2e%2e/etc/passwd', '/a/../../x', '/%00', '/%E0%A4%A']) {
    assert.equal(resolveInside('/srv/site', path), null, path);
  }
});

test('request envelopes: the id is echoed when readable; shapes are strict', () => {
  assert.equal(requestIdOf({ id: 'abc' }), 'abc');
  assert.equal(requestIdOf({ id: 2 ** 53 }), null);
  assert.equal(requestIdOf({ id: '' }), null);
  assert.equal(requestIdOf([1]), null);
  assert.deepEqual(readRequest({ id: 1, op: 'hello' }), { id: 1, op: 'hello', fields: {} });
  const bad = [
    [[], /JSON object/],
    [{ op: 'hello' }, /"id" must be/],
    [{ id: 1.5, op: 'hello' }, /"id" must be/],
    [{ id: 'x'.repeat(129), op: 'hello' }, /"id" must be/],
    [{ id: 1 }, /"op" must be a string/],
    [{ id: 1, op: 'flushall' }, /unknown op "flushall"/],
    [{ id: 1, op: 'hello', extra: 1 }, /unknown field "extra"/],
    [{ id: 1, op: 'enqueue', queue: 'demo', job: 5 }, /"job" must be a string/],
    [{ id: 1, op: 'enqueue', queue: 'demo' }, /missing field "job"/],
    [{ id: 1, op: 'enqueue', queue: 'demo', job: 'x', executor: 'lua' }, /"executor" must be "script" or "native"/],
    [{ id: 1, op: 'pending', queue: 'demo', limit: '5' }, /"limit" must be an integer/],
    [{ id: 1, op: 'streamWindow', queue: 'demo', stream: 's', t0: 1.5, t1: 2 }, /"t0" must be an integer/],
    [{ id: 1, op: 'enqueueMany', queue: 'demo', items: {} }, /"items" must be an array/],
    [{ id: 1, op: 'enqueueMany', queue: 'demo', items: ['JOB0KHTOWnGLuC'] }, /items\[0\] must be an object/],
    [{ id: 1, op: 'enqueueMany', queue: 'demo', items: [{ job: 'a', payload: 1 }] }, /items\[0\]: "payload" must be a string/],
  ];
  for (const [message, pattern] of bad) {
    assert.throws(() => readRequest(message), (e) => e instanceof BridgeError && e.code === 'bad_request' && pattern.test(e.message), JSON.stringify(message));
  }
});
