// Who may open a socket: Origin allowlist, bearer token (header or subprotocol), path, subprotocol, capacity.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { TOKEN, getJson, open, startBridge, upgradeStatus } from './support.js';
import { useBridgeStack } from './fixture.js';

describe('handshake', () => {
  // stack.bridge has no token; `tokened`, on the same Valkey, requires one.
  const stack = useBridgeStack({ args: ['--max-connections', '3'] });
  let tokened;
  before(async () => {
    tokened = await startBridge(['--valkey', stack.valkey.url], { env: { BRANDED_BRIDGE_TOKEN: TOKEN } });
  });
  after(() => tokened?.stop());

  it('an allowed Origin is upgraded and the bridge selects branded.v1', async () => {
    const client = await open(stack.bridge.ws, { origin: stack.bridge.origin });
    assert.equal(client.ws.protocol, 'branded.v1');
    const hello = await client.request('hello');
    assert.equal(hello.ok, true);
    await client.close();
  });

  it('a foreign Origin is refused with 403 before any upgrade (cross-site WebSocket hijacking)', async () => {
    for (const origin of [
      'https://evil.example',
      'http://127.0.0.1:1',
      'null',
      `${stack.bridge.origin}/`,
      stack.bridge.origin.toUpperCase(),
    ]) {
      assert.equal(await upgradeStatus(stack.bridge.ws, { origin }), 403, origin);
    }
    assert.ok(
      stack.bridge.logs.some(
        (l) => l.event === 'upgrade_refused' && l.reason === 'origin' && l.origin === 'https://evil.example',
      ),
    );
  });

  it('no Origin (not a browser) is admitted when no token is configured', async () => {
    assert.equal(await upgradeStatus(stack.bridge.ws, {}), 101);
  });

  it('with --token: missing or wrong tokens are refused with 401, the header and the subprotocol admit', async () => {
    const { ws, origin } = tokened;
    assert.equal(await upgradeStatus(ws, { origin }), 401);
    assert.equal(await upgradeStatus(ws, {}), 401);
    assert.equal(await upgradeStatus(ws, { origin, token: `${TOKEN}x` }), 401);
    assert.equal(await upgradeStatus(ws, { origin, token: TOKEN.slice(0, -1) }), 401);
    assert.equal(await upgradeStatus(ws, { origin, protocols: ['branded.v1', `bearer.${TOKEN}x`] }), 401);
    assert.equal(await upgradeStatus(ws, { origin, headers: { Authorization: `Basic ${TOKEN}` } }), 401);
    assert.equal(await upgradeStatus(ws, { origin, token: TOKEN }), 101);
    const browserLike = await open(ws, { origin, protocols: ['branded.v1', `bearer.${TOKEN}`] });
    assert.equal(browserLike.ws.protocol, 'branded.v1', 'the token is never echoed');
    await browserLike.close();
    assert.equal(
      await upgradeStatus(ws, { origin: 'https://evil.example', token: TOKEN }),
      403,
      'a token does not lift the Origin check',
    );
  });

  it('with --token: /metrics needs the token too; /healthz does not', async () => {
    assert.equal((await getJson(`${tokened.http}/metrics`)).status, 401);
    assert.equal((await getJson(`${tokened.http}/metrics`, { Authorization: `Bearer ${TOKEN}` })).status, 200);
    assert.equal((await getJson(`${tokened.http}/healthz`)).status, 200);
  });

  it('another path is 404; subprotocols without branded.v1 are 400', async () => {
    assert.equal(
      await upgradeStatus(`${stack.bridge.http.replace('http', 'ws')}/`, { origin: stack.bridge.origin }),
      404,
    );
    assert.equal(await upgradeStatus(`${stack.bridge.ws}x`, { origin: stack.bridge.origin }), 404);
    assert.equal(await upgradeStatus(stack.bridge.ws, { origin: stack.bridge.origin, protocols: ['chat'] }), 400);
  });

  it('more than --max-connections sockets: 503, and a slot frees when one closes', async () => {
    const clients = [];
    for (let i = 0; i < 3; i += 1) clients.push(await open(stack.bridge.ws, { origin: stack.bridge.origin }));
    assert.equal(await upgradeStatus(stack.bridge.ws, { origin: stack.bridge.origin }), 503);
    await clients.pop().close();
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(await upgradeStatus(stack.bridge.ws, { origin: stack.bridge.origin }), 101);
    await Promise.all(clients.map((c) => c.close()));
    const metrics = await getJson(`${stack.bridge.http}/metrics`);
    assert.ok(metrics.body.connections.refused.capacity >= 1);
    assert.ok(metrics.body.connections.refused.origin >= 5);
  });
});
