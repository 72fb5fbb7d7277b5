// The HTTP side of the bridge: /healthz, /metrics, and (with --static) the explorer's files.
import { tokenAccepted } from './handshake.js';
import { serveStatic } from './static.js';

function sendJson(res, status, body) {
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  res.end(text);
}

function sendText(res, status, text) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export function health(backend, metrics) {
  const { valkey, fence } = backend.status();
  const ok = valkey.reachable && fence.state === 'ok';
  return { status: ok ? 200 : 503, body: { ok, valkey, fence, connections: metrics.openConnections(), uptimeMs: metrics.uptimeMs() } };
}

export function createHttpHandler({ config, backend, metrics, logger }) {
  return async (req, res) => {
    const path = new URL(req.url, 'http://bridge').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'GET or HEAD only\n');
    if (path === '/healthz') {
      const { status, body } = health(backend, metrics);
      return sendJson(res, status, body);
    }
    if (path === '/metrics') {
      if (!tokenAccepted(req, config.token)) return sendText(res, 401, 'missing or wrong token\n');
      return sendJson(res, 200, metrics.snapshot());
    }
    try {
      if (config.staticDir !== null && (await serveStatic(config.staticDir, req, res, path))) return undefined;
    } catch (error) {
      logger.error('static_failed', { path, message: error.message });
      if (!res.headersSent) return sendText(res, 500, 'internal error\n');
      return res.destroy();
    }
    return sendText(res, 404, 'not found\n');
  };
}
