// The Mint panel's model (web/src/panels/mint/mint-model.js): batches strictly increasing in byte order across
// calls, one minter per namespace and node, and bad input refused with nothing minted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, ready } from '@echomq/branded';
import { createMintModel, MAX_COUNT } from '../../../web/src/panels/mint/mint-model.js';

await ready;

test('every id greater than the one before, across batches; each row its own id’s instant and sequence', () => {
  const model = createMintModel();
  const first = model.mint({ ns: 'JOB', node: '7', count: '300' });
  const second = model.mint({ ns: 'JOB', node: '7', count: '5' });
  assert.equal(second.total, 305);
  const ids = [...first.minted, ...second.minted].map((r) => r.id);
  for (let i = 1; i < ids.length; i++) assert.ok(ids[i - 1] < ids[i], `${ids[i - 1]} < ${ids[i]}`);
  for (const row of second.minted) {
    const p = parse(row.id);
    assert.deepEqual([p.namespace, p.node, p.unixMs, p.seq], ['JOB', 7, row.unixMs, row.seq]);
  }
});

test('a count or node out of range, or a bad namespace, mints nothing', () => {
  const model = createMintModel();
  for (const count of ['0', String(MAX_COUNT + 1), '1.5', 'x']) {
    assert.equal(model.mint({ ns: 'JOB', node: '0', count }).field, 'count', count);
  }
  assert.equal(model.mint({ ns: 'JOB', node: 'one', count: '1' }).field, 'node');
  const node = model.mint({ ns: 'JOB', node: '1024', count: '1' });
  assert.equal(node.code, 'node');
  assert.match(node.error, /0–1023; nothing was minted\.$/);
  const ns = model.mint({ ns: 'job', node: '0', count: '1' });
  assert.equal(ns.code, 'namespace');
  assert.match(ns.error, /JOB/); // the did-you-mean
  assert.equal(model.mint({ ns: 'JOB', node: '0', count: '1' }).total, 1);
});
