// Every limit of the bridge, written once: DEFAULTS holds each option's default (config.js reads it for the
// command line, the environment and --help), FIXED_LIMITS the bounds of the read and demo ops (reported by
// hello), and LIMITS the timings and sizes no option changes. A module that needs a number imports it from here.

/** Each option's default, by its config key (the option is --kebab-case of the key; see config.js OPTIONS). */
export const DEFAULTS = Object.freeze({
  /** --valkey: the Valkey server (standalone). */
  valkey: 'redis://127.0.0.1:6379',
  /** --cluster: Valkey Cluster seed nodes (none: standalone). */
  cluster: null,
  /** --listen: loopback, so that nothing is public unless asked. */
  listen: '127.0.0.1:8787',
  /** --origin: none given means the bridge's own origins (config.js admittedOrigins). */
  origins: null,
  /** --dev-origin: a dev server's origin is admitted only when named. */
  devOrigins: null,
  /** --token: none; then /metrics and /healthz's details are for loopback callers without a proxy. */
  token: null,
  /** --queues: the demo queues. */
  queues: 'demo*',
  /** --max-payload: UTF-8 bytes of one job's payload. */
  maxPayload: 4096,
  /** --max-frame: bytes of one WebSocket message (fragments together); past it, close 1009. */
  maxFrame: 262144,
  /** --max-batch: items of one enqueueMany. */
  maxBatch: 1000,
  /** --rate: requests per second per connection (and the burst). */
  rate: 100,
  /** --byte-rate: bytes of frames per second per connection (and the burst); past it a frame is refused unread. */
  byteRate: 1 << 20,
  /** --max-inflight: requests in flight per connection. */
  maxInflight: 64,
  /** --max-connections: WebSockets in all. */
  maxConnections: 64,
  /** --idle-timeout: a WebSocket that sends nothing this long is closed (4001). */
  idleTimeoutMs: 120000,
  /** --valkey-timeout: a Valkey command unanswered this long is `unavailable`. */
  valkeyTimeoutMs: 10000,
  /** --max-connections-per-ip: WebSockets per client. */
  maxConnectionsPerIp: 8,
  /** --max-sockets: TCP connections in all. */
  maxSockets: 1024,
  /** --max-sockets-per-ip: TCP connections per peer. */
  maxSocketsPerIp: 32,
  /** --ip-rate: requests per second per client, over all its connections. */
  ipRate: 200,
  /** --ip-byte-rate: bytes of frames per second per client, over all its connections. */
  ipByteRate: 2 << 20,
  /** --ip-budget: Valkey commands per second per client. */
  ipBudget: 2000,
  /** --budget: Valkey commands per second, whole bridge. */
  budget: 10000,
  /** --ip-window-entries: stream entries streamWindow reads per second per client. */
  ipWindowEntries: 60000,
  /** --window-entries: stream entries streamWindow reads per second, whole bridge. */
  windowEntries: 100000,
  /** --seed-interval: least time between two streamSeed starts, whole bridge. */
  seedIntervalMs: 2000,
  /** --ip-seed-bytes: bytes one client may seed per --data-ttl. */
  ipSeedBytes: 16 << 20,
  /** --seed-bytes: bytes of seeded streams kept at once, whole bridge. */
  seedBytes: 128 << 20,
  /** --max-leases: minting node leases the bridge holds at once for pages (mintLease), 0 to offer none. */
  maxLeases: 16,
  /** --ip-leases: minting node leases one client holds at once (one per WebSocket). */
  ipLeases: 2,
  /** --max-queue: Valkey commands outstanding at once. */
  maxQueue: 2000,
  /** --max-buffered: reply bytes a client has not read before its socket is closed. */
  maxBuffered: 1048576,
  /** --data-ttl: seconds of TTL on every key written (0: none). */
  dataTtlS: 3600,
  /** --ip-keys: keys one client may add per --data-ttl. */
  ipKeys: 5000,
  /** --max-keys: DBSIZE past which writes are `busy` (0: no quota). */
  maxKeys: 100000,
  /** --durability: replicas an enqueue must reach before its ack (WAIT); 0 acknowledges on the primary's word. */
  durabilityReplicas: 0,
  /**
   * --limits: `valkey` keeps every client's budgets, its WebSocket count and the bridge-wide budgets in Valkey,
   * shared by every bridge on it (the branded_limits library); `local` keeps them in this process.
   */
  limits: 'valkey',
  /** --max-clients: clients the bridge keeps budgets for. */
  maxClients: 100000,
  /** --ipv6-prefix: IPv6 clients are counted per /64. */
  ipv6Prefix: 64,
  /** --ipv4-prefix: IPv4 clients are counted per address. */
  ipv4Prefix: 32,
  /** --max-open-files: static files open at once. */
  maxOpenFiles: 256,
  /** --send-timeout: an HTTP answer the client reads nothing of this long is closed. */
  sendTimeoutMs: 10000,
  /** --headers-timeout: an HTTP request must send its headers within this. */
  headersTimeoutMs: 10000,
  /** --trust-proxy: no proxy is trusted. */
  trustProxy: '',
  /** --allowed-hosts: none given means loopback names on a loopback --listen, else any (config.js). */
  allowedHosts: null,
  /** --scratch: queue-name prefix of gateCompare's scratch queues. */
  scratch: 'scratch',
  /** --static: no files are served. */
  staticDir: null,
});

/** Bounds of the read and demo ops; fixed, and reported by hello. */
export const FIXED_LIMITS = Object.freeze({
  /** pending: most ids one call lists. */
  maxPending: 1000,
  /** streamWindow: most entries of its sample. */
  maxSample: 100,
  /** streamWindow: most entries one window counts. */
  maxWindowEntries: 50000,
  /** streamSeed: most entries one seed writes. */
  maxSeedEntries: 200000,
});

/** The timings and sizes no option changes, by the module that uses them. */
export const LIMITS = Object.freeze({
  // server.js: the HTTP server and the drain.
  /** close(): the longest wait for requests in flight. */
  drainTimeoutMs: 10000,
  /** A WebSocket closed (shutdown, eviction) is terminated if it has not closed after this. */
  closeTimeoutMs: 2000,
  /** A whole request (headers and body) must arrive within this (at least --headers-timeout). */
  requestTimeoutMs: 30000,
  /** An idle keep-alive socket is closed after this. */
  keepAliveTimeoutMs: 5000,
  /** How often Node's HTTP server looks for requests past their timeouts. */
  timeoutCheckMs: 1000,
  /** A client that pipelined past the depth may not connect again for this long. */
  penaltyMs: 10000,
  /**
   * When a ceiling (TCP sockets, WebSockets) is full and no client holds more than a newcomer, the holder idle
   * longest by real work is closed for it, if idle at least this long (a socket without headers: at once).
   */
  evictIdleMs: 1000,
  /** An HTTP parse error's 400 is given this long to leave before the socket is destroyed. */
  parseErrorLingerMs: 1000,

  // http.js and static.js
  /** Requests one socket may send ahead of the answer it waits for. */
  pipelineDepth: 8,
  /** How often file answers in flight are looked at for --send-timeout. */
  sendWatchMs: 500,

  // handshake.js
  /** A refused upgrade's answer is given this long to leave before the socket is destroyed. */
  refusalLingerMs: 1000,

  // frames.js, session/frame-gate.js and session/fragment-guard.js
  /** Longest request id (characters). */
  maxRequestId: 128,
  /** Bytes of a frame refused unread in which its id is looked for (`{"id":` and the longest id). */
  idPrefixBytes: 160,
  /** Frames one message may arrive in; past it the connection is closed (1009): ws holds each fragment apart. */
  maxFragments: 64,

  // clients.js
  /** How often clients holding nothing with full budgets are forgotten. */
  clientSweepMs: 10000,
  /** The data's TTL when --data-ttl is 0, for the budgets that refill over it. */
  hourS: 3600,
  /** A record touched within this is not moved to the young end again. */
  touchMs: 1000,
  /** Records looked at from the old end for one that holds no socket, before the oldest is taken anyway. */
  evictionScan: 256,

  // fleet/limits.js (--limits valkey)
  /** A bridge's count of a client's WebSockets lapses this long after its last renewal (a bridge gone). */
  leaseMs: 30000,
  /** How often a bridge renews its counts of WebSockets. */
  leaseRenewMs: 10000,
  /**
   * The least time between two sends of what the bridge spent: under load the sends of many turns go as one,
   * and a budget may be overdrawn by what the fleet lets through in this time and a round trip.
   */
  limitsFlushMs: 25,

  // mint-leases.js (the mintLease op)
  /** A node lease taken for a page lapses this long after its last renewal (the bridge gone). */
  mintLeaseTtlMs: 10000,
  /** A page stops minting this long before the lease could lapse (what its deadline leaves for delays). */
  mintLeaseMarginMs: 2000,
  /** How often the bridge renews a page's node lease. */
  mintLeaseRenewMs: 2500,

  // admission.js
  /** Below this share of --max-keys every client may add its whole --ip-keys. */
  keyPressure: 0.5,

  // valkey/work.js and valkey/quota.js
  /** The share of the queue, the budget and the key quota kept from batches for single commands. */
  reserveShare: 0.1,
  /** After a timeout, Valkey is pinged this often until it answers. */
  probeMs: 250,
  /** A seed's chunk waiting for the budget looks again this often. */
  paceMs: 10,
  /** DBSIZE is read this often for --max-keys. */
  quotaCheckMs: 1000,
  /** Queues whose pending set was written within the TTL, remembered to tell a new set from an old one. */
  knownQueues: 10000,

  // valkey/link.js and valkey-target.js
  /** The fence is read again this often besides every (re)connect. */
  fenceRecheckMs: 5000,
  /** A failed readiness check is tried again after this. */
  readyRetryMs: 1000,
  /** While Valkey refuses the login, a new try this often. */
  authRetryMs: 2000,
  /** Reconnect backoff: the first wait, doubled each attempt up to the cap. */
  retryBaseMs: 50,
  retryCapMs: 2000,

  // ops
  /** streamWindow: sample size when none is asked. */
  defaultSample: 10,
  /** streamWindow: windows read at once, whole bridge. */
  windowSlots: 2,
  /** streamWindow: chunks waiting for a slot, whole bridge. */
  chunksWaiting: 64,
  /** streamWindow: longest wait for a slot. */
  chunkWaitMs: 5000,
  /** streamWindow: longest wait for the entry budget before `rate`. */
  entryWaitMs: 2000,
  /** pending: ids listed when no limit is asked. */
  defaultPendingLimit: 100,
  /**
   * streamSeed: bytes charged per entry. Valkey holds a contract.md §6 entry in about 24 (MEMORY USAGE of a
   * full seed), so a seed is bounded by what it stores, not by its count of keys.
   */
  seedEntryBytes: 32,
  /** streamSeed: seeds waiting in line, whole bridge. */
  seedsWaiting: 8,
  /** streamSeed: longest wait in line. */
  seedWaitMs: 60000,
  /** streamSeed: a run gives way to a lighter client that has waited this long. */
  giveWayMs: 1000,
  /** queues.js: queue-name bytes a glob's `*` stands for in the ACL's key patterns. */
  starBytes: 32,

  // log.js
  /** Lines of one event per window before the rest are counted. */
  logBurst: 20,
  logWindowMs: 10000,
  /** Client-controlled strings are cut to this many characters. */
  maxFieldChars: 200,
});
