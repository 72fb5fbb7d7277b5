// The Stream window panel's model (web/src/panels/window/window-model.js): [t0, t1) as the reader types it
// (offsets from the seed's start, Unix ms, ISO) → the XRANGE arguments held to tests/vectors/stream.json, and
// the entries predicted over the contract §6 seed (4,096 a millisecond: 40,960 in [+10ms, +20ms)).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ready } from '@echomq/branded';
import { ready as explainReady } from '@echomq/branded/explain';
import { CONTRACT_SEED, predictWindow, resolveWindow } from '../../../web/src/panels/window/window-model.js';

await Promise.all([ready, explainReady]);
const stream = JSON.parse(readFileSync(new URL('../../vectors/stream.json', import.meta.url), 'utf8'));

test('every window vector: its XRANGE start and end, or its refusal', () => {
  for (const v of stream.windows) {
    const r = resolveWindow({ t0: String(v.t0), t1: String(v.t1) });
    if (v.error) {
      assert.match(r.error, new RegExp(`^${v.error} — `), v.name);
      continue;
    }
    assert.deepEqual([r.window.start, r.window.end, r.window.inclusiveEnd], [v.start, v.end, v.inclusiveEnd], v.name);
  }
});

test('+10ms is read from the seed’s start, not from now; the clock the reader passes reads now', () => {
  const seedRelative = resolveWindow({ t0: '+10ms', t1: '+20ms' }, 0);
  assert.equal(seedRelative.t0, CONTRACT_SEED.startMs + 10);
  assert.equal(seedRelative.t1, CONTRACT_SEED.startMs + 20);
  assert.equal(seedRelative.predicted.count, 10 * CONTRACT_SEED.perMs);
  const now = 1790000000000;
  assert.equal(resolveWindow({ t0: 'now-5m', t1: 'now' }, now).t0, now - 300000);
  assert.match(resolveWindow({ t0: 'soon', t1: '+1ms' }).error, /^t0: /);
});

test('the prediction: entries at the seed’s edges, a window past its end, and an empty one', () => {
  const { startMs, perMs, entries } = CONTRACT_SEED;
  const lastMs = startMs + Math.floor((entries - 1) / perMs);
  assert.equal(predictWindow(startMs, lastMs + 1).count, entries);
  assert.deepEqual(predictWindow(lastMs + 1, lastMs + 100), { count: 0, first: null, last: null });
  assert.equal(predictWindow(startMs - 100, startMs + 1).count, perMs);
  const lastFull = predictWindow(lastMs, lastMs + 1);
  assert.equal(lastFull.count, entries - (lastMs - startMs) * perMs);
});
