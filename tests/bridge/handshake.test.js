// Who may open a socket: Origin allowlist, bearer token (header or subprotocol), path, subprotocol, capacity.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { startServer } from '../../scripts/valkey.js';
import { TOKEN, getJson, open, startBridge, upgradeStatus } from './support.js';

describe('handshake', () => {
  let valkey;
  let open_;
  let tokened;

  before(async () => {
    valkey = await startServer({});
    open_ = await startBridge(['--valkey', valkey.url, '--max-connections', '3']);
    tokened = await startBridge(['--valkey', valkey.url], { env: { BRANDED_BRIDGE_TOKEN: TOKEN } });
  });
  after(async () => {
    await open_?.stop();
    await tokened?.stop();
    await valkey?.stop();
  });

  it('an allowed Origin is upgraded and the bridge selects branded.v1', async () => {
    const client = await open(open_.ws, { origin: open_.origin });
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
      `${open_.origin}/`,
      open_.origin.toUpperCase(),
    ]) {
      assert.equal(await upgradeStatus(open_.ws, { origin }), 403, origin);
    }
    assert.ok(
      open_.logs.some(
        (l) => l.event === 'upgrade_refused' && l.reason === 'origin' && l.origin === 'https://evil.example',
      ),
    );
  });

  it('no Origin (not a browser) is admitted when no token is configured', async () => {
    assert.equal(await upgradeStatus(open_.ws, {}), 101);
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
    assert.equal(await upgradeStatus(`${open_.http.replace('http', 'ws')}/`, { origin: open_.origin }), 404);
    assert.equal(await upgradeStatus(`${open_.ws}x`, { origin: open_.origin }), 404);
    assert.equal(await upgradeStatus(open_.ws, { origin: open_.origin, protocols: ['chat'] }), 400);
  });

  it('more than --max-connections sockets: 503, and a slot frees when one closes', async () => {
    const clients = [];
    for (let i = 0; i < 3; i += 1) clients.push(await open(open_.ws, { origin: open_.origin }));
    assert.equal(await upgradeStatus(open_.ws, { origin: open_.origin }), 503);
    await clients.pop().close();
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(await upgradeStatus(open_.ws, { origin: open_.origin }), 101);
    await Promise.all(clients.map((c) => c.close()));
    const metrics = await getJson(`${open_.http}/metrics`);
    assert.ok(metrics.body.connections.refused.capacity >= 1);
    assert.ok(metrics.body.connections.refused.origin >= 5);
  });
});
