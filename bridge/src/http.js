// The HTTP side of the bridge: /healthz and /metrics (operator.js), and (with --static) the explorer's files.
// Every answer carries the security headers; a Host not in --allowed-hosts is refused (421) before anything
// else. Bounded: one request per socket is answered at a time (pipeline.js), and at most --max-open-files
// files are open at once, shared fairly between clients (admission.js).
import { bareAddress, clientAddress } from './clients.js';
import { hostAllowed, requestPath, securityHeaders } from './guard.js';
import { health, isOperator } from './operator.js';
import { inTurn } from './pipeline.js';
import { createSendWatch } from './send-watch.js';
import { StaticUnavailable, serveNotFound, serveStatic } from './static.js';

export { health } from './operator.js';
export { PIPELINE_DEPTH } from './pipeline.js';

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

// /metrics refused: why, in the words of what the operator has configured.
function refuseMetrics(res, config) {
  if (config.token !== null) return sendText(res, 401, 'missing or wrong token\n');
  return sendText(res, 403, 'without --token, /metrics is for loopback callers that come through no proxy\n');
}

/**
 * The HTTP request handler: /healthz, /metrics and the --static files, GET and HEAD only, one request per
 * socket at a time. A failure answers 500 (503 when no file can be opened now), or cuts a response already
 * started.
 */
export function createHttpHandler({ config, backend, metrics, logger, clients, files, shutOut = () => {} }) {
  const sending = createSendWatch(config.sendTimeoutMs);
  // A file answer holds one of --max-open-files from the open to the last byte; past the ceiling a newcomer
  // takes the heaviest client's oldest (its answer is cut).
  const serveFile = async (req, res, path) => {
    const holder = clients.of(clientAddress(req, config.trustProxy)).key;
    const item = {
      evict() {
        metrics.evicted('files');
        res.destroy();
      },
    };
    if (files.take(holder, item) !== null) throw new StaticUnavailable('files');
    sending.watch(res);
    try {
      if (await serveStatic(config.staticDir, req, res, path)) return true;
      return await serveNotFound(config.staticDir, req, res, path);
    } finally {
      files.release(holder, item);
    }
  };
  const route = async (req, res) => {
    const path = requestPath(req.url);
    if (path === null) return sendText(res, 400, 'the request target must be a path\n');
    if (!hostAllowed(req, config.allowedHosts)) {
      metrics.httpRefused('host');
      return sendText(res, 421, 'this Host is not served here\n');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'GET or HEAD only\n');
    if (path === '/healthz') {
      const { status, body } = health(backend, metrics, { full: isOperator(req, config) });
      return sendJson(res, status, body);
    }
    if (path === '/metrics') {
      if (!isOperator(req, config)) return refuseMetrics(res, config);
      return sendJson(res, 200, metrics.snapshot());
    }
    if (config.staticDir !== null && (await serveFile(req, res, path))) return undefined;
    return sendText(res, 404, 'not found\n');
  };
  const answer = async (req, res) => {
    try {
      await route(req, res);
    } catch (error) {
      const busy = error instanceof StaticUnavailable;
      if (busy) metrics.httpRefused('files');
      logger.error(busy ? 'static_unavailable' : 'http_failed', { message: error?.message });
      if (!res.headersSent) return sendText(res, busy ? 503 : 500, busy ? 'try again shortly\n' : 'internal error\n');
      res.destroy();
    }
    return undefined;
  };
  return inTurn(answer, {
    metrics,
    logger,
    onOverflow(socket) {
      const peer = bareAddress(socket.remoteAddress);
      if (!config.trustProxy.has(peer)) shutOut(clients.of(peer));
    },
  });
}
