// The HTTP side: --static serves a folder read-only and never outside it; /healthz; /metrics counters.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { getJson, open } from './support.js';
import { useBridgeStack } from './fixture.js';

// A raw request, so paths reach the server exactly as written (fetch would normalise `..`).
function raw(port, method, path) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path }, (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (c) => {
          body += c;
        })
        .on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('http', () => {
  let site;
  before(() => {
    site = mkdtempSync(join(tmpdir(), 'bridge-static-'));
    mkdirSync(join(site, 'www/assets'), { recursive: true });
    writeFileSync(join(site, 'www/index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(site, 'www/assets/app.js'), 'export {};');
    writeFileSync(join(site, 'secret.txt'), 'outside the root');
  });
  after(() => rmSync(site, { recursive: true, force: true }));
  const stack = useBridgeStack({ args: () => ['--static', join(site, 'www')] });

  it('serves files with their types; / is index.html; HEAD has no body', async () => {
    const index = await raw(stack.bridge.port, 'GET', '/');
    assert.deepEqual(
      [index.status, index.headers['content-type'], index.body],
      [200, 'text/html; charset=utf-8', '<!doctype html><title>x</title>'],
    );
    assert.equal(index.headers['x-content-type-options'], 'nosniff');
    const js = await raw(stack.bridge.port, 'GET', '/assets/app.js?v=1');
    assert.deepEqual(
      [js.status, js.headers['content-type'], js.body],
      [200, 'text/javascript; charset=utf-8', 'export {};'],
    );
    const head = await raw(stack.bridge.port, 'HEAD', '/assets/app.js');
    assert.deepEqual([head.status, head.headers['content-length'], head.body], [200, '10', '']);
  });

  it('never leaves the root; other methods are 405; unknown paths 404', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/../../secret.txt', '/%00', '/nope.html']) {
      const reply = await raw(stack.bridge.port, 'GET', path);
      assert.equal(reply.status, 404, path);
      assert.doesNotMatch(reply.body, /outside the root/);
    }
    assert.equal((await raw(stack.bridge.port, 'POST', '/')).status, 405);
    assert.equal((await raw(stack.bridge.port, 'DELETE', '/healthz')).status, 405);
  });

  it('/healthz reports Valkey and the fence; /metrics counts requests, replies and connections', async () => {
    const health = await getJson(`${stack.bridge.http}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(
      [health.body.ok, health.body.valkey.reachable, health.body.valkey.mode, health.body.fence.state],
      [true, true, 'standalone', 'ok'],
    );
    const client = await open(stack.bridge.ws, { origin: stack.bridge.origin });
    await client.request('hello');
    await client.request('pending', { queue: 'nope' });
    const metrics = (await getJson(`${stack.bridge.http}/metrics`)).body;
    assert.equal(metrics.requests.hello, 1);
    assert.equal(metrics.requests.pending, 1);
    assert.deepEqual([metrics.replies.ok, metrics.replies.forbidden], [1, 1]);
    assert.equal(metrics.connections.open, 1);
    await client.close();
  });
});
