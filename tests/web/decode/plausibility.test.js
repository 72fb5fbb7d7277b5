// The explorer's plausibility verdicts (web/src/panels/decode/plausibility.js) over the package's own columns: ids
// from the future past a five-minute skew, and ids long before the rest of their namespace in the batch —
// far outside its quartiles and a month or more before them, while such ids are few.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encode, parseMany, ready } from '@echomq/branded';
import { EARLY, FUTURE, plausibility } from '../../../web/src/panels/decode/plausibility.js';
import { compose } from '../../e2e/support/snowflake.js';

await ready;

const NOW = 1796300000000; // 2026-12-03T10:53:20Z
const DAY = 24 * 3600e3;
const id = (ns, ms, node = 0, seq = 0) => encode(ns, compose(ms, node, seq));
const judge = (ids, now = NOW) => plausibility(parseMany(ids, { fields: true }), now);
const flagged = (result, kind) => [...result.verdict.keys()].filter((i) => result.verdict[i] === kind);

test('from the future: past now + 5 minutes, not within it; refused ids are never judged', () => {
  const ids = [id('JOB', NOW + 4 * 60e3), id('JOB', NOW + 6 * 60e3), id('JOB', NOW - DAY), 'JOB-42', 'JOB0khtowndg4i'];
  const result = judge(ids);
  assert.deepEqual(flagged(result, FUTURE), [1, 4]); // JOB0khtowndg4i: 2028-10-10
  assert.equal(result.future, 2);
  assert.equal(result.futureAfter, NOW + 5 * 60e3);
  assert.equal(result.verdict[3], 0);
});

test('long before its namespace: a typo of 2024 in a batch of an hour in 2026, judged per namespace', () => {
  const hour = Array.from({ length: 40 }, (_, i) => id('JOB', NOW - 3600e3 + i * 90e3, i % 4, i));
  const typo = id('JOB', 1709000000000); // 2024-02-27
  // USR ids spread over two years: a wide quartile range, so an old user id is no outlier.
  const users = Array.from({ length: 20 }, (_, i) => id('USR', NOW - (i * 730 * DAY) / 20));
  const oldUser = id('USR', 1704067200000 + DAY);
  const result = judge([...hour, typo, ...users, oldUser]);
  assert.deepEqual(flagged(result, EARLY), [40]);
  assert.equal(result.early, 1);
  const fence = result.fences.get(parseMany([typo]).namespace[0]);
  assert.ok(fence.fence <= fence.q1 - 30 * DAY, 'at least a month before the lower quartile');
});

test('a month is the least gap: an id a week before a tight burst is not flagged', () => {
  const burst = Array.from({ length: 30 }, (_, i) => id('EVT', NOW - DAY + i));
  const result = judge([...burst, id('EVT', NOW - 8 * DAY), id('EVT', NOW - 40 * DAY)]);
  assert.deepEqual(flagged(result, EARLY), [31]);
});

test('too few ids of a namespace say nothing; many old ids are a population, not typos', () => {
  const few = Array.from({ length: 7 }, (_, i) => id('EVT', NOW - i));
  assert.equal(judge([...few, id('EVT', 1704067200000)]).early, 1, '7 + 1 = 8 ids: judged, the outlier flagged');
  assert.equal(judge([...few.slice(1), id('EVT', 1704067200000)]).early, 0, '6 + 1 = 7 ids: not judged');
  // 100 ids of this week and 10 of a year ago: a tenth of the batch is no typo.
  const week = Array.from({ length: 100 }, (_, i) => id('USR', NOW - (i * 7 * DAY) / 100));
  const yearAgo = Array.from({ length: 10 }, (_, i) => id('USR', NOW - 365 * DAY - i));
  assert.equal(judge([...week, ...yearAgo]).early, 0);
  assert.equal(judge([...week, ...yearAgo.slice(0, 5)]).early, 5, 'five of 105 are few enough');
});

// Its time is no test's business (bench/, never a gate): only what it finds among a million.
test('a million ids: the one long before its namespace and the one from the future, no other', () => {
  const count = 1_000_000;
  const ids = Array.from({ length: count }, (_, i) => id(i % 2 ? 'JOB' : 'EVT', NOW - DAY + i, i % 1024, i % 4096));
  ids[123456] = id('JOB', 1704067200000 + 5 * DAY);
  ids[654321] = id('EVT', NOW + DAY);
  const columns = parseMany(ids, { fields: true });
  const result = plausibility(columns, NOW);
  assert.deepEqual(flagged(result, EARLY), [123456]);
  assert.deepEqual(flagged(result, FUTURE), [654321]);
});
