// The Placement panel's model (web/src/panels/placement/placement-model.js) against tests/vectors/: the keys a
// queue's job row and pending set take (keyspace.json), their slots (slot.json), the fence on its own slot, and
// an id that does not parse refused with its error class.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ready } from '@echomq/branded';
import { hashOf, keyRows, queueSlots } from '../../../web/src/panels/placement/placement-model.js';

await ready;
const vectors = (name) => JSON.parse(readFileSync(new URL(`../../vectors/${name}.json`, import.meta.url), 'utf8'));
const keyspace = vectors('keyspace');
const slotOf = new Map(vectors('slot').map((v) => [v.key, v.slot]));

test('the job row, the pending set and the fence: the vectors’ keys and slots, one slot for the queue', () => {
  const job = keyspace.jobKeys.find((v) => v.name === 'orders');
  const pending = keyspace.queueKeys.find((v) => v.name === 'pending');
  const rows = keyRows('orders', job.id);
  assert.deepEqual(
    rows.map((r) => r.key),
    [job.key, pending.key, keyspace.fence.key],
  );
  assert.equal(rows[1].slot, slotOf.get(pending.key));
  assert.equal(rows[2].slot, slotOf.get(keyspace.fence.key));
  assert.deepEqual([...queueSlots(rows)], [slotOf.get(pending.key)]);
});

test('a refused id refuses the job row only, and then the queue has no verdict', () => {
  for (const v of keyspace.jobKeys.filter((k) => k.error && k.queue === 'orders')) {
    const rows = keyRows(v.queue, v.id);
    assert.match(rows[0].error, new RegExp(`^${v.error}: `), v.name);
    assert.equal(rows[1].error, undefined, v.name);
    assert.equal(queueSlots(rows), null, v.name);
  }
});

test('hash32 comes from the Snowflake alone: two namespaces of one Snowflake place the same way', () => {
  const job = hashOf('JOB0KHTOWnGLuC');
  const usr = hashOf('USR0KHTOWnGLuC');
  assert.equal(job.snowflake, usr.snowflake);
  assert.equal(job.hash32, usr.hash32);
  assert.ok(Number.isInteger(job.hash32) && job.hash32 >= 0 && job.hash32 < 2 ** 32);
  assert.deepEqual(hashOf('JOB-42'), { error: 'length' });
});
