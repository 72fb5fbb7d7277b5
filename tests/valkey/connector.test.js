// The connector @echomq/branded/valkey on a real standalone server with the module loaded: the fence at
// connect and reconnect, both executors through the host check, NOSCRIPT, batches, reads, bad input.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { BrandedError, FENCE_KEY, FENCE_VALUE, KIND_REFUSAL, encode, jobKey, pendingKey } from '@echomq/branded';
import { ExecutorError, FenceError, KindError, connect } from '@echomq/branded/valkey';
import { Valkey } from 'iovalkey';
import { startServer } from '../../scripts/valkey.js';
import { commandCalls, snapshot } from './support.js';

const JOB = 'JOB0KHTOWnGLuC';
const USR = 'USR0KHTOWnGLuC';
const WRITE_COMMANDS = ['evalsha', 'eval', 'EMQ.ENQUEUE', 'xadd', 'hset', 'zadd'];

let server;
let raw; // a plain client beside the connector, to look at and to change the server

before(async () => {
  server = await startServer({ module: true });
  raw = new Valkey({ host: server.host, port: server.port, maxRetriesPerRequest: 0 });
});
after(async () => {
  raw.disconnect();
  await server.stop();
});

async function connected(t) {
  const connection = await connect(server.url);
  t.after(() => connection.close());
  return connection;
}

async function writeCalls() {
  const counts = await Promise.all(WRITE_COMMANDS.map((command) => commandCalls(raw, command)));
  return Object.fromEntries(WRITE_COMMANDS.map((command, i) => [command, counts[i]]));
}

/** Runs `action`, expects `ErrorClass` with `code`, and proves nothing was written or even sent. */
async function refusedBeforeTheWire(action, ErrorClass, code) {
  const before = { calls: await writeCalls(), data: await snapshot(raw) };
  await assert.rejects(action, (error) => error instanceof ErrorClass && (code === undefined || error.code === code));
  assert.deepEqual(await writeCalls(), before.calls, 'no write command reached the server');
  assert.deepEqual(await snapshot(raw), before.data);
}

const jobIds = (count, first = 1n << 40n) =>
  Array.from({ length: count }, (_, i) => encode('JOB', first + BigInt(i) * 4099n));

describe('the fence at connect', () => {
  beforeEach(() => raw.flushall());

  test('absent: the connector claims it with SET NX and reads it back', async (t) => {
    const connection = await connected(t);
    assert.equal(await raw.get(FENCE_KEY), FENCE_VALUE);
    assert.deepEqual(connection.fence(), { state: 'ok', found: FENCE_VALUE, expected: FENCE_VALUE });
  });

  test('equal: proceeds without writing it', async (t) => {
    await raw.set(FENCE_KEY, FENCE_VALUE);
    const setsBefore = await commandCalls(raw, 'set');
    const connection = await connected(t);
    assert.equal(connection.fence().state, 'ok');
    assert.equal(await commandCalls(raw, 'set'), setsBefore);
  });

  test('foreign: connect rejects with a FenceError naming found and expected, and disconnects', async () => {
    await raw.set(FENCE_KEY, 'echomq:3.2.1');
    const clientsBefore = (await raw.client('LIST')).trim().split('\n').length;
    await assert.rejects(connect(server.url), (error) => {
      assert.ok(error instanceof FenceError);
      assert.equal(error.code, 'fence');
      assert.equal(error.found, 'echomq:3.2.1');
      assert.equal(error.expected, FENCE_VALUE);
      assert.match(error.message, /found "echomq:3\.2\.1", expected "echomq:4\.0\.0"/);
      return true;
    });
    await waitFor(async () => (await raw.client('LIST')).trim().split('\n').length === clientsBefore);
    assert.equal(await raw.get(FENCE_KEY), 'echomq:3.2.1', 'a foreign fence is never overwritten');
  });

  test('a fence of another type is foreign too', async () => {
    await raw.hset(FENCE_KEY, 'v', FENCE_VALUE);
    await assert.rejects(
      connect(server.url),
      (error) => error instanceof FenceError && error.found === '(a hash, not a string)',
    );
  });

  test('bad connect targets are TypeErrors', async () => {
    await assert.rejects(connect(42), TypeError);
    await assert.rejects(connect(null), TypeError);
    await assert.rejects(connect(['redis://127.0.0.1:1']), TypeError);
    await assert.rejects(connect({ cluster: [] }), TypeError);
    await assert.rejects(connect({ cluster: 'nodes' }), TypeError);
  });
});

describe('the fence at reconnect and on every write', () => {
  beforeEach(() => raw.flushall());

  const killConnectorLink = async (connection) => {
    const id = await connection.client.client('ID');
    await raw.client('KILL', 'ID', String(id));
  };

  test('a foreign fence found at reconnect refuses every write until it is put right', async (t) => {
    const connection = await connected(t);
    await raw.set(FENCE_KEY, 'echomq:5.0.0');
    await killConnectorLink(connection);
    await waitFor(() => connection.fence().state === 'fenced');
    assert.deepEqual(connection.fence(), { state: 'fenced', found: 'echomq:5.0.0', expected: FENCE_VALUE });
    for (const executor of ['script', 'native']) {
      await refusedBeforeTheWire(() => connection.enqueue('q', JOB, 'p', { executor }), FenceError, 'fence');
    }
    await refusedBeforeTheWire(() => connection.enqueueMany('q', [[JOB, 'p']]), FenceError, 'fence');
    await refusedBeforeTheWire(() => connection.append('q', 'events', 1n << 22n, { f: 'v' }), FenceError, 'fence');
    assert.equal(await connection.job('q', JOB), null, 'reads still work');

    await raw.set(FENCE_KEY, FENCE_VALUE);
    assert.equal(await connection.enqueue('q', JOB, 'p'), 'enqueued');
    assert.equal(connection.fence().state, 'ok');
  });

  test('an absent fence at reconnect is claimed again', async (t) => {
    const connection = await connected(t);
    await raw.del(FENCE_KEY);
    await killConnectorLink(connection);
    await waitFor(async () => (await raw.get(FENCE_KEY)) === FENCE_VALUE);
    assert.equal(await connection.enqueue('q', JOB, 'p'), 'enqueued');
  });

  test('the native executor finding the fence changed: FenceError with the server text, then fenced', async (t) => {
    const connection = await connected(t);
    await raw.set(FENCE_KEY, 'echomq:9');
    await assert.rejects(connection.enqueue('q', JOB, 'p', { executor: 'native' }), (error) => {
      assert.ok(error instanceof FenceError);
      assert.equal(error.serverText, 'EMQFENCE {emq}:version found "echomq:9", expected "echomq:4.0.0"');
      assert.equal(error.message, error.serverText);
      assert.equal(error.found, 'echomq:9');
      return true;
    });
    assert.equal(connection.fence().state, 'fenced');
    await refusedBeforeTheWire(() => connection.enqueue('q', JOB, 'p'), FenceError, 'fence');
  });
});

describe('a crashed server', () => {
  test('reconnect errors are kept in lastError, not printed as unhandled; after a restart writes work', async (t) => {
    const crashing = await startServer({ module: true });
    t.after(() => crashing.stop());
    const connection = await connect(crashing.url);
    t.after(() => connection.close());
    const printed = [];
    t.mock.method(console, 'error', (...args) => printed.push(args.join(' ')));
    assert.equal(connection.lastError, null);

    await crashing.kill();
    await waitFor(() => connection.lastError?.code === 'ECONNREFUSED');
    assert.deepEqual(printed, [], 'iovalkey printed nothing: the connection listens for its errors');

    await crashing.restart();
    await waitFor(() => connection.fence().state === 'ok');
    assert.equal(await connection.enqueue('q', JOB, 'p'), 'enqueued');
  });
});

describe('enqueue through both executors', () => {
  let connection;
  before(async () => {
    await raw.flushall();
    connection = await connect({ host: server.host, port: server.port });
  });
  after(() => connection.close());

  test("a JOB id: 'enqueued' then 'duplicate' from both, the rows byte-identical", async () => {
    for (const executor of ['script', 'native']) {
      assert.equal(await connection.enqueue(`same-${executor}`, JOB, 'hello', { executor }), 'enqueued');
      assert.equal(await connection.enqueue(`same-${executor}`, JOB, 'other', { executor }), 'duplicate');
      assert.deepEqual(await connection.job(`same-${executor}`, JOB), {
        state: 'pending',
        attempts: '0',
        payload: 'hello',
      });
    }
    assert.deepEqual(
      await raw.dumpBuffer(jobKey('same-native', JOB)),
      await raw.dumpBuffer(jobKey('same-script', JOB)),
    );
    assert.deepEqual(await raw.dumpBuffer(pendingKey('same-native')), await raw.dumpBuffer(pendingKey('same-script')));
  });

  test("a USR id passes the host and is refused by the server: KindError with the server's exact text", async () => {
    for (const executor of ['script', 'native']) {
      await assert.rejects(connection.enqueue('kind', USR, 'p', { executor }), (error) => {
        assert.ok(error instanceof KindError);
        assert.equal(error.code, 'kind');
        assert.equal(error.message, KIND_REFUSAL);
        assert.equal(error.serverText, KIND_REFUSAL);
        assert.equal(error.id, USR);
        return true;
      });
    }
    assert.equal(await raw.exists(jobKey('kind', USR), pendingKey('kind')), 0);
  });

  test('JOB-42 and other malformed ids are refused by the host check before the wire', async () => {
    const malformed = [
      ['JOB-42', 'length'],
      ['job0KHTOWnGLuC', 'namespace'],
      ['JOB0KHTOWnGL!C', 'charset'],
      ['JOBzzzzzzzzzzz', 'range'],
      ['', 'length'],
      ['JOB0KHTOWnGLuCx', 'length'],
    ];
    for (const executor of ['script', 'native']) {
      for (const [id, code] of malformed) {
        await refusedBeforeTheWire(() => connection.enqueue('host', id, 'p', { executor }), BrandedError, code);
      }
    }
  });

  test('bad queues, payloads, ids of the wrong type and executors are refused before the wire', async () => {
    for (const queue of ['emq', '', 'a b', 'a{b}', 'ü', 'x'.repeat(129), 'a:b', 'a\0b']) {
      await refusedBeforeTheWire(() => connection.enqueue(queue, JOB, 'p'), BrandedError, 'queue');
    }
    await refusedBeforeTheWire(() => connection.enqueue(7, JOB, 'p'), TypeError);
    await refusedBeforeTheWire(() => connection.enqueue('q', 7n, 'p'), TypeError);
    for (const payload of [undefined, null, 5, { a: 1 }, ['p']]) {
      await refusedBeforeTheWire(() => connection.enqueue('q', JOB, payload), TypeError);
    }
    for (const executor of ['lua', '', 'NATIVE', null]) {
      await refusedBeforeTheWire(() => connection.enqueue('q', JOB, 'p', { executor }), ExecutorError, 'executor');
    }
  });

  test('binary payloads round-trip byte for byte', async () => {
    const payload = Uint8Array.from([0, 255, 13, 10, 0x80]);
    assert.equal(await connection.enqueue('bytes', JOB, payload, { executor: 'native' }), 'enqueued');
    const row = await connection.job('bytes', JOB, { buffers: true });
    assert.deepEqual([...row.payload], [...payload]);
    assert.equal(row.state.toString(), 'pending');
  });

  test('NOSCRIPT: SCRIPT FLUSH between two enqueues, the second still succeeds (EVAL once)', async () => {
    assert.equal(await connection.enqueue('noscript', encode('JOB', 1n), 'a'), 'enqueued');
    await raw.script('FLUSH');
    const evalsBefore = await commandCalls(raw, 'eval');
    assert.equal(await connection.enqueue('noscript', encode('JOB', 2n), 'b'), 'enqueued');
    assert.equal(await commandCalls(raw, 'eval'), evalsBefore + 1, 'the fallback ran EVAL once');
    const evalshaBefore = await commandCalls(raw, 'evalsha');
    assert.equal(await connection.enqueue('noscript', encode('JOB', 3n), 'c'), 'enqueued');
    assert.equal(await commandCalls(raw, 'eval'), evalsBefore + 1, 'the script is cached again');
    assert.equal(await commandCalls(raw, 'evalsha'), evalshaBefore + 1);
    assert.deepEqual(
      await connection.pending('noscript'),
      [1n, 2n, 3n].map((s) => encode('JOB', s)),
    );
  });
});

describe('enqueueMany', () => {
  let connection;
  before(async () => {
    connection = await connect(server.url);
  });
  after(() => connection.close());

  // 10,000 items, ten kinds in turn: fresh ids, a repeat inside the batch, a row that already exists,
  // a USR id (the server refuses), a malformed id and a malformed item (the host refuses).
  function mixedBatch(existing) {
    const fresh = jobIds(6_000, 1n << 50n);
    const items = [];
    const expected = [];
    for (let i = 0; i < 10_000; i++) {
      const kind = i % 10;
      const round = Math.floor(i / 10);
      if (kind < 6) {
        items.push([fresh[round * 6 + kind], `payload-${i}`]);
        expected.push('enqueued');
      } else if (kind === 6) {
        items.push([fresh[round * 6], 'repeat']);
        expected.push('duplicate');
      } else if (kind === 7) {
        items.push([existing[round % existing.length], 'again']);
        expected.push('duplicate');
      } else if (kind === 8) {
        items.push([encode('USR', BigInt(i)), 'usr']);
        expected.push('kind');
      } else {
        items.push(round % 2 === 0 ? [`JOB-${i}`, 'p'] : `not a pair ${i}`);
        expected.push('host');
      }
    }
    return { items, expected, fresh };
  }

  for (const executor of ['script', 'native']) {
    test(`10,000 mixed items (${executor}): verdicts in input order, counts match DBSIZE and ZCARD`, async () => {
      await raw.flushall();
      await connection.verifyFence();
      const queue = `many-${executor}`;
      const existing = jobIds(50, 1n << 30n);
      for (const id of existing) assert.equal(await connection.enqueue(queue, id, 'old', { executor }), 'enqueued');
      const { items, expected, fresh } = mixedBatch(existing);
      // The first pipeline finds the script cache empty: every call falls back to EVAL, in order.
      await raw.script('FLUSH');

      const outcomes = await connection.enqueueMany(queue, items, { executor });
      assert.equal(outcomes.length, items.length);
      outcomes.forEach((outcome, i) => {
        const want = expected[i];
        if (want === 'enqueued' || want === 'duplicate') {
          assert.deepEqual(outcome, { id: items[i][0], verdict: want }, `item ${i}`);
        } else {
          assert.equal(outcome.verdict, 'refused', `item ${i}`);
          if (want === 'kind') assert.ok(outcome.error instanceof KindError && outcome.error.message === KIND_REFUSAL);
          else assert.ok(outcome.error instanceof BrandedError || outcome.error instanceof TypeError, `item ${i}`);
        }
      });
      const count = (verdict) => outcomes.filter((o) => o.verdict === verdict).length;
      assert.equal(count('enqueued'), 6_000);
      assert.equal(count('duplicate'), 2_000);
      assert.equal(count('refused'), 2_000);
      assert.equal(await raw.zcard(pendingKey(queue)), existing.length + 6_000);
      assert.equal(await raw.dbsize(), existing.length + 6_000 + 2, 'rows + the pending set + the fence');
      assert.deepEqual(await connection.pending(queue, { limit: 3 }), [...existing, ...fresh].sort().slice(0, 3));
    });
  }

  test('the script cache emptied in the middle of a batch: the lost calls go again with EVAL, verdicts in order', async () => {
    await raw.flushall();
    await connection.verifyFence();
    const queue = 'flushed-midway';
    const existing = jobIds(50, 1n << 30n);
    for (const id of existing) assert.equal(await connection.enqueue(queue, id, 'old'), 'enqueued');
    const { items, expected } = mixedBatch(existing);
    const before = { eval: await commandCalls(raw, 'eval'), evalsha: await commandCalls(raw, 'evalsha') };

    const running = connection.enqueueMany(queue, items);
    await new Promise((done) => setImmediate(done)); // the first pipelines are on the wire
    await raw.script('FLUSH');
    const outcomes = await running;

    const evals = (await commandCalls(raw, 'eval')) - before.eval;
    const evalshas = (await commandCalls(raw, 'evalsha')) - before.evalsha;
    assert.ok(evals > 0 && evals < 9_000, `some calls (${evals} of 9,000) found the cache empty`);
    assert.equal(evalshas, 9_000);
    assert.deepEqual(
      outcomes.map((o) => (o.error instanceof KindError ? 'kind' : o.verdict === 'refused' ? 'host' : o.verdict)),
      expected,
    );
    assert.equal(await raw.zcard(pendingKey(queue)), existing.length + 6_000);
  });

  test('a bad queue, a non-array or a bad executor rejects the whole batch before the wire', async () => {
    await refusedBeforeTheWire(() => connection.enqueueMany('emq', [[JOB, 'p']]), BrandedError, 'queue');
    await refusedBeforeTheWire(() => connection.enqueueMany('q', 'JOB0KHTOWnGLuC'), TypeError);
    await refusedBeforeTheWire(() => connection.enqueueMany('q', [[JOB, 'p']], { executor: 'x' }), ExecutorError);
    assert.deepEqual(await connection.enqueueMany('q', []), []);
  });

  test('a batch of only malformed items sends nothing', async () => {
    const before = await writeCalls();
    const outcomes = await connection.enqueueMany('q', [['JOB-1', 'p'], [JOB], [JOB, 'p', 'x'], null]);
    assert.deepEqual(
      outcomes.map((o) => o.verdict),
      ['refused', 'refused', 'refused', 'refused'],
    );
    assert.equal(outcomes[0].error.code, 'length');
    assert.deepEqual(await writeCalls(), before);
  });
});

describe('reads', () => {
  let connection;
  before(async () => {
    await raw.flushall();
    connection = await connect(server.url);
  });
  after(() => connection.close());

  test('pending lists ids in binary (mint) order; limit; a missing row is null', async () => {
    const ids = jobIds(20, 1n << 55n);
    const shuffled = [...ids].reverse();
    for (const id of shuffled) await connection.enqueue('reads', id, id);
    assert.deepEqual(await connection.pending('reads'), ids);
    assert.deepEqual(await connection.pending('reads', { limit: 5 }), ids.slice(0, 5));
    assert.deepEqual(await connection.pending('empty'), []);
    assert.deepEqual(await connection.job('reads', ids[3]), { state: 'pending', attempts: '0', payload: ids[3] });
    assert.equal(await connection.job('reads', JOB), null);
  });

  test('bad read arguments are refused before the wire', async () => {
    for (const limit of [0, -1, 1.5, '3', 2 ** 60]) {
      await assert.rejects(connection.pending('reads', { limit }), TypeError);
    }
    await assert.rejects(connection.pending('emq'), (e) => e instanceof BrandedError && e.code === 'queue');
    await assert.rejects(connection.job('reads', 'JOB-42'), (e) => e instanceof BrandedError && e.code === 'length');
  });

  test('after close(), calls reject', async () => {
    const closing = await connect(server.url);
    await closing.close();
    await assert.rejects(closing.enqueue('q', JOB, 'p'));
    await closing.close();
  });
});

async function waitFor(condition, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((done) => setTimeout(done, 25));
  }
}
