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
    [
      { id: 1, op: 'enqueueMany', queue: 'demo', items: [{ job: 'a', payload: 1 }] },
      /items\[0\]: "payload" must be a string/,
    ],
  ];
  for (const [message, pattern] of bad) {
    assert.throws(
      () => readRequest(message),
      (e) => e instanceof BridgeError && e.code === 'bad_request' && pattern.test(e.message),
      JSON.stringify(message),
    );
  }
});

test('a bucket keeps a reserve for small takes, and takes back what a request did not use', () => {
  const bucket = createBucket(100, () => 0);
  assert.equal(bucket.take(95, 10), false, 'a large take may not dig into the reserve');
  assert.ok(bucket.take(90, 10));
  assert.ok(bucket.take(10), 'a small take may');
  assert.equal(bucket.take(1), false);
  bucket.give(30);
  assert.ok(bucket.take(30));
});

test('client addresses: the peer, or behind a trusted proxy the right-most untrusted X-Forwarded-For hop; IPv6 per /64', async () => {
  const { clientAddress, clientKey } = await import('../../bridge/src/clients.js');
  const req = (remoteAddress, xff) => ({
    socket: { remoteAddress },
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
  });
  const trusted = new Set(['10.0.0.1', '10.0.0.2']);
  assert.equal(
    clientAddress(req('::ffff:203.0.113.5', '198.51.100.1'), trusted),
    '203.0.113.5',
    'an untrusted peer is the client',
  );
  assert.equal(clientAddress(req('10.0.0.1', '6.6.6.6, 198.51.100.1'), trusted), '198.51.100.1');
  assert.equal(
    clientAddress(req('10.0.0.1', '198.51.100.1, 10.0.0.2'), trusted),
    '198.51.100.1',
    'a chain of trusted proxies',
  );
  assert.equal(
    clientAddress(req('10.0.0.1', 'garbage'), trusted),
    '10.0.0.1',
    'a garbled hop counts against the proxy',
  );
  assert.equal(clientAddress(req('10.0.0.1'), trusted), '10.0.0.1');
  assert.equal(clientKey('2001:db8:1:2:3:4:5:6'), clientKey('2001:db8:1:2::9'));
  assert.notEqual(clientKey('2001:db8:1:2::1'), clientKey('2001:db8:1:3::1'));
  assert.equal(clientKey('192.0.2.7'), '192.0.2.7');
});

test('request targets are read without new URL(); Host names against the allowlist', async () => {
  const { hostAllowed, requestPath } = await import('../../bridge/src/guard.js');
  assert.deepEqual(['/ws', '//[', '//a:b/ws?x', '/a#b', '*', 'http://h/ws', ''].map(requestPath), [
    '/ws',
    '//[',
    '//a:b/ws',
    '/a',
    null,
    null,
    null,
  ]);
  const hosts = ['127.0.0.1', 'localhost', '[::1]'];
  const host = (value) => hostAllowed({ headers: { host: value } }, hosts);
  assert.deepEqual(
    [
      '127.0.0.1:8787',
      'LOCALHOST',
      '[::1]:1',
      'evil.example',
      'localhost.evil.example:8787',
      '127.0.0.1:8787@evil',
      undefined,
    ].map(host),
    [true, true, true, false, false, false, false],
  );
});

test('static paths: no dotfile segment, raw or percent-encoded', () => {
  for (const path of ['/.env', '/%2eenv', '/a/.git/config', '/a/%2Egit/x', '/..', '/a\\..\\b'])
    assert.equal(resolveInside('/srv/site', path), null, path);
  assert.equal(resolveInside('/srv/site', '/a.b/c.js'), '/srv/site/a.b/c.js');
});

test('logs: an event past its burst is counted, then reported once as log_suppressed', async () => {
  const { createLogger } = await import('../../bridge/src/log.js');
  let now = 0;
  const lines = [];
  const logger = createLogger({
    stream: { write: (line) => lines.push(JSON.parse(line)) },
    burst: 3,
    windowMs: 1000,
    now: () => now,
  });
  for (let i = 0; i < 10; i += 1) logger.warn('upgrade_refused', { origin: 'x'.repeat(500) });
  assert.equal(lines.length, 3);
  assert.ok(
    lines.every((l) => l.origin.length <= 201),
    'client strings are cut short',
  );
  now = 1000;
  logger.warn('upgrade_refused', {});
  assert.deepEqual(
    lines.slice(3).map((l) => [l.event, l.count]),
    [
      ['log_suppressed', 7],
      ['upgrade_refused', undefined],
    ],
  );
});

test('logs: every control character a client sent (C0, DEL, C1, U+2028/9) is escaped; the line is the same JSON', async () => {
  const { createLogger } = await import('../../bridge/src/log.js');
  const raw = [];
  const logger = createLogger({ stream: { write: (line) => raw.push(line) } });
  const sent = `a\u0000\u0007\u001b[31m\u007f\u0080\u009b\u009f\u2028\u2029z`;
  logger.warn('upgrade_refused', { origin: sent });
  const line = raw[0].trimEnd();
  assert.doesNotMatch(line, /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u);
  assert.equal(JSON.parse(line).origin, sent);
});

test('frames: the id of a frame refused unread is read from its first bytes only', async () => {
  const { leadingId } = await import('../../bridge/src/session/frame-gate.js');
  assert.equal(leadingId(Buffer.from('{"id":12,"op":"hello"}')), 12);
  assert.equal(leadingId(Buffer.from(' { "id" : "a-b" , "op":"x"}')), 'a-b');
  assert.equal(leadingId(Buffer.from('{"op":"hello","id":12}')), null, 'not first: not read');
  assert.equal(leadingId(Buffer.from('{"id":99999999999999999,"op":"x"}')), null, 'not a safe integer');
  assert.equal(leadingId(Buffer.from(`{"id":"${'x'.repeat(200)}"}`)), null, 'longer than an id');
});

test('static: one byte range, a suffix, unsatisfiable, several ranges (whole file), If-Range', async () => {
  const { byteRange, notModified } = await import('../../bridge/src/conditional.js');
  const req = (headers) => ({ headers });
  assert.deepEqual(byteRange(req({ range: 'bytes=0-9' }), 100, 'W/"a"'), { start: 0, end: 9 });
  assert.deepEqual(byteRange(req({ range: 'bytes=90-' }), 100, 'W/"a"'), { start: 90, end: 99 });
  assert.deepEqual(byteRange(req({ range: 'bytes=-5' }), 100, 'W/"a"'), { start: 95, end: 99 });
  assert.deepEqual(byteRange(req({ range: 'bytes=50-500' }), 100, 'W/"a"'), { start: 50, end: 99 });
  assert.equal(byteRange(req({ range: 'bytes=100-' }), 100, 'W/"a"'), 'unsatisfiable');
  assert.equal(byteRange(req({ range: 'bytes=0-1,5-6' }), 100, 'W/"a"'), null);
  assert.equal(byteRange(req({ range: 'bytes=0-1', 'if-range': 'W/"b"' }), 100, 'W/"a"'), null);
  assert.equal(notModified(req({ 'if-none-match': '"x", W/"a"' }), 'W/"a"'), true);
  assert.equal(notModified(req({ 'if-none-match': 'W/"b"' }), 'W/"a"'), false);
});

test('shares: among equals, a newcomer holding nothing takes the place idle longest by work; one holding some does not', async () => {
  const { createShares } = await import('../../bridge/src/shares.js');
  let clock = 0;
  const evicted = [];
  const item = (name, extra = {}) => ({
    name,
    workedAt: clock,
    idleSince() {
      return this.workedAt;
    },
    evict: () => evicted.push(name),
    ...extra,
  });
  const shares = createShares({ limit: 3, perHolder: 8, minIdleMs: 1000, now: () => clock });
  const a = item('a');
  assert.equal(shares.take('A', a), null);
  clock = 100;
  assert.equal(shares.take('B', item('b')), null);
  assert.equal(shares.take('C', item('c')), null);
  assert.equal(shares.take('D', item('d')), 'full', 'nobody idle for a second yet');
  clock = 1200;
  a.workedAt = 1150; // real work: a is not the idle one any more
  assert.equal(shares.take('C', item('c2')), 'full', 'C holds one already: it may not take a neighbour');
  assert.equal(shares.take('D', item('d')), null);
  assert.deepEqual(evicted, ['b'], 'the one idle longest by work');
  const unfinished = item('u', { unfinished: () => true, idleSince: () => -1e12 });
  clock = 1300;
  shares.release('C', shares.itemsOf('C')[0]);
  assert.equal(shares.take('E', unfinished), null);
  assert.equal(shares.take('D', item('d2')), null, 'D holds one, yet an unfinished item goes to anyone');
  assert.deepEqual(evicted, ['b', 'u']);
});

test('fragments: frame headers are read across chunks (7-, 16- and 64-bit lengths, control frames between)', async () => {
  const { FragmentCounter } = await import('../../bridge/src/session/fragment-guard.js');
  const frame = (fin, opcode, length) => {
    const head = [(fin ? 0x80 : 0) | opcode];
    if (length < 126) head.push(0x80 | length);
    else if (length < 65536) head.push(0x80 | 126, length >> 8, length & 255);
    else
      head.push(0x80 | 127, 0, 0, 0, 0, (length >>> 24) & 255, (length >> 16) & 255, (length >> 8) & 255, length & 255);
    return Buffer.concat([Buffer.from([...head, 1, 2, 3, 4]), Buffer.alloc(length, 0x78)]);
  };
  let exceeded = 0;
  const counter = new FragmentCounter(3, () => (exceeded += 1));
  // A whole message, then one in 3 frames with a ping between, then 2 frames of a third: all within the bound.
  const within = Buffer.concat([
    frame(true, 1, 5),
    frame(false, 1, 1),
    frame(false, 0, 70000),
    frame(false, 9, 0),
    frame(true, 0, 200),
    frame(false, 2, 1),
    frame(false, 0, 1),
  ]);
  for (let at = 0; at < within.length; at += 7) {
    const chunk = within.subarray(at, at + 7);
    assert.equal(counter.push(chunk), chunk.length);
  }
  assert.equal(exceeded, 0);
  const over = Buffer.concat([frame(false, 0, 1), frame(false, 0, 1)]);
  assert.equal(counter.push(over), 7, "the third frame's bytes, none of the fourth's");
  assert.equal(exceeded, 1);
  assert.equal(counter.push(frame(true, 0, 1)), 0, 'nothing after it');
});
