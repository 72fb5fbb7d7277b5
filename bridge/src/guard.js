// What every HTTP answer and upgrade shares: the request's path (read without `new URL`, which throws on
// targets Node's parser accepts), the Host allowlist (against DNS rebinding), and the security headers.

// The explorer's policy (web/index.html carries the same as a <meta>), plus what only a header can say.
const PAGE_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
// A worker takes its policy from its own response, not from the page that starts it: a script may run as
// one (the explorer's scan worker instantiates WebAssembly), so scripts get what a worker needs (same-origin
// imports, WebAssembly) and no more. Loaded by <script>, a script runs under its page's policy instead.
const SCRIPT_POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; frame-ancestors 'none'";
const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'";
const POLICIES = Object.freeze({ page: PAGE_POLICY, script: SCRIPT_POLICY, nothing: NOTHING_POLICY });

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * The kind of policy a response of this Content-Type gets: `page` for HTML, `script` for JavaScript (which may
 * run as a worker), `nothing` for everything else (styles, JSON, images, WebAssembly, text, errors).
 */
export function policyKind(contentType) {
  const type = String(contentType ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type === 'text/html') return 'page';
  if (type === 'text/javascript') return 'script';
  return 'nothing';
}

/** Security headers for a response of `kind` (see policyKind); by default a policy that allows nothing. */
export const securityHeaders = (kind = 'nothing') => {
  const policy = POLICIES[kind];
  if (policy === undefined) throw new TypeError(`unknown policy kind ${kind}`);
  return { ...COMMON_HEADERS, 'Content-Security-Policy': policy };
};

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
