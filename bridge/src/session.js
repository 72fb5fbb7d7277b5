// One WebSocket connection: its rate budget, its in-flight count, its idle timer, and the frame loop.
import { BridgeError, rateLimited, unavailable } from './errors.js';
import { decodeJson, errorReply, okReply, readRequest, requestIdOf } from './frames.js';
import { createBucket } from './rate.js';

export const IDLE_CLOSE_CODE = 4001;

export function startSession(ws, { config, ops, metrics, logger, track, isClosing, peer }) {
  const bucket = createBucket(config.rate);
  let inflight = 0;
  let idleTimer = null;

  const armIdleTimer = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      logger.info('idle_close', { peer });
      ws.close(IDLE_CLOSE_CODE, 'idle timeout');
    }, config.idleTimeoutMs);
  };

  const send = (text, code) => {
    metrics.reply(code);
    if (ws.readyState === ws.OPEN) ws.send(text);
  };
  const sendError = (id, error) => {
    if (!(error instanceof BridgeError)) logger.error('op_failed', { peer, message: error?.message, stack: error?.stack });
    send(errorReply(id, error), error instanceof BridgeError ? error.code : 'unavailable');
  };

  // Sync checks (budget, shape, names, allowlist, limits) then the op's Valkey work, tracked for draining.
  const onFrame = (data, isBinary) => {
    armIdleTimer();
    const withinBudget = bucket.take();
    let id = null;
    try {
      if (isBinary) throw new BridgeError('bad_request', 'binary frames are not part of the protocol; send JSON text');
      const message = decodeJson(data.toString('utf8'));
      id = requestIdOf(message);
      if (!withinBudget) throw rateLimited(`over ${config.rate} requests per second on this connection`);
      const request = readRequest(message);
      metrics.request(request.op);
      if (isClosing()) throw unavailable('the bridge is shutting down');
      const run = ops[request.op].prepare(request.fields);
      if (inflight >= config.maxInflight) throw rateLimited(`over ${config.maxInflight} requests in flight on this connection`);
      inflight += 1;
      track(
        run().then(
          (result) => send(okReply(id, result), 'ok'),
          (error) => sendError(id, error),
        ).finally(() => { inflight -= 1; }),
      );
    } catch (error) {
      sendError(id, error);
    }
  };

  ws.on('message', onFrame);
  ws.on('close', () => clearTimeout(idleTimer));
  armIdleTimer();
}
