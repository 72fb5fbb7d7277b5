// The WebSocket side of the HTTP server: the upgrade's checks (handshake.js), a place among the WebSockets,
// and a session (session/session.js) once the handshake is done. Past --max-connections a newcomer closes the
// heaviest client's oldest WebSocket, or among equals (a crowd of addresses with one each) the one idle
// longest by real work: a `hello` keeps a socket open but is not work.
import { WebSocketServer } from 'ws';

import { createShares } from './admission.js';
import { clientAddress } from './clients.js';
import { SUBPROTOCOL, refuseUpgrade, writeRefusal } from './handshake.js';
import { LIMITS } from './limits.js';
import { FRAGMENTS_CLOSE_CODE, guardFragments } from './session/fragment-guard.js';
import { startSession } from './session/session.js';

/** The close code of a WebSocket whose place went to a newcomer: try again later. */
export const SHARE_CLOSE_CODE = 1013;

/** A WebSocket's place in the table: evicted with 1013, idle since its last real work. */
class Place {
  constructor(metrics, now) {
    this.metrics = metrics;
    this.workedAt = now();
    this.ws = null;
    this.socket = null;
  }

  idleSince() {
    return this.workedAt;
  }

  evict() {
    this.metrics.evicted('websockets');
    if (this.ws === null) return this.socket.destroy();
    this.ws.close(SHARE_CLOSE_CODE, 'the bridge is full: this place went to another client');
    return setTimeout(() => this.ws.terminate(), LIMITS.closeTimeoutMs).unref();
  }
}

// A refusal of an upgrade for want of a place, or null when the place was taken.
function placeRefusal(refused, config) {
  if (refused === 'holder')
    return {
      status: 503,
      reason: 'ip_capacity',
      text: `at most ${config.maxConnectionsPerIp} connections per address`,
    };
  if (refused === 'full') return { status: 503, reason: 'capacity', text: 'too many connections' };
  return null;
}

/**
 * The upgrade handler and the WebSocket server. deps: {config, clients, ops, metrics, logger, answering,
 * isClosing, sockets (sockets.js: real work is also the TCP socket's), now, fleet (fleet/limits.js, or null)}.
 */
export class Upgrades {
  constructor(deps) {
    const { config, now } = deps;
    this.deps = deps;
    this.places = createShares({
      limit: config.maxConnections,
      perHolder: config.maxConnectionsPerIp,
      minIdleMs: LIMITS.evictIdleMs,
      now,
    });
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: config.maxFrame,
      handleProtocols: (offered) => (offered.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
    });
  }

  // A place among the WebSockets for `client`: the Place, or the refusal.
  #takePlace(client, socket) {
    const { metrics, now, config } = this.deps;
    const place = new Place(metrics, now);
    place.socket = socket;
    const refusal = placeRefusal(this.places.take(client.key, place), config);
    if (refusal !== null) return refusal;
    client.connections += 1; // held from here, so a burst of upgrades cannot pass the cap together
    let released = false;
    socket.once('close', () => {
      if (released) return;
      released = true;
      this.places.release(client.key, place);
      client.connections -= 1;
    });
    return place;
  }

  #accept(req, socket, head, { place, client, address, peer }) {
    const { metrics, logger, now } = this.deps;
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      place.ws = ws;
      metrics.connectionOpened();
      logger.info('connection_open', { peer, client: address, origin: req.headers.origin ?? null });
      ws.on('close', (code) => {
        metrics.connectionClosed();
        logger.info('connection_closed', { peer, code });
      });
      ws.on('error', (error) => logger.warn('connection_error', { peer, message: error.message }));
      guardFragments(socket, () => {
        metrics.fragmentsClosed();
        logger.warn('fragments_closed', { peer, max: LIMITS.maxFragments });
        ws.close(FRAGMENTS_CLOSE_CODE, `a message in over ${LIMITS.maxFragments} frames`);
        setTimeout(() => ws.terminate(), LIMITS.closeTimeoutMs).unref();
      });
      const worked = () => {
        place.workedAt = now();
        this.deps.sockets.worked(socket);
      };
      startSession(ws, socket, { ...this.deps, work: this.deps.answering, peer, client, worked });
    });
  }

  // With fleet limits, a place among the client's WebSockets on every bridge (its refusal, or null), and its
  // budgets learnt from Valkey. Valkey unreachable: the place is this bridge's alone (the session refuses work
  // until the budgets are known); a WebSocket is not a write.
  async #fleetPlace(client, socket) {
    const { fleet, logger, config } = this.deps;
    const granted = await fleet.connect(client).catch((error) => {
      logger.warn('limits_unavailable', { message: error.message });
      return null;
    });
    if (granted === false) return placeRefusal('holder', config);
    if (granted === true) {
      if (socket.destroyed) fleet.disconnect(client.key);
      else socket.once('close', () => fleet.disconnect(client.key));
    }
    return null;
  }

  #upgrade(req, socket, head) {
    const { config, clients, isClosing, fleet } = this.deps;
    const peer = `${req.socket.remoteAddress}:${req.socket.remotePort}`;
    const address = clientAddress(req, config.trustProxy);
    const client = clients.of(address);
    const refusal = refuseUpgrade(req, { config, closing: isClosing() });
    const where = { req, socket, head, client, address, peer };
    if (refusal !== null || fleet == null) return this.#settle(where, refusal);
    return this.#fleetPlace(client, socket)
      .then((fleetRefusal) => (socket.destroyed ? null : this.#settle(where, fleetRefusal)))
      .catch((error) => this.#failed(socket, error));
  }

  #settle({ req, socket, head, client, address, peer }, refused) {
    const { metrics, logger } = this.deps;
    let refusal = refused;
    const place = refusal === null ? this.#takePlace(client, socket) : null;
    if (place?.status !== undefined) refusal = place;
    if (refusal !== null) {
      metrics.connectionRefused(refusal.reason);
      const origin = req.headers.origin ?? null;
      logger.warn('upgrade_refused', { peer, client: address, status: refusal.status, reason: refusal.reason, origin });
      writeRefusal(socket, refusal);
      return;
    }
    this.#accept(req, socket, head, { place, client, address, peer });
  }

  #failed(socket, error) {
    this.deps.logger.error('upgrade_failed', { message: error?.message });
    socket.destroy();
  }

  /** Handles an upgrade; nothing a client sends may end the process: a failure costs only this socket. */
  handle(req, socket, head) {
    try {
      this.#upgrade(req, socket, head);
    } catch (error) {
      this.#failed(socket, error);
    }
  }
}

/** The upgrades (see Upgrades). */
export const createUpgrades = (deps) => new Upgrades(deps);
