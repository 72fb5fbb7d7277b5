// One WebSocket connection: its rate budget, its in-flight count, its idle timer, and the frame loop.
import { BridgeError, rateLimited, unavailable } from './errors.js';
import { decodeJson, errorReply, okReply, readRequest, requestIdOf } from './frames.js';
import { OPS } from './ops/index.js';
import { Bucket } from './rate.js';

export const IDLE_CLOSE_CODE = 4001;
export const FLOOD_CLOSE_CODE = 1008;

// What an op's run answers through: the first resolve or reject is the request's reply, later ones are
// ignored; `client` is who is charged for what it writes. One small object per request in flight (they are
// many: see coalescer.js).
class Reply {
  constructor(answers, id, client) {
    this.answers = answers;
    this.id = id;
    this.client = client;
  }

  resolve(result) {
    if (this.answers === null) return;
    const { answers } = this;
    this.answers = null;
    answers.ok(this.id, result);
  }

  reject(error) {
    if (this.answers === null) return;
    const { answers } = this;
    this.answers = null;
    answers.failed(this.id, error);
  }
}

/**
 * Serves one accepted WebSocket until it closes. socket: the connection's net.Socket under `ws`, corked while
 * a turn's replies are written (see send). client: this connection's client (clients.js), whose budgets
 * every connection from it shares.
 */
export function startSession(ws, socket, { config, ops, metrics, logger, work, isClosing, peer, client, now }) {
  const bucket = new Bucket(config.rate, now);
  let inflight = 0;

  // One timer for the connection's life, pushed back (refresh) by every frame.
  const idleTimer = setTimeout(() => {
    logger.info('idle_close', { peer });
    ws.close(IDLE_CLOSE_CODE, 'idle timeout');
  }, config.idleTimeoutMs);

  // Replies written in the same turn (a coalesced batch answers many at once) leave in one socket write:
  // each is still its own frame. The socket is corked at the first and uncorked once the turn is over.
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  // A client that does not read its replies is closed, not buffered for: past --max-buffered bytes
  // waiting in the socket, the connection is destroyed.
  const send = (text, code) => {
    metrics.reply(code);
    if (ws.readyState !== ws.OPEN) return;
    if (!corked) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    ws.send(text);
    if (socket.writableLength > config.maxBuffered) {
      metrics.slowReaderClosed();
      logger.warn('slow_reader_closed', { peer, buffered: socket.writableLength });
      ws.terminate();
    }
  };
  const sendError = (id, error) => {
    if (!(error instanceof BridgeError))
      logger.error('op_failed', { peer, message: error?.message, stack: error?.stack });
    send(errorReply(id, error), error instanceof BridgeError ? error.code : 'unavailable');
  };

  // A request's answer: counted in flight (maxInflight, the bridge's drain) until its one reply is sent.
  const answered = () => {
    inflight -= 1;
    work.finished();
  };
  const answers = {
    ok(id, result) {
      answered();
      let text;
      try {
        text = okReply(id, result);
      } catch (error) {
        return sendError(id, error);
      }
      return send(text, 'ok');
    },
    failed(id, error) {
      answered();
      sendError(id, error);
    },
  };

  // A connection that keeps sending while refused (another --rate frames past its budget within a second)
  // is closed: every refused frame still costs the bridge a parse and a reply.
  const refusedRecently = new Bucket(config.rate, now);
  const onFrame = (data, isBinary) => {
    idleTimer.refresh();
    const withinBudget = bucket.take();
    if (!withinBudget && !refusedRecently.take()) {
      metrics.floodClosed();
      logger.warn('flood_closed', { peer });
      ws.close(FLOOD_CLOSE_CODE, 'over the rate');
      return;
    }
    const withinClientRate = withinBudget && client.requests.take();
    let id = null;
    try {
      if (isBinary) throw new BridgeError('bad_request', 'binary frames are not part of the protocol; send JSON text');
      const message = decodeJson(data.toString('utf8'));
      id = requestIdOf(message);
      if (!withinBudget) throw rateLimited(`over ${config.rate} requests per second on this connection`);
      if (!withinClientRate) throw rateLimited(`over ${config.ipRate} requests per second from this address`);
      const request = readRequest(message);
      metrics.request(request.op);
      if (isClosing()) throw unavailable('the bridge is shutting down');
      // The cheap refusals come before the op's own checks (a refused batch is not validated item by item).
      if (inflight >= config.maxInflight)
        throw rateLimited(`over ${config.maxInflight} requests in flight on this connection`);
      const op = OPS[request.op];
      if (!client.cost.take(op.cost(request.fields)))
        throw rateLimited(`over ${config.ipBudget} Valkey commands per second from this address`);
      // Only whether it could: what it writes is charged once written (duplicates and refusals cost nothing).
      if (!client.keys.affords(op.keys(request.fields)))
        throw rateLimited(`over ${config.ipKeys} new keys from this address within the data's TTL`);
      const run = ops[request.op].prepare(request.fields, client);
      inflight += 1;
      work.started();
      const reply = new Reply(answers, id, client);
      try {
        run(reply);
      } catch (error) {
        reply.reject(error);
      }
    } catch (error) {
      sendError(id, error);
    }
  };

  ws.on('message', onFrame);
  ws.on('close', () => clearTimeout(idleTimer));
}
