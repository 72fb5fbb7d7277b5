// The Enqueue panel's model (web/src/panels/enqueue/enqueue-model.js) without a bridge: the host check before
// anything is sent, held to tests/vectors/keyspace.json, and where a new id sits in the pending set read back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ready } from '@echomq/branded';
import { ready as explainReady } from '@echomq/branded/explain';
import { hostVerdict, pendingPlace, PENDING_LIMIT } from '../../../web/src/panels/enqueue/enqueue-model.js';

await Promise.all([ready, explainReady]);
const keyspace = JSON.parse(readFileSync(new URL('../../vectors/keyspace.json', import.meta.url), 'utf8'));

test('the host check: the keys a valid id and queue take, the refusal class of each refused one', () => {
  for (const v of keyspace.jobKeys) {
    const verdict = hostVerdict(v.queue, v.id);
    if (v.error) {
      assert.equal(verdict.ok, false, v.name);
      assert.equal(verdict.code, v.error, v.name);
      continue;
    }
    const pending = keyspace.queueKeys.find((k) => k.queue === v.queue && k.type === 'pending');
    assert.deepEqual(verdict, { ok: true, jobKey: v.key, pendingKey: pending?.key ?? verdict.pendingKey }, v.name);
  }
});

test('the new id in the pending set: at its place, past a full page, or missing', () => {
  const ids = Array.from({ length: PENDING_LIMIT }, (_, i) => `JOB0KHTOWnG${String(i).padStart(3, '0')}`);
  assert.equal(pendingPlace({ jobs: ids }, ids[41]).at, 41);
  assert.equal(pendingPlace({ jobs: ids }, 'JOBzzzzzzzzzzz').testid, 'pending-beyond');
  assert.equal(pendingPlace({ jobs: ids.slice(0, 5) }, 'JOBzzzzzzzzzzz').missing, true);
});
