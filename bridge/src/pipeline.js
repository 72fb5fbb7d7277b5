// One request per socket answered at a time: a request parsed behind an answer under way waits (the socket
// paused, nothing more read), and a client pipelining more than LIMITS.pipelineDepth behind it is shut out.
import { bareAddress } from './clients.js';
import { LIMITS } from './limits.js';

/** Requests one socket may send ahead of the answer it waits for (browsers send none). */
export const PIPELINE_DEPTH = LIMITS.pipelineDepth;

/**
 * Wraps answer(req, res) as a request listener that serves each socket's requests in turn; `onOverflow(socket)`
 * is called (the socket already destroyed) when one pipelines past the depth.
 */
export function inTurn(answer, { metrics, logger, onOverflow }) {
  const lanes = new WeakMap(); // socket → {busy, waiting: [[req, res]]}
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
      onOverflow(socket);
      return;
    }
    lane.waiting.push([req, res]);
    socket.pause(); // nothing more is read until the answers before have gone
  };
}
