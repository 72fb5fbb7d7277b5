// The bridge: one HTTP server for /healthz, /metrics, the static explorer and the /ws upgrade.
import { STATUS_CODES, createServer } from 'node:http';
import { WebSocketServer } from 'ws';

import { bareAddress, clientAddress, createClients } from './clients.js';
import { admittedOrigins } from './config.js';
import { SUBPROTOCOL, refuseUpgrade, writeRefusal } from './handshake.js';
import { createHttpHandler } from './http.js';
import { createLogger } from './log.js';
import { createMetrics } from './metrics.js';
import { createOps } from './ops/index.js';
import { createAllowlist } from './queues.js';
import { startSession } from './session.js';

export const SHUTDOWN_CLOSE_CODE = 1001;
const DRAIN_TIMEOUT_MS = 10000;
const CLOSE_TIMEOUT_MS = 2000;
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());
// A whole request (headers and body) must arrive within this; an idle keep-alive socket goes after the next.
const REQUEST_TIMEOUT_MS = 30000;
const KEEP_ALIVE_TIMEOUT_MS = 5000;
const TIMEOUT_CHECK_MS = 1000;

/**
 * The bridge, listen() to start it and close() to drain and stop it. backend: the Valkey side (see
 * valkey.js); config: see config.js.
 */
export function createBridge({ config, backend, logger = createLogger(), metrics = createMetrics() }) {
  const allowlist = createAllowlist(config.queues);
  const ops = createOps({ config, backend, allowlist });
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

  const clients = createClients(config);
  const http = createServer(
    {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: Math.max(REQUEST_TIMEOUT_MS, config.headersTimeoutMs),
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
    },
    createHttpHandler({ config, backend, metrics, logger }),
  );
  http.maxConnections = config.maxSockets;

  // Raw TCP sockets per peer address (before any header, so the peer itself: a trusted proxy is exempt).
  http.on('connection', (socket) => {
    const peer = bareAddress(socket.remoteAddress);
    if (config.trustProxy.has(peer)) return;
    const client = clients.of(peer);
    if (client === null || client.sockets >= config.maxSocketsPerIp) {
      metrics.httpRefused('ip_sockets');
      logger.warn('socket_refused', { peer, reason: 'ip_sockets' });
      socket.destroy();
      return;
    }
    client.sockets += 1;
    socket.once('close', () => {
      client.sockets -= 1;
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

  const upgrade = (req, socket, head) => {
    const peer = `${req.socket.remoteAddress}:${req.socket.remotePort}`;
    const address = clientAddress(req, config.trustProxy);
    const client = clients.of(address);
    const refusal = refuseUpgrade(req, { config, openConnections: wss.clients.size, closing, client });
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
    client.connections += 1; // held from here, so a burst of upgrades cannot pass the cap together
    let released = false;
    const release = () => {
      if (!released) client.connections -= 1;
      released = true;
    };
    socket.once('close', release);
    wss.handleUpgrade(req, socket, head, (ws) => {
      metrics.connectionOpened();
      logger.info('connection_open', { peer, client: address, origin: req.headers.origin ?? null });
      ws.on('close', (code) => {
        release();
        metrics.connectionClosed();
        logger.info('connection_closed', { peer, code });
      });
      ws.on('error', (error) => logger.warn('connection_error', { peer, message: error.message }));
      startSession(ws, socket, { config, ops, metrics, logger, work, isClosing: () => closing, peer, client });
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
      await Promise.race([drained(), delay(DRAIN_TIMEOUT_MS)]);
      const httpClosed = new Promise((resolve) => http.close(resolve));
      for (const ws of wss.clients) ws.close(SHUTDOWN_CLOSE_CODE, 'shutting down');
      http.closeIdleConnections();
      await Promise.race([httpClosed, delay(CLOSE_TIMEOUT_MS)]);
      for (const ws of wss.clients) ws.terminate();
      http.closeAllConnections();
      await httpClosed;
      clients.close();
      await backend.close();
      logger.info('closed', {});
    },
  };
}
