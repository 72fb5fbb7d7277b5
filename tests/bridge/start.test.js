// `npm start` (scripts/start.sh): starts Valkey + bridge + explorer, serves the page and /healthz, stops on SIGINT.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';

import { createMinter } from '@echomq/branded';

import { cli } from '../../scripts/valkey.js';
import { ROOT, open } from './support.js';

const portOpen = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

test(
  'npm start: the explorer, /healthz, an enqueue through /ws as the least-privilege Valkey user, and a clean stop on SIGINT',
  { timeout: 600_000 },
  async () => {
    const child = spawn('bash', [join(ROOT, 'scripts/start.sh'), '--listen', '127.0.0.1:0'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(child, 'exit');
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      err += chunk;
    });
    try {
      const deadline = Date.now() + 540_000;
      while (!/branded explorer\s+http:\/\/127\.0\.0\.1:(\d+)\//.test(out)) {
        if (child.exitCode !== null)
          throw new Error(`npm start exited ${child.exitCode}:\n${out.slice(-2000)}\n${err.slice(-2000)}`);
        if (Date.now() > deadline) throw new Error(`npm start printed no URL:\n${out.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const port = Number(/branded explorer\s+http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)[1]);
      assert.match(
        out,
        new RegExp(`\\n  docs\\s+http://127\\.0\\.0\\.1:${port}/docs/\\n`),
        'the banner names the docs',
      );
      const valkeyPort = Number(/valkey\s+redis:\/\/127\.0\.0\.1:(\d+)/.exec(out)[1]);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type'), /^text\/html/);
      assert.equal(await page.text(), readFileSync(join(ROOT, 'web/dist/index.html'), 'utf8'), 'the built explorer');
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      assert.equal(health.status, 200);
      assert.equal((await health.json()).fence.state, 'ok');
      const client = await open(`ws://127.0.0.1:${port}/ws`, { origin: `http://127.0.0.1:${port}` });
      const hello = await client.request('hello');
      assert.deepEqual(hello.result.executors, ['script', 'native'], 'the local Valkey has the module loaded');
      const job = createMinter({ namespace: 'JOB', node: 9 }).next();
      const enqueued = await client.request('enqueue', { queue: 'demo', job, payload: 'from the start test' });
      assert.equal(enqueued.ok, true, JSON.stringify(enqueued));
      const clients = await cli(valkeyPort, 'CLIENT', 'LIST');
      const bridgeClients = clients.split('\n').filter((line) => / user=branded-bridge /.test(line));
      assert.ok(bridgeClients.length >= 1, `the bridge logs in as its least-privilege user:\n${clients}`);
      assert.ok(
        clients.split('\n').filter((line) => / user=default /.test(line) && !/cmd=client/.test(line)).length === 0,
        'and never as default',
      );
      client.ws.terminate();

      child.kill('SIGINT');
      const [code] = await exited;
      assert.equal(code, 0, err.slice(-2000));
      assert.doesNotMatch(err, /Error|at .*:\d+:\d+/, 'a clean stop prints no error or stack trace');
      assert.equal(await portOpen(port), false, 'the bridge is gone');
      assert.equal(await portOpen(valkeyPort), false, 'the local valkey-server is gone');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  },
);
