// Who may open a socket: the checks run on the HTTP upgrade, before any WebSocket exists.
// Refusals are plain HTTP answers (400 target, 421 Host, 404 path, 403 Origin, 401 token, 400 subprotocol,
// 503 capacity), after which the socket is destroyed: a client that never closes cannot keep it.
import { createHash, timingSafeEqual } from 'node:crypto';
import { STATUS_CODES } from 'node:http';

import { hostAllowed, requestPath, securityHeaders } from './guard.js';
import { LIMITS } from './limits.js';

export const WS_PATH = '/ws';
export const SUBPROTOCOL = 'branded.v1';
const BEARER_PREFIX = 'bearer.';

/** The subprotocols an upgrade offers (Sec-WebSocket-Protocol), in order; none without the header. */
export function offeredProtocols(req) {
  const header = req.headers['sec-websocket-protocol'];
  return header === undefined
    ? []
    : header
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
}

const digest = (text) => createHash('sha256').update(text).digest();
// Constant-time in the token's content: both sides are hashed to 32 bytes first.
const sameSecret = (given, expected) => timingSafeEqual(digest(given), digest(expected));

function presentedToken(req) {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice('Bearer '.length);
  const bearer = offeredProtocols(req).find((p) => p.startsWith(BEARER_PREFIX));
  return bearer === undefined ? null : bearer.slice(BEARER_PREFIX.length);
}

/**
 * Whether the request carries `token` (an Authorization Bearer header or a bearer.<token> subprotocol),
 * compared in constant time; always true when no token is configured (null).
 */
export function tokenAccepted(req, token) {
  if (token === null) return true;
  const given = presentedToken(req);
  return given !== null && sameSecret(given, token);
}

/** Whether the request's Origin is one of `origins` (`*`: any), or it has none. */
export function originAccepted(req, origins) {
  const origin = req.headers.origin;
  if (origin === undefined) return true; // not a browser: the token (when configured) is the gate
  return origins.includes('*') || origins.includes(origin);
}

/**
 * null when the upgrade may proceed (its place among the WebSockets is taken after, see server.js), else
 * {status, reason, text} for the HTTP refusal.
 */
export function refuseUpgrade(req, { config, closing }) {
  const path = requestPath(req.url);
  if (path === null) return { status: 400, reason: 'target', text: 'the request target must be a path' };
  if (!hostAllowed(req, config.allowedHosts))
    return { status: 421, reason: 'host', text: 'this Host is not served here' };
  if (path !== WS_PATH) return { status: 404, reason: 'path', text: `the WebSocket path is ${WS_PATH}` };
  if (closing) return { status: 503, reason: 'closing', text: 'the bridge is shutting down' };
  if (!originAccepted(req, config.origins)) return { status: 403, reason: 'origin', text: 'origin not allowed' };
  if (!tokenAccepted(req, config.token)) return { status: 401, reason: 'token', text: 'missing or wrong token' };
  const offered = offeredProtocols(req);
  if (offered.length > 0 && !offered.includes(SUBPROTOCOL)) {
    return { status: 400, reason: 'subprotocol', text: `offer the subprotocol ${SUBPROTOCOL}` };
  }
  return null;
}

/**
 * Answers a refused upgrade with a plain HTTP response (`text` as its body) and destroys the socket once it
 * is written, or LIMITS.refusalLingerMs later at the latest.
 */
export function writeRefusal(socket, { status, text }) {
  const reason = STATUS_CODES[status];
  const body = `${text}\n`;
  const headers = Object.entries(securityHeaders())
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.on('error', () => {});
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n${headers}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
  setTimeout(() => socket.destroy(), LIMITS.refusalLingerMs).unref();
}
