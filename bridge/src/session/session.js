// One WebSocket connection: its budgets (frame-gate.js), its in-flight count, its idle timer, the frame loop,
// and the writing of replies.
import { BridgeError, rateLimited, unavailable } from '../errors.js';
import { decodeJson, errorReply, okReply, readRequest, requestIdOf } from '../frames.js';
import { OPS } from '../ops/index.js';
import { FrameGate, leadingId } from './frame-gate.js';
import { Reply } from './reply.js';

export const IDLE_CLOSE_CODE = 4001;
export const FLOOD_CLOSE_CODE = 1008;
// Ops that are not work: they keep a connection open but do not make it worth keeping (see server.js).
const NOT_WORK = new Set(['hello']);

/**
 * One connection's requests and replies. deps: {config, ops, metrics, logger, work (the bridge's count of
 * answers under way), isClosing, peer, client (clients.js: whose budgets every connection from it shares),
 * now, worked (called on each request that is real work: not a hello)}.
 */
export class Session {
  #inflight = 0;
  #corked = false;

  constructor(ws, socket, deps) {
    this.ws = ws;
    this.socket = socket;
    this.deps = deps;
    this.gate = new FrameGate(deps.config, deps.client, deps.now);
    // One timer for the connection's life, pushed back (refresh) by every frame.
    this.idleTimer = setTimeout(() => {
      deps.logger.info('idle_close', { peer: deps.peer });
      ws.close(IDLE_CLOSE_CODE, 'idle timeout');
    }, deps.config.idleTimeoutMs);
    this.answers = {
      ok: (id, result) => this.#answered(id, result, null),
      failed: (id, error) => this.#answered(id, null, error),
    };
    ws.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    ws.on('close', () => clearTimeout(this.idleTimer));
  }

  /** A frame: gated unread, then parsed, checked and run; every failure is answered, none thrown. */
  onFrame(data, isBinary) {
    const { config, metrics, logger, peer } = this.deps;
    this.idleTimer.refresh();
    const verdict = this.gate.admit(data.length);
    if (verdict === 'close') {
      metrics.floodClosed();
      logger.warn('flood_closed', { peer });
      this.ws.close(FLOOD_CLOSE_CODE, 'over the rate');
      return;
    }
    if (verdict !== null) {
      this.sendError(leadingId(data), rateLimited(verdict));
      return;
    }
    let id = null;
    try {
      if (isBinary) throw new BridgeError('bad_request', 'binary frames are not part of the protocol; send JSON text');
      const message = decodeJson(data.toString('utf8'));
      id = requestIdOf(message);
      const request = readRequest(message);
      metrics.request(request.op);
      this.#run(id, request, config);
    } catch (error) {
      this.sendError(id, error);
    }
  }

  // The cheap refusals come before the op's own checks (a refused batch is not validated item by item).
  #run(id, request, config) {
    const { client, ops, work, isClosing, worked } = this.deps;
    if (isClosing()) throw unavailable('the bridge is shutting down');
    if (this.#inflight >= config.maxInflight)
      throw rateLimited(`over ${config.maxInflight} requests in flight on this connection`);
    if (!client.known() && !NOT_WORK.has(request.op)) return this.#learnThenRun(id, request, config);
    const op = OPS[request.op];
    if (!client.cost.take(op.cost(request.fields)))
      throw rateLimited(`over ${config.ipBudget} Valkey commands per second from this address`);
    // What it may add is checked against the key budget, and held from it until the answer with the queue's
    // pending set (so requests in flight together, on this bridge or, a round trip later, on another of the
    // fleet, cannot pass it together); what it wrote is charged (duplicates and refusals cost nothing).
    const adds = op.keys(request.fields);
    if (!client.keys.affords(adds))
      throw rateLimited(`over ${config.ipKeys} new keys from this address within the data's TTL`);
    const run = ops[request.op].prepare(request.fields, client, this.ws);
    const held = adds > 0 ? adds + 1 : 0;
    client.keys.charge(held);
    if (!NOT_WORK.has(request.op)) worked();
    this.#inflight += 1;
    work.started();
    const reply = new Reply(this.answers, id, client, held);
    try {
      run(reply);
    } catch (error) {
      reply.reject(error);
    }
  }

  // Fleet limits whose client's budgets Valkey has not told yet (it was unreachable when the client came): the
  // request waits for them once, then runs; when Valkey cannot tell them, it is refused and nothing is sent.
  #learnThenRun(id, request, config) {
    const { client } = this.deps;
    client.limits.sync().then(
      () => this.#runAnswered(id, request, config),
      () => {
        const why = client.limits.failure === null ? '' : ` (${client.limits.failure})`;
        this.sendError(
          id,
          unavailable(`the bridge cannot reach this address's budgets in Valkey${why}; retry shortly`),
        );
      },
    );
  }

  #runAnswered(id, request, config) {
    try {
      this.#run(id, request, config);
    } catch (error) {
      this.sendError(id, error);
    }
  }

  // A request's answer: counted in flight (maxInflight, the bridge's drain) until its one reply is sent.
  #answered(id, result, error) {
    this.#inflight -= 1;
    this.deps.work.finished();
    if (error !== null) return this.sendError(id, error);
    let text;
    try {
      text = okReply(id, result);
    } catch (failure) {
      return this.sendError(id, failure);
    }
    return this.send(text, 'ok');
  }

  /** Sends an error reply (an error that is not a BridgeError is logged and goes out as `unavailable`). */
  sendError(id, error) {
    if (!(error instanceof BridgeError))
      this.deps.logger.error('op_failed', { peer: this.deps.peer, message: error?.message, stack: error?.stack });
    this.send(errorReply(id, error), error instanceof BridgeError ? error.code : 'unavailable');
  }

  /**
   * Sends a reply. Replies written in the same turn (a coalesced batch answers many at once) leave in one
   * socket write, each still its own frame. A client that does not read its replies is closed, not buffered
   * for: past --max-buffered bytes waiting in the socket, the connection is destroyed.
   */
  send(text, code) {
    const { ws, socket } = this;
    const { config, metrics, logger, peer } = this.deps;
    metrics.reply(code);
    if (ws.readyState !== ws.OPEN) return;
    if (!this.#corked) {
      this.#corked = true;
      socket.cork();
      process.nextTick(() => {
        this.#corked = false;
        socket.uncork();
      });
    }
    ws.send(text);
    if (socket.writableLength > config.maxBuffered) {
      metrics.slowReaderClosed();
      logger.warn('slow_reader_closed', { peer, buffered: socket.writableLength });
      ws.terminate();
    }
  }
}

/** Serves one accepted WebSocket until it closes (see Session). */
export const startSession = (ws, socket, deps) => new Session(ws, socket, deps);
