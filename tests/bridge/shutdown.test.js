// Graceful shutdown: on SIGTERM/SIGINT the bridge answers every request in flight, then closes with 1001.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { Valkey } from 'iovalkey';

import { startServer } from '../../scripts/valkey.js';
import { getJson, open, startBridge, upgradeStatus, ONE_ADDRESS_LOAD } from './support.js';

describe('graceful shutdown', () => {
  let valkey;

  before(async () => {
    valkey = await startServer({ module: true });
  });
  after(async () => {
    await valkey?.stop();
  });

  for (const signal of ['SIGTERM', 'SIGINT']) {
    it(`${signal}: in-flight requests are answered, then 1001, exit 0`, async () => {
      const bridge = await startBridge([...ONE_ADDRESS_LOAD, '--valkey', valkey.url]);
      const client = await open(bridge.ws, { origin: bridge.origin });
      assert.equal((await getJson(`${bridge.http}/healthz`)).status, 200);
      const stream = `drain${signal}`;
      const seed = client.request('streamSeed', { queue: 'demo', stream, entries: 30000 });
      await new Promise((r) => setTimeout(r, 30)); // the seed is running
      const code = bridge.stop(signal);
      const reply = await seed;
      assert.equal(reply.ok, true, JSON.stringify(reply));
      assert.equal(reply.result.entries, 30000);
      const closed = await client.closed;
      assert.equal(closed.code, 1001);
      assert.equal(await code, 0);
      const direct = new Valkey({ host: valkey.host, port: valkey.port });
      assert.equal(await direct.xlen(reply.result.key), 30000, 'the drained seed completed');
      direct.disconnect();
      assert.ok(bridge.logs.some((l) => l.event === 'draining' && l.inflight === 1));
      assert.ok(bridge.logs.some((l) => l.event === 'closed'));
      await assert.rejects(fetch(`${bridge.http}/healthz`), 'no longer listening');
    });
  }

  it('while draining, new upgrades are refused and new frames get `unavailable`', async () => {
    const bridge = await startBridge([...ONE_ADDRESS_LOAD, '--valkey', valkey.url]);
    const client = await open(bridge.ws, { origin: bridge.origin });
    const seed = client.request('streamSeed', { queue: 'demo', stream: 'drain2', entries: 30000 });
    await new Promise((r) => setTimeout(r, 30));
    bridge.child.kill('SIGTERM');
    while (!bridge.logs.some((l) => l.event === 'draining')) await new Promise((r) => setTimeout(r, 5));
    const late = await client.request('hello');
    assert.equal(late.error?.code, 'unavailable');
    assert.equal(await upgradeStatus(bridge.ws, { origin: bridge.origin }), 503);
    assert.equal((await seed).ok, true);
    assert.equal(await bridge.stop(), 0);
    assert.deepEqual(
      bridge.logs.filter((l) => l.event === 'not_json'),
      [],
      'every log line is JSON',
    );
  });
});
