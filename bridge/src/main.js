// Runs the bridge as a process: Valkey backend, server, structured logs, graceful stop on SIGINT/SIGTERM.
import { ready as refusalWordsReady } from '@echomq/branded/explain';

import { createLogger } from './log.js';
import { createMetrics } from './metrics.js';
import { createBridge } from './server.js';
import { createBackend } from './valkey.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Starts the bridge on a configuration and resolves it once it listens; on SIGINT/SIGTERM it drains, runs
 * `afterClose`, and exits the process.
 */
export async function startBridge(config, { logger = createLogger(), afterClose = async () => {} } = {}) {
  if (!LOOPBACK.has(config.listen.host)) {
    logger.warn('public_listen', {
      host: config.listen.host,
      note:
        config.token === null ? 'no --token: any allowed origin or non-browser client may connect' : 'token required',
    });
  }
  await refusalWordsReady; // a bridge that could not word its refusals does not start
  const metrics = createMetrics();
  const backend = createBackend(config, { logger, metrics });
  const bridge = createBridge({ config, backend, logger, metrics });
  try {
    await bridge.listen();
  } catch (error) {
    await backend.close();
    throw error;
  }
  let stopping = false;
  // Repeated signals are ignored: `npm start` forwards Ctrl-C to a process that the terminal signals too,
  // and the drain is bounded anyway (server.js).
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    logger.info('signal', { signal });
    await bridge.close();
    await afterClose();
    process.exit(0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return bridge;
}
