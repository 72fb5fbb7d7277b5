// Minters: the minting law is core's; here, that the package's minters are monotonic, unique, refuse a
// bad node or namespace, and need no .delete().
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as branded from '../../wasm/index.js';
import { brandedError } from './support.js';

test('a minter is strictly increasing and carries its namespace and node', () => {
  const minter = branded.createMinter({ namespace: 'JOB', node: 7 });
  assert.equal(minter.namespace, 'JOB');
  assert.equal(minter.node, 7);
  let previous = '';
  const before = Date.now();
  for (let i = 0; i < 20000; i++) {
    const id = minter.next();
    assert.ok(id > previous, `${id} after ${previous}`);
    previous = id;
    const parsed = branded.parse(id);
    assert.equal(parsed.namespace, 'JOB');
    assert.equal(parsed.node, 7);
  }
  // 20,000 ids borrow at most a few milliseconds ahead of the clock (4,096 per ms).
  assert.ok(branded.parse(previous).unixMs <= Date.now() + 5);
  assert.ok(branded.parse(previous).unixMs >= before);
  const s1 = minter.nextSnowflake();
  const s2 = minter.nextSnowflake();
  assert.equal(typeof s1, 'bigint');
  assert.ok(s2 > s1);
  assert.ok(branded.encode('JOB', s1) > previous);
});

test('the node defaults to 0; node and namespace are refused, never masked', () => {
  assert.equal(branded.parse(branded.createMinter({ namespace: 'USR' }).next()).node, 0);
  assert.equal(branded.parse(branded.createMinter({ namespace: 'USR', node: 1023 }).next()).node, 1023);
  assert.throws(() => branded.createMinter({ namespace: 'USR', node: 1024 }), brandedError('node'));
  assert.throws(() => branded.createMinter({ namespace: 'USR', node: -1 }), brandedError('node'));
  assert.throws(() => branded.createMinter({ namespace: 'usr', node: 0 }), brandedError('namespace'));
  assert.throws(() => branded.createMinter({ namespace: 'USRX', node: 0 }), brandedError('namespace'));
  assert.throws(() => branded.createMinter({ namespace: 'USR', node: 1.5 }), TypeError);
});

test('two minters on different nodes never collide', () => {
  const a = branded.createMinter({ namespace: 'JOB', node: 1 });
  const b = branded.createMinter({ namespace: 'JOB', node: 2 });
  const seen = new Set();
  for (let i = 0; i < 5000; i++) {
    seen.add(a.next());
    seen.add(b.next());
  }
  assert.equal(seen.size, 10000);
});

test(
  'minters are released when collected: the memory of the module stays flat',
  { skip: typeof globalThis.gc !== 'function' && 'needs --expose-gc' },
  async () => {
    const { memoryBytes } = await import('../../wasm/lib/module.js');
    const settle = async () => {
      globalThis.gc();
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    };
    const round = () => {
      for (let i = 0; i < 20000; i++) branded.createMinter({ namespace: 'JOB', node: i % 1024 }).next();
    };
    round();
    await settle();
    const before = memoryBytes();
    // Unreleased, 200,000 more core Minters would take several megabytes of the module's memory.
    for (let r = 0; r < 10; r++) {
      round();
      await settle();
    }
    assert.equal(memoryBytes(), before);
    assert.equal(branded.parse(branded.createMinter({ namespace: 'JOB' }).next()).ok, true);
  },
);

test('a disposed minter throws a TypeError that says so, even once its handle is given to a new minter', () => {
  const minter = branded.createMinter({ namespace: 'JOB', node: 3 });
  assert.equal(branded.parse(minter.next()).node, 3);
  minter.dispose();
  minter.dispose(); // a second dispose does nothing
  const disposed = { name: 'TypeError', message: /minter \(JOB, node 3\) was disposed: create another/ };
  assert.throws(() => minter.next(), disposed);
  assert.throws(() => minter.nextSnowflake(), disposed);
  // The module reuses released handles: the disposed minter must not mint from the next one's state.
  const others = Array.from({ length: 4 }, (_, i) => branded.createMinter({ namespace: 'USR', node: 100 + i }));
  assert.throws(() => minter.next(), disposed);
  for (const other of others) assert.equal(branded.parse(other.next()).namespace, 'USR');
  if (typeof Symbol.dispose === 'symbol') {
    const scoped = branded.createMinter({ namespace: 'JOB' });
    scoped[Symbol.dispose]();
    assert.throws(() => scoped.next(), TypeError);
  }
});
