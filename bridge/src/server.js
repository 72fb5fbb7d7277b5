// The bridge: one HTTP server for /healthz, /metrics, the static explorer and the /ws upgrade.
import { STATUS_CODES, createServer } from 'node:http';
import { WebSocketServer } from 'ws';

import { createShares } from './admission.js';
import { bareAddress, clientAddress, createClients } from './clients.js';
import { admittedOrigins } from './config.js';
import { SUBPROTOCOL, refuseUpgrade, writeRefusal } from './handshake.js';
import { createHttpHandler } from './http.js';
import { createLogger } from './log.js';
import { createMetrics } from './metrics.js';
import { createOps } from './ops/index.js';
import { createAllowlist } from './queues.js';
import { startSession } from './session.js';
import { LIMITS } from './limits.js';

export const SHUTDOWN_CLOSE_CODE = 1001;
/** The close code of a WebSocket whose place went to a newcomer (its client held the most): try again later. */
export const SHARE_CLOSE_CODE = 1013;
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * The bridge, listen() to start it and close() to drain and stop it. backend: the Valkey side (see
 * valkey.js); config: see config.js.
 */
export function createBridge({
  config,
  backend,
  logger = createLogger(),
  metrics = createMetrics(),
  now = () => performance.now(),
}) {
  const allowlist = createAllowlist(config.queues);
  const ops = createOps({ config, backend, allowlist, now });
  let closing = false;

  // Requests being answered, counted (nothing kept per request) so that close() can wait for them.
  let answering = 0;
  let onDrained = () => {};
  const work = {
    started() {
      answering += 1;
    },
    finished() {
      answering -= 1;
      if (answering === 0) onDrained();
    },
  };
  const drained = () =>
    answering === 0
      ? Promise.resolve()
      : new Promise((resolve) => {
          onDrained = resolve;
        });

  const clients = createClients(config, now);
  // The bridge-wide ceilings, shared fairly (admission.js): TCP sockets and WebSockets.
  const sockets = createShares({ limit: config.maxSockets, perHolder: config.maxSocketsPerIp });
  const websockets = createShares({ limit: config.maxConnections, perHolder: config.maxConnectionsPerIp });
  const files = createShares({ limit: config.maxOpenFiles });
  // A client that broke the HTTP rules (pipelining past the depth) loses every socket it holds, before the
  // data they hold is parsed, and may not connect again for LIMITS.penaltyMs.
  const shutOut = (client) => {
    client.shutOutUntil = performance.now() + LIMITS.penaltyMs;
    for (const item of sockets.itemsOf(client.key)) item.drop();
  };
  metrics.setGauges(() => ({
    sockets: sockets.size(),
    websockets: websockets.size(),
    files: files.size(),
    clients: clients.size(),
  }));
  const http = createServer(
    {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: Math.max(LIMITS.requestTimeoutMs, config.headersTimeoutMs),
      keepAliveTimeout: LIMITS.keepAliveTimeoutMs,
      connectionsCheckingInterval: LIMITS.timeoutCheckMs,
    },
    createHttpHandler({ config, backend, metrics, logger, clients, files, shutOut }),
  );
  // Raw TCP sockets per peer (before any header, so the peer itself: a trusted proxy is exempt from the
  // per-client cap and never evicted), and in all: past --max-sockets a newcomer takes the heaviest client's
  // oldest socket.
  http.on('connection', (socket) => {
    const peer = bareAddress(socket.remoteAddress);
    const exempt = config.trustProxy.has(peer);
    const client = clients.of(peer);
    const item = {
      evict() {
        metrics.evicted('sockets');
        socket.destroy();
      },
      drop: () => socket.destroy(),
    };
    if (client.shutOutUntil > performance.now()) {
      metrics.httpRefused('shut_out');
      socket.destroy();
      return;
    }
    const refused = sockets.take(client.key, item, { exempt });
    if (refused !== null) {
      const reason = refused === 'holder' ? 'ip_sockets' : 'sockets';
      metrics.httpRefused(reason);
      logger.warn('socket_refused', { peer, reason });
      socket.destroy();
      return;
    }
    if (!exempt) client.sockets += 1;
    socket.once('close', () => {
      sockets.release(client.key, item, { exempt });
      if (!exempt) client.sockets -= 1;
    });
  });
  // A request Node's parser rejects (or a timeout): answered 400/408 where possible, and always destroyed.
  http.on('clientError', (error, socket) => {
    metrics.httpRefused(error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'timeout' : 'parse');
    if (socket.writable && !socket.writableEnded && error.code !== 'ECONNRESET') {
      const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () =>
        socket.destroy(),
      );
      setTimeout(() => socket.destroy(), 1000).unref();
    } else {
      socket.destroy();
    }
  });
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: config.maxFrame,
    handleProtocols: (offered) => (offered.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
  });

  // A place among the WebSockets: past --max-connections a newcomer closes the heaviest client's oldest.
  const takePlace = (client, socket) => {
    let ws = null;
    const item = {
      evict() {
        metrics.evicted('websockets');
        if (ws === null) return socket.destroy();
        ws.close(SHARE_CLOSE_CODE, 'the bridge is full: this place went to another client');
        return setTimeout(() => ws.terminate(), LIMITS.closeTimeoutMs).unref();
      },
    };
    const refused = websockets.take(client.key, item);
    if (refused === 'holder')
      return {
        status: 503,
        reason: 'ip_capacity',
        text: `at most ${config.maxConnectionsPerIp} connections per address`,
      };
    if (refused === 'full') return { status: 503, reason: 'capacity', text: 'too many connections' };
    client.connections += 1; // held from here, so a burst of upgrades cannot pass the cap together
    let released = false;
    socket.once('close', () => {
      if (released) return;
      released = true;
      websockets.release(client.key, item);
      client.connections -= 1;
    });
    return { opened: (open) => (ws = open) };
  };

  const upgrade = (req, socket, head) => {
    const peer = `${req.socket.remoteAddress}:${req.socket.remotePort}`;
    const address = clientAddress(req, config.trustProxy);
    const client = clients.of(address);
    let refusal = refuseUpgrade(req, { config, closing });
    const place = refusal === null ? takePlace(client, socket) : null;
    if (place?.status !== undefined) refusal = place;
    if (refusal !== null) {
      metrics.connectionRefused(refusal.reason);
      logger.warn('upgrade_refused', {
        peer,
        client: address,
        status: refusal.status,
        reason: refusal.reason,
        origin: req.headers.origin ?? null,
      });
      return writeRefusal(socket, refusal);
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      place.opened(ws);
      metrics.connectionOpened();
      logger.info('connection_open', { peer, client: address, origin: req.headers.origin ?? null });
      ws.on('close', (code) => {
        metrics.connectionClosed();
        logger.info('connection_closed', { peer, code });
      });
      ws.on('error', (error) => logger.warn('connection_error', { peer, message: error.message }));
      startSession(ws, socket, { config, ops, metrics, logger, work, isClosing: () => closing, peer, client, now });
    });
    return undefined;
  };
  // Nothing a client sends may end the process: a failure here costs only this socket.
  http.on('upgrade', (req, socket, head) => {
    try {
      upgrade(req, socket, head);
    } catch (error) {
      logger.error('upgrade_failed', { message: error?.message });
      socket.destroy();
    }
  });

  return {
    metrics,
    async listen() {
      const { host, port } = config.listen;
      await new Promise((resolve, reject) => {
        http.once('error', reject);
        http.listen(port, host, () => {
          http.off('error', reject);
          resolve();
        });
      });
      // After listen, a server error (accept failing with EMFILE under a flood) is logged, never fatal.
      http.on('error', (error) => logger.error('http_server_error', { code: error.code, message: error.message }));
      const address = http.address();
      config.origins ??= admittedOrigins(config, address.port);
      logger.info('listening', { host: address.address, port: address.port, path: '/ws', static: config.staticDir });
      return address;
    },
    address: () => http.address(),
    // Valkey's side as hello and /healthz see it: {valkey: {reachable, ...}, fence: {state, ...}, executors}.
    status: () => backend.status(),
    // Graceful: refuse new work, answer every request in flight, then close sockets (1001) and Valkey.
    async close() {
      if (closing) return;
      closing = true;
      logger.info('draining', { inflight: answering, connections: wss.clients.size });
      await Promise.race([drained(), delay(LIMITS.drainTimeoutMs)]);
      const httpClosed = new Promise((resolve) => http.close(resolve));
      for (const ws of wss.clients) ws.close(SHUTDOWN_CLOSE_CODE, 'shutting down');
      http.closeIdleConnections();
      await Promise.race([httpClosed, delay(LIMITS.closeTimeoutMs)]);
      for (const ws of wss.clients) ws.terminate();
      http.closeAllConnections();
      await httpClosed;
      clients.close();
      await backend.close();
      logger.info('closed', {});
    },
  };
}
