// Counters served as JSON at GET /metrics. Plain numbers; a key appears once it has been counted.

/** The counters: a method per counted event, openConnections and uptimeMs for /healthz, snapshot for /metrics. */
export function createMetrics(now = Date.now) {
  const startedAt = now();
  let gauges = () => ({});
  const counters = {
    connections: { open: 0, accepted: 0, refused: {} },
    requests: {},
    replies: {},
    valkey: { reconnects: 0, disconnects: 0 },
    coalesced: { batches: 0, enqueues: 0 },
    closed: { slowReader: 0, flood: 0, fragments: 0 },
    http: { refused: {} },
    evicted: {},
  };
  const bump = (table, key) => {
    table[key] = (table[key] ?? 0) + 1;
  };
  return {
    connectionOpened() {
      counters.connections.open += 1;
      counters.connections.accepted += 1;
    },
    connectionClosed() {
      counters.connections.open -= 1;
    },
    connectionRefused(reason) {
      bump(counters.connections.refused, reason);
    },
    request(op) {
      bump(counters.requests, op);
    },
    slowReaderClosed() {
      counters.closed.slowReader += 1;
    },
    floodClosed() {
      counters.closed.flood += 1;
    },
    fragmentsClosed() {
      counters.closed.fragments += 1;
    },
    httpRefused(reason) {
      bump(counters.http.refused, reason);
    },
    // A holder's oldest item (socket, WebSocket, open file) given to a newcomer.
    evicted(kind) {
      bump(counters.evicted, kind);
    },
    reply(code) {
      bump(counters.replies, code);
    },
    valkeyDisconnected() {
      counters.valkey.disconnects += 1;
    },
    valkeyReconnected() {
      counters.valkey.reconnects += 1;
    },
    coalescedBatch(enqueues) {
      counters.coalesced.batches += 1;
      counters.coalesced.enqueues += enqueues;
    },
    /** What is held now (sockets, WebSockets, open files, clients tracked), read at each snapshot. */
    setGauges(read) {
      gauges = read;
    },
    openConnections: () => counters.connections.open,
    uptimeMs: () => now() - startedAt,
    snapshot() {
      return { ...structuredClone(counters), held: gauges(), uptimeMs: now() - startedAt };
    },
  };
}
