// The fair shares (bridge/src/admission.js), the client table (clients.js) and the ACL's key patterns
// (acl.js), as units: who gives way to whom, and what a pattern can and cannot match.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { aclKeyPatterns, queuePatterns } from '../../bridge/src/acl.js';
import {
  KEY_PRESSURE,
  ShareRefused,
  createFairQueue,
  createSeedLedger,
  createShares,
  keyShare,
  takeShared,
} from '../../bridge/src/admission.js';
import { clientKey, createClients } from '../../bridge/src/clients.js';
import { loadConfig } from '../../bridge/src/config.js';
import { createAllowlist } from '../../bridge/src/queues.js';
import { Bucket } from '../../bridge/src/rate.js';

const item = (log, name) => ({ name, evict: () => log.push(name) });

test("shares: past the ceiling a newcomer takes the heaviest holder's oldest item; equals never push each other out", () => {
  const evicted = [];
  const shares = createShares({ limit: 4, perHolder: 3 });
  for (const [holder, name] of [
    ['a', 'a1'],
    ['a', 'a2'],
    ['a', 'a3'],
    ['b', 'b1'],
  ])
    assert.equal(shares.take(holder, item(evicted, name)), null);
  assert.equal(shares.take('a', item(evicted, 'a4')), 'holder', 'the per-holder cap');
  assert.equal(shares.take('c', item(evicted, 'c1')), null, 'a newcomer is admitted');
  assert.deepEqual(evicted, ['a1'], "the heaviest holder's oldest gave way");
  assert.equal(shares.take('b', item(evicted, 'b2')), 'full', 'a (2) is not two ahead of b (1): nothing to take');
  assert.deepEqual(evicted, ['a1']);
  assert.equal(shares.size(), 4);
  const exempt = createShares({ limit: 2 });
  assert.equal(exempt.take(null, item(evicted, 'p1'), { exempt: true }), null);
  assert.equal(exempt.take(null, item(evicted, 'p2'), { exempt: true }), null);
  assert.equal(exempt.take('d', item(evicted, 'd1')), 'full', "a trusted proxy's items are never taken");
});

test("a fair queue: the lightest waiter goes first, one per holder; a full line gives the heaviest waiter's place to a lighter newcomer", async () => {
  const weights = { a: 5, b: 1, c: 3, d: 0, e: 9 };
  const line = createFairQueue({ slots: 1, maxWaiting: 2, waitMs: 60000, weight: (h) => weights[h], what: 'test' });
  const releaseA = await line.enter('a');
  const order = [];
  const c = line.enter('c').then((release) => {
    order.push('c');
    return release;
  });
  const b = line.enter('b').then((release) => {
    order.push('b');
    return release;
  });
  await assert.rejects(line.enter('b'), (e) => e instanceof ShareRefused && e.reason === 'waiting');
  await assert.rejects(
    line.enter('e'),
    (e) => e instanceof ShareRefused && e.reason === 'full',
    'heavier than every waiter',
  );
  const displaced = assert.rejects(c, (e) => e instanceof ShareRefused && e.reason === 'displaced');
  const d = line.enter('d').then((release) => {
    order.push('d');
    return release;
  });
  await displaced;
  assert.equal(line.lighterWaiting('a', 0), true, 'a lighter client waits behind a');
  releaseA();
  (await d)();
  (await b)();
  assert.deepEqual(order, ['d', 'b']);
  const quick = createFairQueue({ slots: 1, maxWaiting: 1, waitMs: 20, weight: () => 0, what: 'test' });
  const held = await quick.enter('x');
  const alive = setTimeout(() => {}, 1000); // the line's timers do not keep a process alive
  await assert.rejects(quick.enter('y'), (e) => e.reason === 'timeout');
  clearTimeout(alive);
  held();
});

test('key shares: all of --ip-keys below the pressure, then less and less, nothing at a full database', () => {
  assert.equal(keyShare(0, 5000), 5000);
  assert.equal(keyShare(KEY_PRESSURE, 5000), 5000);
  assert.ok(Math.abs(keyShare(0.9, 5000) - 1000) < 1e-6);
  assert.ok(keyShare(0.99, 5000) > 0 && keyShare(0.99, 5000) < 101);
  assert.equal(keyShare(1, 5000), 0);
});

test('a bridge-wide bucket: a light client may overdraw it, a heavy one may not', () => {
  let t = 0;
  const shared = new Bucket(10, () => t);
  assert.ok(takeShared(shared, 10));
  assert.equal(takeShared(shared, 5), false);
  assert.ok(takeShared(shared, 5, { light: true }));
  assert.equal(shared.tokens, -5, 'in debt, which heavy clients wait out');
  t = 1000;
  assert.equal(takeShared(shared, 6), false);
});

test("the seed ledger: room for a newcomer comes from the heaviest seeder's oldest streams, never from one lighter", () => {
  const ledger = createSeedLedger({ limit: 1000, ttlMs: 60000, now: () => 0 });
  ledger.record('a', 'k1', 300);
  ledger.record('a', 'k2', 300);
  ledger.record('b', 'k3', 300);
  assert.deepEqual(ledger.makeRoom('c', 'k4', 300), ['k1'], "a's oldest");
  assert.deepEqual(ledger.makeRoom('b', 'k3', 400), [], 'seeding the same stream again frees its own bytes');
  assert.equal(ledger.makeRoom('a', 'k5', 300), null, 'the heaviest makes no room for itself');
  assert.equal(ledger.total(), 900);
});

test('client keys: IPv6 grouped by --ipv6-prefix (/64, /48), IPv4 by --ipv4-prefix (/32, /24)', () => {
  assert.equal(clientKey('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
  assert.equal(clientKey('2001:db8:1:2::9'), '2001:db8:1:2::/64');
  assert.equal(clientKey('2001:db8:1:0:ffff::1'), '2001:db8:1::/64');
  assert.equal(clientKey('2001:db8:1:2::1', { ipv6Prefix: 48 }), clientKey('2001:db8:1:ffff::1', { ipv6Prefix: 48 }));
  assert.equal(clientKey('2001:db8:1:2::1', { ipv6Prefix: 48 }), '2001:db8:1::/48');
  assert.equal(clientKey('2001:db8:ab:cd::1', { ipv6Prefix: 52 }), '2001:db8:ab::/52');
  assert.equal(clientKey('2001:db8:ab:1fff::1', { ipv6Prefix: 52 }), '2001:db8:ab:1000::/52');
  assert.equal(clientKey('::1'), '::/64');
  assert.equal(clientKey('192.0.2.7'), '192.0.2.7');
  assert.equal(clientKey('192.0.2.7', { ipv4Prefix: 24 }), '192.0.2.0/24');
  assert.equal(clientKey('10.1.255.254', { ipv4Prefix: 16 }), '10.1.0.0/16');
});

test('the client table: past --max-clients the least recently seen record that holds nothing is forgotten', () => {
  let t = 0;
  const config = { ...loadConfig([]), maxClients: 16 };
  const clients = createClients(config, () => t);
  const holding = clients.of('192.0.2.1');
  holding.sockets = 1;
  for (let i = 2; i < 40; i += 1) {
    t += 2000;
    clients.of(`192.0.2.${i}`);
  }
  assert.equal(clients.size(), 16);
  assert.equal(clients.of('192.0.2.1'), holding, 'a record holding a socket stays');
  assert.ok(clients.evicted() >= 23);
  clients.close();
});

test("the ACL's key patterns: a served queue's keys match; a key whose hash tag is not a served name never does", () => {
  const config = loadConfig(['--queues', 'demo*,docs.?']);
  const patterns = aclKeyPatterns(config);
  // Valkey's glob, as far as these patterns use it: literal bytes, `*`, and [classes] with ranges.
  const toRegExp = (glob) =>
    new RegExp(
      `^${glob
        .replace(/[.+^${}()|\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\[([^\]]*)\]/g, (_, cls) => `[${cls.replace(/\\\\/g, '')}]`)}$`,
    );
  const allowed = (key) => patterns.some((p) => toRegExp(p).test(key));
  const allowlist = createAllowlist(config.queues);
  for (const queue of ['demo', 'demo.a', 'demo-1_X', `demo${'q'.repeat(32)}`, 'docs.x']) {
    assert.ok(allowlist.allows(queue), queue);
    for (const key of [`emq:{${queue}}:job:JOB0KHTOWnGLuC`, `emq:{${queue}}:pending`, `emq:{${queue}}:stream.s`])
      assert.ok(allowed(key), key);
  }
  assert.ok(
    allowed('emq:{scratch.0123456789abcdef}:pending') && allowed('emq:{scratch.0123456789abcdef.native}:pending'),
  );
  for (const key of [
    'emq:{demo:other}:x',
    'emq:{demo}}:x',
    'emq:{demo.a:b}:job:x',
    'emq:{demo{x}:pending',
    `emq:{demo${'q'.repeat(33)}}:pending`,
    'emq:{docs.xy}:pending',
    'emq:{orders}:pending',
    '{emq}:version',
    'emq:{scratch.nothex0123456789}:pending',
  ])
    assert.equal(allowed(key), false, key);
  assert.equal(allowlist.allows(`demo${'q'.repeat(33)}`), false, 'the allowlist and the ACL agree on the length');
  assert.equal(queuePatterns('a*b').length, 33);
  assert.throws(() => loadConfig(['--queues', 'a*b*']), /at most one \*/);
});
