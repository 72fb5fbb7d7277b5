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

// One file of each kind the explorer and the docs site serve, and a VitePress-like docs folder.
const KINDS_SITE = {
  'page.html': '<!doctype html><title>page</title>',
  'assets/scan-worker-x1.js': 'self.onmessage = () => {};',
  'assets/chunk.mjs': 'export {};',
  'assets/style.css': 'body{}',
  'data.json': '{}',
  'assets/app.js.map': '{}',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'logo.png': 'png',
  'branded.wasm': '\0asm',
  'notes.txt': 'text',
  'font.woff2': 'font',
  'blob.bin': 'bytes',
  'docs/index.html': '<!doctype html><title>docs home</title>',
  'docs/gate.html': '<!doctype html><title>gate</title>',
  'docs/404.html': '<!doctype html><title>docs 404</title>',
  'docs/reference/index.html': '<!doctype html><title>reference</title>',
  'docs/reference/cli.html': '<!doctype html><title>cli</title>',
};
const PAGE_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const SCRIPT_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; frame-ancestors 'none'";
const NOTHING_CSP = "default-src 'none'; frame-ancestors 'none'";

describe('http', () => {
  let site;
  before(() => {
    site = mkdtempSync(join(tmpdir(), 'bridge-static-'));
    mkdirSync(join(site, 'www/assets'), { recursive: true });
    writeFileSync(join(site, 'www/index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(site, 'www/assets/app.js'), 'export {};');
    writeFileSync(join(site, 'secret.txt'), 'outside the root');
    for (const [path, body] of Object.entries(KINDS_SITE)) {
      mkdirSync(join(site, 'www', path, '..'), { recursive: true });
      writeFileSync(join(site, 'www', path), body);
    }
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

  it('security headers per kind of file: pages their policy, scripts (a worker among them) WebAssembly, the rest nothing', async () => {
    const expected = {
      '/page.html': PAGE_CSP,
      '/': PAGE_CSP,
      '/assets/scan-worker-x1.js': SCRIPT_CSP,
      '/assets/chunk.mjs': SCRIPT_CSP,
      '/assets/style.css': NOTHING_CSP,
      '/data.json': NOTHING_CSP,
      '/assets/app.js.map': NOTHING_CSP,
      '/favicon.svg': NOTHING_CSP,
      '/logo.png': NOTHING_CSP,
      '/branded.wasm': NOTHING_CSP,
      '/notes.txt': NOTHING_CSP,
      '/font.woff2': NOTHING_CSP,
      '/blob.bin': NOTHING_CSP,
      '/healthz': NOTHING_CSP,
      '/metrics': NOTHING_CSP,
      '/nope.js': NOTHING_CSP,
    };
    for (const [path, policy] of Object.entries(expected)) {
      for (const method of ['GET', 'HEAD']) {
        const reply = await raw(stack.bridge.port, method, path);
        assert.equal(reply.headers['content-security-policy'], policy, `${method} ${path}`);
        assert.deepEqual(
          [reply.headers['x-content-type-options'], reply.headers['x-frame-options'], reply.headers['referrer-policy']],
          ['nosniff', 'DENY', 'no-referrer'],
          `${method} ${path}`,
        );
      }
    }
  });

  it("VitePress's clean URLs: /docs/gate is gate.html, a folder its index.html, a miss under /docs/ its 404 page", async () => {
    const cases = [
      ['/docs/gate', 200, 'gate'],
      ['/docs/gate.html', 200, 'gate'],
      ['/docs/', 200, 'docs home'],
      ['/docs', 200, 'docs home'],
      ['/docs/reference/', 200, 'reference'],
      ['/docs/reference', 200, 'reference'],
      ['/docs/reference/cli', 200, 'cli'],
      ['/docs/gate/', 404, 'docs 404'],
      ['/docs/nowhere', 404, 'docs 404'],
      ['/docs/reference/nowhere', 404, 'docs 404'],
    ];
    for (const [path, status, title] of cases) {
      const reply = await raw(stack.bridge.port, 'GET', path);
      assert.deepEqual([reply.status, /<title>(.*)<\/title>/.exec(reply.body)?.[1]], [status, title], path);
      assert.equal(reply.headers['content-security-policy'], PAGE_CSP, path);
    }
    const outside = await raw(stack.bridge.port, 'GET', '/nowhere');
    assert.deepEqual([outside.status, outside.body], [404, 'not found\n'], 'no 404 page outside a folder that has one');
    assert.equal((await raw(stack.bridge.port, 'GET', '/../secret')).status, 404, 'clean URLs never leave the root');
  });
});
