// The HTTP side of the bridge: /healthz, /metrics, and (with --static) the explorer's files. Every answer
// carries the security headers; a Host not in --allowed-hosts is refused (421) before anything else.
// Bounded: one request per socket is answered at a time (the next is not read until the answer has gone;
// a client pipelining more than PIPELINE_DEPTH behind it is closed), and at most --max-open-files files are
// open at once, shared fairly between clients (admission.js).
import { bareAddress, clientAddress, isLoopback } from './clients.js';
import { hostAllowed, requestPath, securityHeaders } from './guard.js';
import { tokenAccepted } from './handshake.js';
import { StaticUnavailable, serveNotFound, serveStatic } from './static.js';
import { LIMITS } from './limits.js';

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

/** Requests one socket may send ahead of the answer it waits for (browsers send none). */
export const PIPELINE_DEPTH = LIMITS.pipelineDepth;

// File answers in flight, each closed once its client has taken no byte of it for --send-timeout: one that
// never reads holds its file (and its descriptor) no longer than that.
function createSendWatch(timeoutMs) {
  const answers = new Map(); // res → {bytes, since}
  const timer = setInterval(() => {
    const t = performance.now();
    for (const [res, seen] of answers) {
      const bytes = res.socket?.bytesWritten ?? seen.bytes;
      if (bytes !== seen.bytes) answers.set(res, { bytes, since: t });
      else if (t - seen.since >= timeoutMs) {
        answers.delete(res);
        res.destroy();
      }
    }
  }, LIMITS.sendWatchMs);
  timer.unref();
  return {
    watch(res) {
      answers.set(res, { bytes: res.socket?.bytesWritten ?? 0, since: performance.now() });
      res.once('close', () => answers.delete(res));
    },
    close: () => clearInterval(timer),
  };
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
  // Per socket: whether an answer is under way, and the requests parsed behind it (a pipelining client).
  const lanes = new WeakMap();
  const serve = (lane, req, res) => {
    lane.busy = true;
    let done = false;
    const next = () => {
      if (done) return;
      done = true;
      lane.busy = false;
      const waiting = lane.waiting.shift();
      if (waiting !== undefined) serve(lane, ...waiting);
      else if (!req.socket.destroyed) req.socket.resume();
    };
    res.once('finish', next);
    res.once('close', next);
    answer(req, res);
  };
  return (req, res) => {
    const { socket } = req;
    let lane = lanes.get(socket);
    if (lane === undefined) {
      lane = { busy: false, waiting: [] };
      lanes.set(socket, lane);
      socket.once('close', () => {
        lane.waiting.length = 0;
      });
    }
    if (socket.destroyed) return;
    if (!lane.busy) {
      serve(lane, req, res);
      return;
    }
    if (lane.waiting.length >= PIPELINE_DEPTH) {
      // Each request parsed costs the bridge alike, so the client's other sockets go too, before theirs are read.
      metrics.httpRefused('pipeline');
      logger.warn('pipeline_refused', { peer: bareAddress(socket.remoteAddress), depth: PIPELINE_DEPTH });
      lane.waiting.length = 0;
      socket.destroy();
      const peer = bareAddress(socket.remoteAddress);
      if (!config.trustProxy.has(peer)) shutOut(clients.of(peer));
      return;
    }
    lane.waiting.push([req, res]);
    socket.pause(); // nothing more is read until the answers before have gone
  };
}
