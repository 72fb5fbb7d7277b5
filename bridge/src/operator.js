// The operator's endpoints: /healthz (what a load balancer asks: public, without versions) and /metrics. The
// operator is a caller with the --token, or without one a loopback caller that came through no proxy: a
// same-host proxy's request is loopback too, so a request carrying a proxy's header is never the operator's.
import { bareAddress, clientAddress, isLoopback } from './clients.js';
import { tokenAccepted } from './handshake.js';

// Headers a proxy adds (RFC 7239 Forwarded, the de facto X-Forwarded-*, X-Real-IP, Via).
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

/** Whether a request came through a proxy: it carries a header a proxy adds. */
export const viaProxy = (req) => PROXY_HEADERS.some((name) => req.headers[name] !== undefined);

/** Whether the request is the operator's: it carries the --token, or (none configured) it is loopback and direct. */
export function isOperator(req, config) {
  if (config.token !== null) return tokenAccepted(req, config.token);
  return (
    !viaProxy(req) &&
    isLoopback(clientAddress(req, config.trustProxy)) &&
    isLoopback(bareAddress(req.socket.remoteAddress))
  );
}

// Why Valkey cannot take work now, or null when it can.
function unhealthyReason(status, stalled) {
  if (!status.valkey.reachable) return 'valkey_unreachable';
  if (stalled) return 'valkey_stalled';
  if (status.fence.state === 'foreign') return 'fence_foreign';
  if (status.fence.state !== 'ok') return 'fence_unknown';
  return null;
}

/**
 * /healthz's {status, body}: 200 when Valkey is reachable, answering (not stalled past --valkey-timeout) and
 * the fence is ok, else 503 with the `reason`. Not `full` (a caller who is not the operator), it says only
 * that, without versions or fence values.
 */
export function health(backend, metrics, { full = true } = {}) {
  const status = backend.status();
  const reason = unhealthyReason(status, backend.stalled?.() ?? false);
  const ok = reason === null;
  const why = ok ? {} : { reason };
  if (!full)
    return {
      status: ok ? 200 : 503,
      body: { ok, ...why, valkey: { reachable: status.valkey.reachable }, fence: { state: status.fence.state } },
    };
  const { valkey, fence } = status;
  return {
    status: ok ? 200 : 503,
    body: { ok, ...why, valkey, fence, connections: metrics.openConnections(), uptimeMs: metrics.uptimeMs() },
  };
}
