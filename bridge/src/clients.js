// Who a request comes from, and what each client may still spend. A client is an address group: an IPv4
// address (or its /24 with --ipv4-prefix 24) or the IPv6 prefix an address lies in (--ipv6-prefix, /64 by
// default: a single host is commonly handed a whole /64, and a /48 to a site). The peer address is the client
// unless the peer is a proxy listed in --trust-proxy: then the client is the right-most X-Forwarded-For hop
// that is not itself a trusted proxy (the hops left of it are the client's own claims and never trusted).
import { isIP } from 'node:net';

import { Bucket } from './rate.js';
import { LIMITS } from './limits.js';

/** The address without the `::ffff:` that a dual-stack socket puts before an IPv4 peer; '' for none. */
export const bareAddress = (address) => (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

// An IPv6 address as its eight 16-bit groups (an embedded IPv4 tail as the last two).
function ipv6Groups(address) {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail = ''] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = text.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.map((g) => Number.parseInt(g, 16));
}

/**
 * The key a client is counted under: its address group. IPv6: the first `ipv6Prefix` bits, written
 * `a:b:c::/48`; IPv4: the address, or with `ipv4Prefix` below 32 its network (`192.0.2.0/24`).
 */
export function clientKey(address, { ipv6Prefix = 64, ipv4Prefix = 32 } = {}) {
  const family = isIP(address);
  if (family === 4) {
    if (ipv4Prefix >= 32) return address;
    const value = address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
    const masked = ipv4Prefix === 0 ? 0 : value - (value % 2 ** (32 - ipv4Prefix));
    const bytes = [24, 16, 8, 0].map((shift) => Math.floor(masked / 2 ** shift) % 256);
    return `${bytes.join('.')}/${ipv4Prefix}`;
  }
  if (family !== 6) return address;
  const groups = ipv6Groups(address);
  const kept = [];
  for (let i = 0; i < 8; i += 1) {
    const bits = Math.max(0, Math.min(16, ipv6Prefix - i * 16));
    kept.push(bits === 16 ? groups[i] : groups[i] & (0xffff << (16 - bits)) & 0xffff);
  }
  while (kept.length > 0 && kept.at(-1) === 0) kept.pop();
  return `${kept.map((g) => g.toString(16)).join(':')}${kept.length < 8 ? '::' : ''}/${ipv6Prefix}`;
}

/**
 * The client a request counts against: its peer, or for a peer in `trustedProxies` the right-most
 * X-Forwarded-For hop that is not one (the peer itself without the header, when every hop is trusted, or
 * when a garbled hop comes first).
 */
export function clientAddress(req, trustedProxies) {
  const peer = bareAddress(req.socket.remoteAddress);
  if (!trustedProxies.has(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  if (typeof header !== 'string') return peer;
  const hops = header.split(',').map((h) => bareAddress(h.trim()));
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    if (isIP(hops[i]) === 0) return peer; // a garbled hop: count the request against the proxy itself
    if (!trustedProxies.has(hops[i])) return hops[i];
  }
  return peer;
}

/** Whether a bare address (see bareAddress) is loopback: ::1 or 127.0.0.0/8. */
export const isLoopback = (address) => address === '::1' || /^127\./.test(address);

// One client: what it holds open and its budgets, the last refilling over the data's TTL (what expires may be
// written again). With fleet limits (fleet/limits.js) the budgets are shared buckets of one group, kept in
// Valkey; `limits` is that group (null: the budgets are this process's).
class Client {
  constructor(key, config, now, fleet) {
    this.key = key;
    this.connections = 0;
    this.sockets = 0;
    this.touched = now();
    this.shutOutUntil = 0;
    this.windowCharge = 0; // what the window being read was charged up front (not yet read)
    this.limits = fleet === null ? null : fleet.clientGroup(key);
    const bucket = (name, rate, capacity = rate) =>
      this.limits === null ? new Bucket(rate, now, capacity) : this.limits.bucket(name, rate, capacity);
    const perTtl = (n) => n / (config.dataTtlS || LIMITS.hourS);
    this.requests = bucket('requests', config.ipRate);
    this.bytes = bucket('bytes', config.ipByteRate);
    this.cost = bucket('cost', config.ipBudget);
    this.entries = bucket('entries', config.ipWindowEntries);
    this.keys = bucket('keys', perTtl(config.ipKeys), config.ipKeys);
    this.seedBytes = bucket('seed', perTtl(config.ipSeedBytes), config.ipSeedBytes);
  }

  /** Whether its budgets are known: always for local limits; for fleet limits once Valkey has answered. */
  known() {
    return this.limits === null || this.limits.synced;
  }

  holdsNothing() {
    return this.connections === 0 && this.sockets === 0;
  }

  rested() {
    return (
      this.requests.full() &&
      this.bytes.full() &&
      this.cost.full() &&
      this.entries.full() &&
      this.keys.full() &&
      this.seedBytes.full()
    );
  }
}

/**
 * The table of clients, at most --max-clients. of(address) is the client's record; when the table is full, the
 * record that was used least recently and holds no socket makes room (its budgets start full again if it
 * comes back, unless they are the fleet's: then Valkey still holds them). A client holding nothing with full
 * budgets is forgotten on the next sweep.
 */
export function createClients(config, now = () => performance.now(), fleet = null) {
  const clients = new Map(); // key → Client, least recently used first
  const grouping = { ipv6Prefix: config.ipv6Prefix, ipv4Prefix: config.ipv4Prefix };
  let evicted = 0;
  // A record holding sockets is moved to the young end as the scan passes it, so such records (at most one
  // per open socket) never clog the old end.
  const makeRoom = () => {
    let scanned = 0;
    for (const [key, client] of clients) {
      clients.delete(key);
      if (client.holdsNothing() || scanned >= LIMITS.evictionScan) {
        evicted += 1;
        return;
      }
      clients.set(key, client);
      scanned += 1;
    }
  };
  const sweep = setInterval(() => {
    for (const [key, client] of clients) if (client.holdsNothing() && client.rested()) clients.delete(key);
  }, LIMITS.clientSweepMs);
  sweep.unref();
  return {
    of(address) {
      const key = clientKey(address, grouping);
      let client = clients.get(key);
      if (client === undefined) {
        if (clients.size >= config.maxClients) makeRoom();
        client = new Client(key, config, now, fleet);
        clients.set(key, client);
      } else if (now() - client.touched > LIMITS.touchMs) {
        client.touched = now();
        clients.delete(key);
        clients.set(key, client);
      }
      return client;
    },
    size: () => clients.size,
    evicted: () => evicted,
    close: () => clearInterval(sweep),
  };
}
