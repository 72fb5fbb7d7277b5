// The bad-input matrix through the bridge protocol (bridge/PROTOCOL.md): a real bridge in front of a real
// Valkey (module loaded) answers every malformed frame with its error code and the request's id (null when
// the id cannot be read), closes on what the protocol closes on (1009 over maxFrame, 1007 for text that is
// not UTF-8), keeps serving, and leaves Valkey exactly as it was (DBSIZE, DEBUG DIGEST, no write succeeded).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { Valkey } from 'iovalkey';
import WebSocket from 'ws';

import { family, keyspaceState, surfacePresent } from './support.js';

const present = surfacePresent(
  'bridge protocol',
  'bridge/bin/branded-bridge.js',
  'bridge/src/valkey.js',
  'wasm/valkey.js',
  'build/native/valkey/emq_module.so',
);
const { startServer } = present ? await import('../../scripts/valkey.js') : {};
const { startBridge, ONE_ADDRESS_LOAD } = present ? await import('../bridge/support.js') : {};

const state = (client) =>
  keyspaceState(client, ['fcall', 'evalsha', 'eval', 'emq.enqueue', 'xadd', 'hset', 'zadd', 'del']);

// One socket, one frame at a time: each frame's reply is the next message.
async function socket(bridge) {
  const ws = new WebSocket(bridge.ws, ['branded.v1'], { origin: bridge.origin });
  const closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const exchange = (data, options) =>
    new Promise((resolve) => {
      ws.once('message', (reply) => resolve(JSON.parse(reply.toString())));
      ws.send(data, options);
    });
  return { ws, closed, exchange };
}

function mismatch(c, reply) {
  const want = c.reply;
  if (reply.id !== want.id) return `id ${JSON.stringify(reply.id)}, want ${JSON.stringify(want.id)}`;
  if (want.code === 'ok') {
    const item = reply.result?.items?.[0];
    return reply.ok === true && reply.result.refused === 1 && item?.error?.code === 'malformed'
      ? null
      : `replied ${JSON.stringify(reply).slice(0, 200)}`;
  }
  if (reply.ok !== false || reply.error?.code !== want.code)
    return `replied ${JSON.stringify(reply).slice(0, 200)}, want ${want.code}`;
  if (want.reason && reply.error.reason !== want.reason) return `reason ${reply.error.reason}, want ${want.reason}`;
  return null;
}

describe('bad-input matrix: bridge protocol', { skip: !present && 'the bridge is not complete yet' }, () => {
  let server;
  let client;
  let bridge;
  let baseline;

  before(async () => {
    server = await startServer({ module: true, args: ['--enable-debug-command', 'local'] });
    client = new Valkey({ host: server.host, port: server.port, maxRetriesPerRequest: 0 });
    // The budgets in this process (--limits local): with them in Valkey every frame's spending is written to
    // the limit keys (emq:limit:…), which DBSIZE, the digest and the FCALL and HSET counts would see; this
    // matrix is about the data, and tests/bridge/fleet.test.js about those keys.
    bridge = await startBridge([
      ...ONE_ADDRESS_LOAD,
      '--limits',
      'local',
      '--valkey',
      server.url,
      '--rate',
      '100000',
      '--max-inflight',
      '1000',
    ]);
    const { exchange, ws } = await socket(bridge);
    const hello = await exchange(JSON.stringify({ id: 1, op: 'hello' }));
    ws.close();
    assert.equal(hello.result?.fence?.state, 'ok', JSON.stringify(hello));
    baseline = await state(client);
  });
  after(async () => {
    await bridge?.stop();
    client?.disconnect();
    await server?.stop();
  });

  it('every malformed frame gets its error code and the request id', async (t) => {
    const frames = family('frame');
    const { exchange, ws } = await socket(bridge);
    const broken = [];
    for (const c of frames) {
      const problem = mismatch(c, await exchange(c.frame));
      if (problem) broken.push(`${c.name}: ${problem}`);
    }
    ws.close();
    assert.deepEqual(broken, []);
    t.diagnostic(`${frames.length} malformed frames`);
  });

  it('a binary frame is bad_request with id null', async () => {
    const { exchange, ws } = await socket(bridge);
    const reply = await exchange(Buffer.from(JSON.stringify({ id: 1, op: 'hello' })), { binary: true });
    ws.close();
    assert.deepEqual([reply.id, reply.ok, reply.error?.code], [null, false, 'bad_request']);
  });

  it('a frame over maxFrame closes the socket with 1009; text that is not UTF-8 closes it with 1007', async () => {
    const big = await socket(bridge);
    big.ws.send(`{"id":1,"op":"hello","pad":"${'x'.repeat(1 << 20)}"}`);
    assert.equal(await big.closed, 1009);
    const bad = await socket(bridge);
    bad.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false }); // a text frame, raw bytes
    assert.equal(await bad.closed, 1007);
  });

  it('the bridge keeps serving, and Valkey is unchanged: DBSIZE, DEBUG DIGEST, no write succeeded', async () => {
    const { exchange, ws } = await socket(bridge);
    const hello = await exchange(JSON.stringify({ id: 'after', op: 'hello' }));
    ws.close();
    assert.equal(hello.ok, true);
    const now = await state(client);
    assert.deepEqual([now.dbsize, now.digest, now.succeeded], [baseline.dbsize, baseline.digest, baseline.succeeded]);
  });
});
