// The stack `npm start` runs, for the browser suites: `node bridge/bin/branded-local.js` itself (a real
// valkey-server with the EMQ.ENQUEUE module, its data in a temp dir, and the bridge serving web/dist and the
// docs with its own headers), on a free port, ready when it prints its one JSON line (--ready-json).
//
// Beside it, a test gateway on another free port that passes every request and WebSocket through to the bridge
// unchanged (status, headers and body as the bridge sent them) and adds only what a driver cannot do itself:
// WebKitGTK's page harness (support/hook.js, put first in each page, since WebDriver classic runs no init
// script) and files a test serves (a generated log, at /__e2e/…, on the page's own origin). Chromium and
// Firefox open the bridge's address directly; WebKitGTK, and a page that fetches a served file, the gateway's.
import { spawn, execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROOT } from './browser.js';

const LOCAL_STACK = join(ROOT, 'bridge/bin/branded-local.js');
const HOOK = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'hook.js'));
const HOOK_PATH = '/__e2e-hook.js';
const READY_MS = 30000;
const run = promisify(execFile);

/** The ready line's fields: {explorer, docs, ws, healthz, valkey, data, pid}. */
async function readyLine(child, stderr, readyMs) {
  let buffer = '';
  child.stdout.setEncoding('utf8');
  const line = new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end !== -1) resolve(buffer.slice(0, end));
    });
    child.once('exit', (code) =>
      reject(new Error(`npm start's stack exited (${code}) before it was ready:\n${stderr()}`)),
    );
  });
  const timeout = new Promise((_, reject) =>
    setTimeout(
      () => reject(new Error(`npm start's stack printed no ready line in ${readyMs} ms:\n${stderr()}`)),
      readyMs,
    ).unref(),
  );
  const ready = JSON.parse(await Promise.race([line, timeout]));
  if (!ready.ready) throw new Error(`npm start's stack is not ready: ${JSON.stringify(ready)}`);
  return ready;
}

/**
 * Starts `npm start`'s stack → {url (the explorer), docs, ws, origin, valkey {host, port, url}, cli(...args),
 * stop()}. cli runs valkey-cli against its Valkey (a cluster's first node), to read back independently of the
 * bridge. `args`: more npm start options (--local-cluster); `readyMs`: how long its ready line may take.
 */
export async function startStack({ args = [], readyMs = READY_MS } = {}) {
  const data = mkdtempSync(join(tmpdir(), 'branded-e2e-valkey-'));
  // E2E_DIST serves another build (an older one, to see a test fail on it) with the same stack.
  const dist = process.env.E2E_DIST ? ['--static', process.env.E2E_DIST] : [];
  const child = spawn(
    process.execPath,
    [LOCAL_STACK, '--port', '0', '--data', data, '--ready-json', ...dist, ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(data, { recursive: true, force: true });
  };
  let ready;
  try {
    ready = await readyLine(child, () => stderr, readyMs);
  } catch (error) {
    await stop();
    throw error;
  }
  const valkeyUrl = new URL(ready.valkey.split(',')[0]);
  const valkey = { host: valkeyUrl.hostname, port: Number(valkeyUrl.port), url: ready.valkey };
  return {
    url: ready.explorer,
    docs: ready.docs,
    ws: ready.ws,
    origin: new URL(ready.explorer).origin,
    valkey,
    async cli(...args) {
      const { stdout } = await run('valkey-cli', ['-h', valkey.host, '-p', String(valkey.port), '--no-raw', ...args]);
      return stdout.trim();
    },
    stop,
  };
}

/**
 * The test gateway in front of `stack` → {url, origin, served (paths answered), serve(path, body), close()}.
 * `harness`: put hook.js first in every page (WebKitGTK).
 */
export async function startGateway(stack, { harness = false } = {}) {
  const target = new URL(stack.origin);
  const files = new Map();
  const server = createServer((req, res) => {
    const path = req.url.split('?')[0];
    if (harness && path === HOOK_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(HOOK);
    }
    if (files.has(path)) {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(req.method === 'HEAD' ? undefined : files.get(path));
    }
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const html = harness && /^text\/html/.test(answer.headers['content-type'] ?? '');
        if (!html) {
          res.writeHead(answer.statusCode, answer.rawHeaders);
          answer.pipe(res);
          return;
        }
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const page = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/<head>/i, `<head><script src="${HOOK_PATH}"></script>`);
          const { 'transfer-encoding': _chunked, ...kept } = answer.headers;
          const headers = { ...kept, 'content-length': Buffer.byteLength(page) };
          res.writeHead(answer.statusCode, headers);
          res.end(page);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  // A WebSocket goes through as bytes; its Origin becomes the bridge's own, which npm start admits.
  server.on('upgrade', (req, socket, head) => {
    const upstream = connect(Number(target.port), target.hostname, () => {
      const headers = { ...req.headers, origin: stack.origin, host: target.host };
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    url: `${origin}/`,
    origin,
    serve: (path, body) => files.set(path, body),
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(done);
      }),
  };
}
