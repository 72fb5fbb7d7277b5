// What every HTTP answer and upgrade shares: the request's path (read without `new URL`, which throws on
// targets Node's parser accepts), the Host allowlist (against DNS rebinding), and the security headers.

// The explorer's policy (web/index.html carries the same as a <meta>), plus what only a header can say.
const PAGE_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'";

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Security headers for a response; `page` for HTML the explorer runs in, else a policy that allows nothing. */
export const securityHeaders = (page = false) => ({
  ...COMMON_HEADERS,
  'Content-Security-Policy': page ? PAGE_POLICY : NOTHING_POLICY,
});

/** The path of an origin-form request target (`/a/b?q`), or null for anything else (`*`, absolute-form). */
export function requestPath(url) {
  if (typeof url !== 'string' || !url.startsWith('/')) return null;
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

// The host name of a Host header, lower-cased, without its port; null when there is none or it is garbled.
function hostNameOf(header) {
  if (typeof header !== 'string') return null;
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/.exec(header);
  return match === null ? null : match[1].toLowerCase();
}

/** Whether the request's Host names one of `allowedHosts` (`*`: any); a missing or garbled Host never does. */
export function hostAllowed(req, allowedHosts) {
  const name = hostNameOf(req.headers.host);
  if (name === null) return false;
  return allowedHosts.includes('*') || allowedHosts.includes(name);
}
