// Who a request comes from, and what each client (one IP address; one /64 for IPv6) may still spend.
// The peer address is the client unless the peer is a proxy listed in --trust-proxy: then the client is
// the right-most X-Forwarded-For hop that is not itself a trusted proxy (the hops left of it are the
// client's own claims and never trusted).
import { isIP } from 'node:net';

import { createBucket } from './rate.js';

const SWEEP_MS = 10000;
const HOUR_S = 3600;
export const MAX_TRACKED_CLIENTS = 100000;

/** The address without the `::ffff:` that a dual-stack socket puts before an IPv4 peer; '' for none. */
export const bareAddress = (address) => (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * The key a client is counted under: an IPv4 address, or the /64 an IPv6 address lies in (a single host
 * is commonly handed a whole /64, so per-address caps would not bind it).
 */
export function clientKey(address) {
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
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

/**
 * The table of clients: of(address) is the client's state (open WebSockets, raw TCP sockets, and the
 * request, cost, stream-entry and new-key budgets; the last refills over the data's TTL: what expires may be
 * written again). A client with nothing open and full budgets is forgotten on the next sweep.
 */
export function createClients(config, now = () => performance.now()) {
  const clients = new Map();
  const make = (key) => ({
    key,
    connections: 0,
    sockets: 0,
    requests: createBucket(config.ipRate, now),
    cost: createBucket(config.ipBudget, now),
    entries: createBucket(config.ipWindowEntries, now),
    keys: createBucket(config.ipKeys / (config.dataTtlS || HOUR_S), now, config.ipKeys),
  });
  const sweep = setInterval(() => {
    for (const [key, client] of clients) {
      if (
        client.connections === 0 &&
        client.sockets === 0 &&
        client.requests.full() &&
        client.cost.full() &&
        client.entries.full() &&
        client.keys.full()
      ) {
        clients.delete(key);
      }
    }
  }, SWEEP_MS);
  sweep.unref();
  return {
    // The client's record, or null when the table is full of other clients (the caller refuses).
    of(address) {
      const key = clientKey(address);
      let client = clients.get(key);
      if (client === undefined) {
        if (clients.size >= MAX_TRACKED_CLIENTS) return null;
        client = make(key);
        clients.set(key, client);
      }
      return client;
    },
    size: () => clients.size,
    close: () => clearInterval(sweep),
  };
}
