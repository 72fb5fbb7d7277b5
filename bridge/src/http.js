// The HTTP side of the bridge: /healthz, /metrics, and (with --static) the explorer's files. Every answer
// carries the security headers; a Host not in --allowed-hosts is refused (421) before anything else.
import { bareAddress, clientAddress, isLoopback } from './clients.js';
import { hostAllowed, requestPath, securityHeaders } from './guard.js';
import { tokenAccepted } from './handshake.js';
import { StaticUnavailable, serveNotFound, serveStatic } from './static.js';

function sendJson(res, status, body) {
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, {
    ...securityHeaders(),
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

function sendText(res, status, text) {
  res.writeHead(status, {
    ...securityHeaders(),
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * /healthz's {status, body}: 200 when Valkey is reachable and the fence is ok, else 503. Not `full` (under
 * --token, a caller without it), it tells only whether the bridge is up (no version, no fence values).
 */
export function health(backend, metrics, { full = true } = {}) {
  const { valkey, fence } = backend.status();
  const ok = valkey.reachable && fence.state === 'ok';
  if (!full)
    return {
      status: ok ? 200 : 503,
      body: { ok, valkey: { reachable: valkey.reachable }, fence: { state: fence.state } },
    };
  return {
    status: ok ? 200 : 503,
    body: { ok, valkey, fence, connections: metrics.openConnections(), uptimeMs: metrics.uptimeMs() },
  };
}

// /metrics: with --token, for its holders; without one, for loopback callers only (the operator's machine).
function metricsAllowed(req, config) {
  if (config.token !== null) return tokenAccepted(req, config.token);
  return isLoopback(clientAddress(req, config.trustProxy)) && isLoopback(bareAddress(req.socket.remoteAddress));
}

/**
 * The HTTP request handler: /healthz, /metrics and the --static files, GET and HEAD only. A failure answers
 * 500 (503 when a file cannot be opened for lack of descriptors), or cuts a response already started.
 */
export function createHttpHandler({ config, backend, metrics, logger }) {
  const route = async (req, res) => {
    const path = requestPath(req.url);
    if (path === null) return sendText(res, 400, 'the request target must be a path\n');
    if (!hostAllowed(req, config.allowedHosts)) {
      metrics.httpRefused('host');
      return sendText(res, 421, 'this Host is not served here\n');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'GET or HEAD only\n');
    if (path === '/healthz') {
      const { status, body } = health(backend, metrics, {
        full: config.token === null || tokenAccepted(req, config.token),
      });
      return sendJson(res, status, body);
    }
    if (path === '/metrics') {
      if (!metricsAllowed(req, config)) {
        return config.token === null
          ? sendText(res, 403, 'without --token, /metrics is for loopback callers only\n')
          : sendText(res, 401, 'missing or wrong token\n');
      }
      return sendJson(res, 200, metrics.snapshot());
    }
    if (config.staticDir !== null) {
      if (await serveStatic(config.staticDir, req, res, path)) return undefined;
      if (await serveNotFound(config.staticDir, req, res, path)) return undefined;
    }
    return sendText(res, 404, 'not found\n');
  };
  return async (req, res) => {
    try {
      await route(req, res);
    } catch (error) {
      const busy = error instanceof StaticUnavailable;
      logger.error(busy ? 'static_unavailable' : 'http_failed', { message: error?.message });
      if (!res.headersSent) return sendText(res, busy ? 503 : 500, busy ? 'try again shortly\n' : 'internal error\n');
      res.destroy();
    }
    return undefined;
  };
}
