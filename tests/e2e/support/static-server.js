// A tiny static file server for the built site: GET/HEAD only, optional path prefix (to prove the
// relative base works under a subpath) and extra response headers per page (e.g. a strict CSP).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { contentType } from '../../../bridge/src/static.js';

const HOOK = join(dirname(fileURLToPath(import.meta.url)), 'hook.js');
const HOOK_NAME = '__e2e-hook.js';

/**
 * root: the folder to serve; prefix: the URL path it appears under ('/' or '/a/b/');
 * headers(pathname) → extra headers for that response; harness: put hook.js first in every page's <head>
 * (for engines.js's needsHarness). Resolves to {url, requests, notFound, serve(pathname, body), close()}:
 * serve() adds a file held in memory (a test's generated log) at that exact path.
 */
export async function serveStatic(root, { prefix = '/', headers = () => ({}), harness = false } = {}) {
  const requests = [];
  const notFound = [];
  const extra = new Map();
  const server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url, 'http://localhost');
    requests.push(pathname);
    res.on('finish', () => {
      if (res.statusCode === 404) notFound.push(pathname);
    });
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed');
    if (extra.has(pathname)) {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(req.method === 'HEAD' ? undefined : extra.get(pathname));
    }
    if (!pathname.startsWith(prefix)) return send(res, 404, 'not found');
    let relative = decodeURIComponent(pathname.slice(prefix.length));
    if (relative === '' || relative.endsWith('/')) relative += 'index.html';
    const hook = harness && relative.endsWith(HOOK_NAME);
    const file = hook ? HOOK : normalize(join(root, relative));
    if (!hook && !file.startsWith(root + sep)) return send(res, 403, 'forbidden');
    try {
      if (!(await stat(file)).isFile()) return send(res, 404, 'not found');
      let body = await readFile(file);
      if (harness && extname(file) === '.html') {
        body = body.toString('utf8').replace(/<head>/i, `<head><script src="./${HOOK_NAME}"></script>`);
      }
      res.writeHead(200, {
        'content-type': contentType(file),
        'cache-control': 'no-store',
        ...headers(pathname),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      send(res, 404, 'not found');
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    notFound,
    serve: (pathname, body) => extra.set(pathname, body),
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(done);
      }),
  };
}

function send(res, status, text) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}
