// The connector through its Functions library (connect(..., { scripts: 'functions' })), for a user that may
// run no script of its own choosing: every reply byte for byte the EVALSHA path's, what each call sent, the
// window count, the seed and the TTL, and a clear LibraryError when the library is not loaded.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { ENQUEUE_SCRIPT_SHA1, compose, jobKey, streamId } from '@echomq/branded';
import {
  LIBRARY_CODE,
  LIBRARY_FUNCTIONS,
  LIBRARY_NAME,
  LIBRARY_VERSION,
  LibraryError,
  connect,
  loadLibrary,
} from '@echomq/branded/valkey';
import { Valkey } from 'iovalkey';

import { startServer } from '../../scripts/valkey.js';
import { commandCalls } from './support.js';

const PASSWORD = 'library-test-password-0123456789';
// What a bridge-like user holds: the library's FCALL and the commands its functions call, no script of its own.
const USER_RULES = [
  'reset',
  'on',
  `>${PASSWORD}`,
  '~*',
  '-@all',
  '+ping',
  '+info|server',
  '+client|setinfo',
  '+get',
  '+set',
  '+type',
  '+del',
  '+rename',
  '+xadd',
  '+fcall',
  '+exists',
  '+hset',
  '+zadd',
  '+xrange',
  '+expire',
  '+emq.enqueue',
];
const ids = ['JOB0KHTOWnGLuC', 'USR0KHTOWnGLuC', 'JOB0KHTOWnGLuC', 'JOB0KHTOWnGLuD', 'job-42', 'JOBzzzzzzzzzzz'];
const snowflakeAt = (i) => compose({ unixMs: 1781000000000 + Math.floor(i / 4096), node: 7, seq: i % 4096 });
const fieldsAt = (i) => ({ fieldkey: String(i).padStart(8, '0') });

describe('the Functions library', () => {
  let server;
  let admin;
  let library;
  let scripted;
  before(async () => {
    server = await startServer({ module: true });
    admin = new Valkey({ host: server.host, port: server.port });
    assert.equal(await loadLibrary(admin), LIBRARY_NAME);
    await admin.call('ACL', 'SETUSER', 'lib', ...USER_RULES);
    // No ready check: it sends a bare INFO, and the user may read INFO's server section only.
    const user = { host: server.host, port: server.port, username: 'lib', password: PASSWORD, enableReadyCheck: false };
    library = await connect(user, { scripts: 'functions' });
    scripted = await connect(server.url);
  });
  after(async () => {
    await library?.close();
    await scripted?.close();
    admin?.disconnect();
    await server?.stop();
  });

  test('the library holds the connector scripts, its version answered by emq_library', async () => {
    assert.match(LIBRARY_CODE, /^#!lua name=branded\n/);
    assert.equal(await admin.fcall(LIBRARY_FUNCTIONS.version, 0), LIBRARY_VERSION);
    assert.ok(LIBRARY_VERSION.endsWith(ENQUEUE_SCRIPT_SHA1.slice(0, 12)));
    await assert.rejects(library.client.eval('return 1', 0), /NOPERM/, 'the user runs no script of its own');
  });

  test('enqueueMany replies byte for byte as EVALSHA does; each item says what it sent', async () => {
    const items = ids.map((id) => [id, `payload of ${id}`]);
    const viaLibrary = await library.enqueueMany('lib.a', items);
    const viaScript = await scripted.enqueueMany('lib.b', items);
    const shape = (outcomes) =>
      outcomes.map((o) => [o.verdict, o.error ? `${o.error.name}: ${o.error.serverText ?? o.error.message}` : null]);
    assert.deepEqual(
      shape(viaLibrary).map(([v, e]) => [v, e?.replace('"lib.a"', 'Q')]),
      shape(viaScript).map(([v, e]) => [v, e?.replace('"lib.b"', 'Q')]),
    );
    assert.deepEqual(
      viaLibrary.map((o) => o.verdict),
      ['enqueued', 'refused', 'duplicate', 'enqueued', 'refused', 'refused'],
    );
    const key = jobKey('lib.a', ids[0]);
    assert.deepEqual(viaLibrary.sent.command(0), [
      'FCALL',
      LIBRARY_FUNCTIONS.enqueue,
      '2',
      key,
      'emq:{lib.a}:pending',
      ids[0],
      `payload of ${ids[0]}`,
    ]);
    assert.equal(viaScript.sent.command(0)[0], 'EVALSHA');
    assert.equal(viaScript.sent.command(0)[1], ENQUEUE_SCRIPT_SHA1);
    assert.deepEqual(
      [viaLibrary.sent.key(0), viaLibrary.sent.key(4), viaLibrary.sent.pending],
      [key, null, 'emq:{lib.a}:pending'],
    );
    assert.equal(viaLibrary.sent.command(4), null, 'job-42 never reached the wire');
    const native = await library.enqueueMany('lib.c', [[ids[3], 'x']], { executor: 'native' });
    assert.equal(native.sent.command(0)[0], 'EMQ.ENQUEUE');
    assert.deepEqual(Object.keys(viaLibrary), Object.keys(ids), '`sent` is not enumerable');
    assert.deepEqual(await admin.hgetall(key), await admin.hgetall(jobKey('lib.b', ids[0])));
    assert.equal(await library.enqueue('lib.a', ids[0], 'again'), 'duplicate');
  });

  test('seed, countWindow and expire through the library', async () => {
    const [fcalls, evals] = [await commandCalls(admin, 'fcall'), await commandCalls(admin, 'eval')];
    const seeded = await library.seed('demo', 'stream.lib', 10000, { fieldsAt, snowflakeAt });
    assert.deepEqual(seeded, { key: 'emq:{demo}:stream.lib' });
    assert.equal(await admin.xlen(seeded.key), 10000);
    const window = await library.countWindow('demo', 'stream.lib', 1781000000000, 1781000000002, {
      count: 5001,
      limit: 5000,
      sample: 2,
    });
    assert.deepEqual(
      [window.count, window.first, window.last, window.sample.map((e) => e.id)],
      [
        5001,
        streamId(snowflakeAt(0)),
        streamId(snowflakeAt(4999)),
        [streamId(snowflakeAt(0)), streamId(snowflakeAt(1))],
      ],
    );
    assert.deepEqual(window.sample[1].fields, { fieldkey: '00000001' });
    await library.expire([seeded.key], 120);
    assert.ok((await admin.ttl(seeded.key)) > 100);
    assert.equal(
      (await commandCalls(admin, 'fcall')) - fcalls,
      5,
      'window chunks of 2,000, 2,000, 1,000 (to the limit) and 1, and one TTL call',
    );
    assert.equal(await commandCalls(admin, 'eval'), evals, 'no EVAL');
  });

  test('a seed that fails leaves the stream as it was and no scratch', async () => {
    const before_ = await admin.xlen('emq:{demo}:stream.lib');
    let chunks = 0;
    const failing = library.seed('demo', 'stream.lib', 5000, {
      fieldsAt,
      snowflakeAt,
      beforeChunk: () => {
        chunks += 1;
        if (chunks === 3) throw new Error('stop here');
      },
    });
    await assert.rejects(failing, /stop here/);
    assert.equal(await admin.xlen('emq:{demo}:stream.lib'), before_);
    assert.equal(await admin.exists('emq:{demo}:seed.lib'), 0);
  });

  test('without the library loaded: a LibraryError that says so, nothing written', async () => {
    await admin.call('FUNCTION', 'DELETE', LIBRARY_NAME);
    try {
      const [outcome] = await library.enqueueMany('lib.d', [[ids[3], 'x']]);
      assert.equal(outcome.verdict, 'refused');
      assert.ok(outcome.error instanceof LibraryError);
      assert.match(outcome.error.message, /not loaded/);
      await assert.rejects(library.enqueue('lib.d', ids[3], 'x'), LibraryError);
      assert.equal(await admin.exists(jobKey('lib.d', ids[3])), 0);
    } finally {
      await loadLibrary(admin);
    }
  });
});
