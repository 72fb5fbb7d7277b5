// The client side of the bridge protocol (bridge/PROTOCOL.md, `branded-bridge/1`): one WebSocket,
// requests with ids, replies matched by id (they may arrive in any order). It connects on demand and
// again after the bridge closed an idle socket; it never retries a write on its own.

const SUBPROTOCOL = 'branded.v1';
const REQUEST_TIMEOUT_MS = 30000;
// A bridge that has not answered by then is said to be down while the attempt goes on (a later answer is used):
// Firefox holds back repeated attempts at a host that failed, for longer after each page load.
export const UNANSWERED_MS = 600;

/** A failed request: `code` is the protocol's error code, `detail` the rest of the error object. */
export class BridgeError extends Error {
  constructor(error) {
    super(error.message ?? error.code);
    this.name = 'BridgeError';
    this.code = error.code;
    this.detail = error;
  }
}

/**
 * Where the bridge is, for a page: an explicit URL wins; a page served over http(s) defaults to the
 * same origin's `/ws` (how `npm start` serves it); a page opened from a file has no bridge.
 */
export function defaultBridgeUrl(explicit, location = globalThis.location) {
  if (explicit) return explicit === 'none' ? null : new URL(explicit, location.href).href.replace(/^http/, 'ws');
  if (!location || !/^https?:$/.test(location.protocol)) return null;
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/**
 * A client of one bridge: connects on demand, matches replies to requests by id, and fires `change` when
 * its status or its hello changes.
 */
export class Bridge extends EventTarget {
  /** url: ws(s) URL; token: optional bearer token, offered as the `bearer.<token>` subprotocol. */
  constructor(url, { token } = {}) {
    super();
    this.url = url;
    this.token = token || null;
    this.socket = null;
    this.opening = null;
    this.pending = new Map();
    this.nextId = 1;
    this.status = 'idle'; // idle | connecting | open | closed | failed
    this.hello = null;
    this.lastError = null;
    this.connecting = null;
  }

  /** Connects (if needed) and asks `hello`; resolves to the hello result, or rejects. */
  async connect() {
    await this.open();
    this.hello = await this.request('hello');
    this.emit();
    return this.hello;
  }

  /** connect(), once for all callers; after a failure the next call tries again. */
  ready() {
    this.connecting ??= this.connect().catch((error) => {
      this.connecting = null;
      throw error;
    });
    return this.connecting;
  }

  /** Whether live requests can be made: hello answered and the socket not known to be broken. */
  get live() {
    return Boolean(this.hello) && this.status !== 'failed';
  }

  /** Sends one op; resolves to its `result`, rejects with a BridgeError carrying the reply's code. */
  async request(op, fields = {}) {
    const socket = await this.open();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new BridgeError({ code: 'timeout', message: `no reply to ${op} within ${REQUEST_TIMEOUT_MS} ms` }));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      socket.send(JSON.stringify({ id, op, ...fields }));
    });
  }

  open() {
    if (this.socket?.readyState === WebSocket.OPEN) return Promise.resolve(this.socket);
    if (this.opening) return this.opening;
    this.setStatus('connecting');
    const unanswered = setTimeout(() => {
      if (this.status === 'connecting') this.fail(`no bridge answered at ${this.url}`);
    }, UNANSWERED_MS);
    this.opening = new Promise((resolve, reject) => {
      const protocols = this.token ? [SUBPROTOCOL, `bearer.${this.token}`] : [SUBPROTOCOL];
      let socket;
      try {
        socket = new WebSocket(this.url, protocols);
      } catch (error) {
        this.fail(error.message);
        reject(new BridgeError({ code: 'unreachable', message: error.message }));
        return;
      }
      socket.addEventListener('open', () => {
        clearTimeout(unanswered);
        this.socket = socket;
        this.opening = null;
        this.setStatus('open');
        resolve(socket);
      });
      socket.addEventListener('message', (event) => this.receive(event.data));
      socket.addEventListener('close', (event) => {
        clearTimeout(unanswered);
        const wasOpen = this.socket === socket;
        this.socket = null;
        this.opening = null;
        this.rejectAll(`the bridge closed the connection (${event.code})`);
        if (wasOpen) this.setStatus('closed');
        else {
          this.fail(`no bridge answered at ${this.url}`);
          reject(new BridgeError({ code: 'unreachable', message: this.lastError }));
        }
      });
    });
    return this.opening;
  }

  receive(data) {
    let reply;
    try {
      reply = JSON.parse(data);
    } catch {
      return;
    }
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    clearTimeout(waiting.timer);
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(new BridgeError(reply.error ?? { code: 'bad_reply', message: 'a reply with no error' }));
  }

  rejectAll(message) {
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new BridgeError({ code: 'unavailable', message }));
      this.pending.delete(id);
    }
  }

  fail(message) {
    this.lastError = message;
    this.setStatus('failed');
  }

  setStatus(status) {
    this.status = status;
    this.emit();
  }

  emit() {
    this.dispatchEvent(new Event('change'));
  }
}

const shared = new Map();
/** One Bridge per URL and token for a page, so several widgets share a socket. */
export function bridgeFor(url, token) {
  if (!url) return null;
  const key = `${url} ${token ?? ''}`;
  if (!shared.has(key)) shared.set(key, new Bridge(url, { token }));
  return shared.get(key);
}
