// The bad-input matrix through the connector (@echomq/branded/valkey) on a real server with the module:
// every malformed queue, id, payload, executor, stream, Snowflake and window is refused with its typed
// error before the wire (BrandedError .code, TypeError, ExecutorError), ids of another namespace by the
// server's wire gate (KindError, both executors), a non-monotonic append with NonMonotonicError, and the
// keyspace is exactly what it was afterwards (DBSIZE, DEBUG DIGEST, and no EVALSHA/EVAL/EMQ.ENQUEUE/XADD
// ran for a host refusal).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { asText, family, keyspaceState, parseError, surfacePresent, VALID_ID } from './support.js';

const present = surfacePresent(
  'connector (@echomq/branded/valkey)',
  'wasm/valkey.js',
  'build/native/valkey/emq_module.so',
);
const { startServer } = present ? await import('../../scripts/valkey.js') : {};
const connector = present ? await import('../../wasm/valkey.js') : {};
const { BrandedError } = present ? await import('../../wasm/index.js') : {};

const EXECUTORS = ['script', 'native'];
const SEED_SNOWFLAKE = 274557032793636864n;
const WRITES = ['evalsha', 'eval', 'emq.enqueue', 'xadd', 'hset', 'zadd'];
const state = (client) => keyspaceState(client, WRITES);

// What a promise-returning (or throwing) call was refused with: the error's code, its class, or 'resolved'.
async function refusal(call) {
  try {
    await call();
    return 'resolved';
  } catch (error) {
    if (error instanceof BrandedError) return error.code;
    return error?.code ?? error?.name ?? String(error);
  }
}

describe('bad-input matrix: connector', { skip: !present && 'the connector is not built yet' }, () => {
  let server;
  let conn;
  let baseline;

  before(async () => {
    server = await startServer({ module: true, args: ['--enable-debug-command', 'local'] });
    conn = await connector.connect(server.url);
    // One real job and one stream entry, so the digest covers rows, a pending set and a stream.
    assert.equal(await conn.enqueue('orders', VALID_ID, 'seed'), 'enqueued');
    await conn.append('orders', 'fills', SEED_SNOWFLAKE, { f: '00000000' });
    baseline = await state(conn.client);
  });
  after(async () => {
    await conn?.close();
    await server?.stop();
  });

  it('malformed ids: enqueue (both executors), enqueueMany, job — the host refuses, nothing is sent', async (t) => {
    const cases = family('id');
    const broken = [];
    for (const c of cases) {
      const { text, bytes } = asText(c);
      const want = parseError(bytes);
      for (const executor of EXECUTORS) {
        const got = await refusal(() => conn.enqueue('orders', text, 'p', { executor }));
        if (got !== want) broken.push(`${c.name}: enqueue(${executor}) → ${got}, want ${want}`);
      }
      const [outcome] = await conn.enqueueMany('orders', [[text, 'p']]);
      if (outcome.verdict !== 'refused' || outcome.error?.code !== want)
        broken.push(`${c.name}: enqueueMany → ${outcome.verdict} ${outcome.error?.code}`);
      const read = await refusal(() => conn.job('orders', text));
      if (read !== want) broken.push(`${c.name}: job → ${read}`);
    }
    assert.deepEqual(broken, []);
    t.diagnostic(`${cases.length} ids x (2 executors + enqueueMany + job)`);
  });

  it('malformed queue names: enqueue, enqueueMany, job, pending, append, readWindow', async () => {
    const broken = [];
    for (const c of family('queue')) {
      const { text } = asText(c);
      for (const [what, call] of [
        ['enqueue', () => conn.enqueue(text, VALID_ID, 'p')],
        ['enqueue native', () => conn.enqueue(text, VALID_ID, 'p', { executor: 'native' })],
        ['enqueueMany', () => conn.enqueueMany(text, [[VALID_ID, 'p']])],
        ['job', () => conn.job(text, VALID_ID)],
        ['pending', () => conn.pending(text)],
        ['append', () => conn.append(text, 'fills', SEED_SNOWFLAKE + 1n, { f: 'x' })],
        // As a stream name (a key type): the same byte class, but "emq" is reserved only as a queue name.
        ...(text === 'emq'
          ? []
          : [['append (as stream)', () => conn.append('orders', text, SEED_SNOWFLAKE + 1n, { f: 'x' })]]),
        ['readWindow', () => conn.readWindow(text, 'fills', 0, 10)],
      ]) {
        const got = await refusal(call);
        if (got !== 'queue') broken.push(`${c.name}: ${what} → ${got}`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('well-formed ids of another namespace: the server refuses them (KindError, both executors)', async () => {
    const others = [
      'USR0KHTOWnGLuC',
      'JOA0KHTOWnGLuC',
      'JOC0KHTOWnGLuC',
      'AAA00000000000',
      'ZZZAzL8n0Y58m7',
      'OBJ0KHTOWnGLuC',
    ];
    const broken = [];
    for (const id of others)
      for (const executor of EXECUTORS) {
        try {
          await conn.enqueue('orders', id, 'p', { executor });
          broken.push(`${id} ${executor}: enqueued`);
        } catch (error) {
          if (!(error instanceof connector.KindError) || error.serverText !== 'EMQKIND job id must be JOB-namespaced')
            broken.push(`${id} ${executor}: ${error?.name} ${error?.message}`);
        }
      }
    assert.deepEqual(broken, []);
  });

  it('wrong types and bad options: payload, executor, items, limit, fields, Snowflakes, windows', async (t) => {
    const notText = [undefined, null, 5, 5n, true, {}, [], [VALID_ID], Symbol('q'), new String(VALID_ID)];
    const calls = [
      ...notText.map((v) => [`enqueue(queue ${typeof v})`, () => conn.enqueue(v, VALID_ID, 'p'), 'TypeError']),
      ...notText.map((v) => [`enqueue(id ${typeof v})`, () => conn.enqueue('orders', v, 'p'), 'TypeError']),
      ...[undefined, null, 5, 5n, true, {}, [1, 2], Symbol('p')].map((v) => [
        `enqueue(payload ${typeof v})`,
        () => conn.enqueue('orders', VALID_ID, v),
        'TypeError',
      ]),
      ...['lua', 'NATIVE', '', 5, null].map((executor) => [
        `executor ${String(executor)}`,
        () => conn.enqueue('orders', VALID_ID, 'p', { executor }),
        'executor',
      ]),
      ...[undefined, null, 'x', 5, {}].map((items) => [
        `enqueueMany(items ${typeof items})`,
        () => conn.enqueueMany('orders', items),
        'TypeError',
      ]),
      ...[0, -1, 1.5, '5', NaN, Infinity].map((limit) => [
        `pending(limit ${String(limit)})`,
        () => conn.pending('orders', { limit }),
        'TypeError',
      ]),
      ...[undefined, null, {}, [], [['f']], [['f', 1]], { f: 5 }, 'f'].map((fields) => [
        `append(fields ${JSON.stringify(fields)})`,
        () => conn.append('orders', 'fills', SEED_SNOWFLAKE + 1n, fields),
        'TypeError',
      ]),
      ...[...family('snowflake').map((c) => BigInt(c.value)), 1n << 64n, -1n].map((s) => [
        `append(snowflake ${s})`,
        () => conn.append('orders', 'fills', s, { f: 'x' }),
        'range',
      ]),
      ...[5, '5', null].map((s) => [
        `append(snowflake ${typeof s})`,
        () => conn.append('orders', 'fills', s, { f: 'x' }),
        'TypeError',
      ]),
      ...family('window').map((c) => [
        `readWindow(${c.t0}, ${c.t1})`,
        () => conn.readWindow('orders', 'fills', c.t0, c.t1),
        'range',
      ]),
      ...[0, -1, 1.5].map((count) => [
        `readWindow(count ${count})`,
        () => conn.readWindow('orders', 'fills', 0, 10, { count }),
        'TypeError',
      ]),
      [
        'append (not above the top id)',
        () => conn.append('orders', 'fills', SEED_SNOWFLAKE, { f: 'x' }),
        'nonmonotonic',
      ],
    ];
    const broken = [];
    for (const [name, call, want] of calls) {
      const got = await refusal(call);
      if (got !== want) broken.push(`${name} → ${got}, want ${want}`);
    }
    const [item] = await conn.enqueueMany('orders', [[VALID_ID]]);
    if (item.verdict !== 'refused' || !(item.error instanceof TypeError))
      broken.push(`enqueueMany([[id]]) → ${item.verdict}`);
    assert.deepEqual(broken, []);
    t.diagnostic(`${calls.length + 1} calls`);
  });

  it('the keyspace is unchanged afterwards; the host refusals sent nothing', async () => {
    const now = await state(conn.client);
    assert.deepEqual([now.dbsize, now.digest, now.succeeded], [baseline.dbsize, baseline.digest, baseline.succeeded]);
    // Only the wire-gate cases (6 ids x 2 executors) and the one non-monotonic append reached the server.
    const sent = {
      ...baseline.calls,
      evalsha: baseline.calls.evalsha + 6,
      'emq.enqueue': baseline.calls['emq.enqueue'] + 6,
      xadd: baseline.calls.xadd + 1,
    };
    assert.deepEqual(now.calls, sent);
  });
});
