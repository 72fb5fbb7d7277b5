// The bridge: one HTTP server for /healthz, /metrics, the static explorer (http.js) and the /ws upgrade
// (upgrade.js), its TCP sockets counted (sockets.js), and the drain on close.
import { createServer } from 'node:http';

import { createShares } from './admission.js';
import { Answering } from './answering.js';
import { createClients } from './clients.js';
import { admittedOrigins } from './config.js';
import { createHttpHandler } from './http.js';
import { LIMITS } from './limits.js';
import { createLogger } from './log.js';
import { createMetrics } from './metrics.js';
import { createOps } from './ops/index.js';
import { createAllowlist } from './queues.js';
import { watchSockets } from './sockets.js';
import { createUpgrades } from './upgrade.js';

export { SHARE_CLOSE_CODE } from './upgrade.js';
export const SHUTDOWN_CLOSE_CODE = 1001;
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

// Waits for the answers under way (at most LIMITS.drainTimeoutMs), then closes every WebSocket (1001) and
// socket, the idle ones first.
async function drainAndClose({ http, wss, answering, logger }) {
  logger.info('draining', { inflight: answering.count, connections: wss.clients.size });
  await Promise.race([answering.drained(), delay(LIMITS.drainTimeoutMs)]);
  const httpClosed = new Promise((resolve) => http.close(resolve));
  for (const ws of wss.clients) ws.close(SHUTDOWN_CLOSE_CODE, 'shutting down');
  http.closeIdleConnections();
  await Promise.race([httpClosed, delay(LIMITS.closeTimeoutMs)]);
  for (const ws of wss.clients) ws.terminate();
  http.closeAllConnections();
  await httpClosed;
}

/**
 * The bridge, listen() to start it and close() to drain and stop it. backend: the Valkey side (see
 * valkey.js); config: see config.js; now: the clock every budget reads (tests may drive it).
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
  const answering = new Answering();
  const clients = createClients(config, now, backend.fleet ?? null);
  const files = createShares({ limit: config.maxOpenFiles });
  const http = createServer({
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: Math.max(LIMITS.requestTimeoutMs, config.headersTimeoutMs),
    keepAliveTimeout: LIMITS.keepAliveTimeoutMs,
    connectionsCheckingInterval: LIMITS.timeoutCheckMs,
  });
  const sockets = watchSockets(http, { config, clients, metrics, logger, now });
  const upgrades = createUpgrades({
    config,
    clients,
    ops,
    metrics,
    logger,
    answering,
    isClosing: () => closing,
    sockets,
    now,
    fleet: backend.fleet ?? null,
  });
  http.on('request', createHttpHandler({ config, backend, metrics, logger, clients, files, shutOut: sockets.shutOut }));
  http.on('upgrade', (req, socket, head) => upgrades.handle(req, socket, head));
  metrics.setGauges(() => ({
    sockets: sockets.shares.size(),
    websockets: upgrades.places.size(),
    files: files.size(),
    clients: clients.size(),
  }));

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
      await drainAndClose({ http, wss: upgrades.wss, answering, logger });
      clients.close();
      await backend.close();
      logger.info('closed', {});
    },
  };
}
