// The bridge: one HTTP server for /healthz, /metrics, the static explorer and the /ws upgrade.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

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

// backend: the Valkey side (see valkey.js); config: see config.js.
export function createBridge({ config, backend, logger = createLogger(), metrics = createMetrics() }) {
  const allowlist = createAllowlist(config.queues);
  const ops = createOps({ config, backend, allowlist });
  let closing = false;

  // Requests being answered, counted (nothing kept per request) so that close() can wait for them.
  let answering = 0;
  let onDrained = () => {};
  const work = {
    started() { answering += 1; },
    finished() {
      answering -= 1;
      if (answering === 0) onDrained();
    },
  };
  const drained = () => (answering === 0 ? Promise.resolve() : new Promise((resolve) => { onDrained = resolve; }));

  const http = createServer(createHttpHandler({ config, backend, metrics, logger }));
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: config.maxFrame,
    handleProtocols: (offered) => (offered.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
  });

  http.on('upgrade', (req, socket, head) => {
    const peer = `${req.socket.remoteAddress}:${req.socket.remotePort}`;
    const refusal = refuseUpgrade(req, { config, openConnections: wss.clients.size, closing });
    if (refusal !== null) {
      metrics.connectionRefused(refusal.reason);
      logger.warn('upgrade_refused', { peer, status: refusal.status, reason: refusal.reason, origin: req.headers.origin ?? null });
      return writeRefusal(socket, refusal);
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      metrics.connectionOpened();
      logger.info('connection_open', { peer, origin: req.headers.origin ?? null });
      ws.on('close', (code) => {
        metrics.connectionClosed();
        logger.info('connection_closed', { peer, code });
      });
      ws.on('error', (error) => logger.warn('connection_error', { peer, message: error.message }));
      startSession(ws, socket, { config, ops, metrics, logger, work, isClosing: () => closing, peer });
    });
    return undefined;
  });

  return {
    metrics,
    async listen() {
      const { host, port } = config.listen;
      await new Promise((resolve, reject) => {
        http.once('error', reject);
        http.listen(port, host, () => { http.off('error', reject); resolve(); });
      });
      const address = http.address();
      logger.info('listening', { host: address.address, port: address.port, path: '/ws', static: config.staticDir });
      return address;
    },
    address: () => http.address(),
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
      await backend.close();
      logger.info('closed', {});
    },
  };
}
