// The TCP sockets table: every socket (HTTP or WebSocket) counted per peer and in all before a byte is parsed.
// Past --max-sockets a newcomer takes the heaviest client's oldest socket, or among equals (a crowd of
// addresses with one socket each) the least valuable one: a socket that never finished its headers, else the
// one idle longest by real work (a request, or a WebSocket's real work: see session.js).
import { STATUS_CODES } from 'node:http';

import { createShares } from './admission.js';
import { bareAddress } from './clients.js';
import { LIMITS } from './limits.js';

// A socket that has not finished its headers ranks below every socket that has, oldest first.
const UNFINISHED = 1e12;

/**
 * Watches `http`'s sockets. Returns {shares (the table), shutOut(client) (drops every socket of a client that
 * broke the HTTP rules, which may not connect again for LIMITS.penaltyMs), worked(socket) (a socket did real
 * work now)}.
 */
export function watchSockets(http, { config, clients, metrics, logger, now }) {
  const shares = createShares({
    limit: config.maxSockets,
    perHolder: config.maxSocketsPerIp,
    minIdleMs: LIMITS.evictIdleMs,
    now,
  });
  const items = new WeakMap(); // socket → its item in the table
  const worked = (socket) => {
    const item = items.get(socket);
    if (item !== undefined) item.workedAt = now();
  };
  const shutOut = (client) => {
    client.shutOutUntil = now() + LIMITS.penaltyMs;
    for (const item of shares.itemsOf(client.key)) item.drop();
  };

  // Before any header, so the peer itself: a trusted proxy is exempt from the per-client cap and never evicted.
  http.on('connection', (socket) => {
    const peer = bareAddress(socket.remoteAddress);
    const exempt = config.trustProxy.has(peer);
    const client = clients.of(peer);
    const item = {
      workedAt: null,
      unfinished() {
        return this.workedAt === null;
      },
      idleSince() {
        return this.workedAt ?? this.since - UNFINISHED;
      },
      evict() {
        metrics.evicted('sockets');
        socket.destroy();
      },
      drop: () => socket.destroy(),
    };
    if (client.shutOutUntil > now()) {
      metrics.httpRefused('shut_out');
      socket.destroy();
      return;
    }
    const refused = shares.take(client.key, item, { exempt });
    if (refused !== null) {
      const reason = refused === 'holder' ? 'ip_sockets' : 'sockets';
      metrics.httpRefused(reason);
      logger.warn('socket_refused', { peer, reason });
      socket.destroy();
      return;
    }
    items.set(socket, item);
    if (!exempt) client.sockets += 1;
    socket.once('close', () => {
      shares.release(client.key, item, { exempt });
      if (!exempt) client.sockets -= 1;
    });
  });
  http.on('request', (req) => worked(req.socket));
  http.on('upgrade', (req) => worked(req.socket));
  // A request Node's parser rejects (or a timeout): answered 400/408 where possible, and always destroyed.
  http.on('clientError', (error, socket) => {
    const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    metrics.httpRefused(timeout ? 'timeout' : 'parse');
    if (socket.writable && !socket.writableEnded && error.code !== 'ECONNRESET') {
      const status = timeout ? 408 : 400;
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () =>
        socket.destroy(),
      );
      setTimeout(() => socket.destroy(), LIMITS.parseErrorLingerMs).unref();
    } else {
      socket.destroy();
    }
  });
  return { shares, shutOut, worked };
}
