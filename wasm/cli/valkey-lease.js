// mint --lease's lease, held by the driver: a node leased from Valkey through the connector's lease calls,
// renewed on a timer while the program mints, let go at the end and on a signal. The program decides what to
// mint; this file answers what the lease is now: its node, the high-water to mint after, the ceiling the server
// holds as this holder's promise, and the time left before the local deadline (0 once it is not trusted).
import { randomUUID } from 'node:crypto';

const TTL_MS = 10_000;
const MARGIN_MS = 2_000;
const RENEW_EVERY_MS = Math.floor((TTL_MS - MARGIN_MS) / 3);
const RETRY_MS = Math.floor(TTL_MS / 10);
const RELEASE_ON_SIGNAL_MS = 2_000;

// The connector (dist/valkey.cjs beside the CLI's bundle), loaded only when a run asks for a lease.
const loadConnector = () => import('@echomq/branded/valkey');

// iovalkey reads redis:// and rediss://; valkey:// and valkeys:// name the same servers.
const clientUrl = (url) => url.replace(/^valkey(s?):\/\//, 'redis$1://');

/** What went wrong, as the program says it: "REASON: message" (a LeaseError's reason, else the error's code). */
export function leaseProblem(error) {
  const reason = error?.reason ?? (typeof error?.code === 'string' ? error.code : 'connect');
  return `${reason}: ${error?.message ?? String(error)}`;
}

const lost = (reason, message) => Object.assign(new Error(message), { reason });

// Whether a connected server is a node of a cluster (a user without +info is taken as a lone server).
const clusterEnabled = (client) =>
  client.info('cluster').then(
    (info) => /^cluster_enabled:1/m.test(info),
    () => false,
  );

/**
 * A cluster reached through `urls`: iovalkey's Cluster takes its nodes as host and port, and the user, the
 * password and TLS once for all of them (here from the first URL).
 */
function clusterTarget(urls) {
  const nodes = urls.map((url) => new URL(url));
  const [first] = nodes;
  const redisOptions = {};
  if (first.username !== '') redisOptions.username = decodeURIComponent(first.username);
  if (first.password !== '') redisOptions.password = decodeURIComponent(first.password);
  if (first.protocol === 'rediss:') redisOptions.tls = {};
  // An IPv6 address is written in brackets in a URL, and without them as a host.
  const host = (hostname) => hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    cluster: nodes.map(({ hostname, port }) => ({ host: host(hostname), port: Number(port || 6379) })),
    redisOptions,
  };
}

/**
 * The connector's connection for --lease: several URLs (comma-separated) are a cluster's startup nodes; a lone
 * URL of a cluster's node (it answers MOVED, or says so in INFO) is reconnected as the cluster.
 */
async function connectLease(connect, url) {
  const urls = url.split(',').map(clientUrl);
  if (urls.length > 1) return connect(clusterTarget(urls));
  let connection;
  try {
    connection = await connect(urls[0]);
  } catch (error) {
    if (!/^MOVED /.test(error?.message ?? '')) throw error;
    return connect(clusterTarget(urls));
  }
  if (!(await clusterEnabled(connection.client))) return connection;
  await connection.close();
  return connect(clusterTarget(urls));
}

/** One run's lease on a node of the Valkey at a URL. */
export class ValkeyLease {
  #connection = null;
  #held = null; // { node, owner, floorMs, ceilingMs, deadline }
  #lost = null; // the Error (with its reason) that ended the lease
  #lastMs = -1;
  #timer = null;

  /** Connects and takes the lowest free node; answers the lease as check() does. */
  async acquire(url) {
    const { connect } = await loadConnector();
    this.#connection = await connectLease(connect, url);
    const owner = randomUUID();
    const sentAt = performance.now();
    const promised = Date.now() + TTL_MS;
    let taken;
    try {
      taken = await this.#connection.acquireNode({ owner, ttlMs: TTL_MS, highWaterMs: promised });
    } catch (error) {
      await this.release(-1);
      throw error;
    }
    const { node, highWaterMs } = taken;
    const ceilingMs = Math.max(highWaterMs, promised);
    this.#held = { node, owner, floorMs: highWaterMs, ceilingMs, deadline: sentAt + TTL_MS - MARGIN_MS };
    this.#schedule(RENEW_EVERY_MS);
    return this.check(-1);
  }

  /** Notes the last millisecond minted (rows up to it may be written next): the high-water of a release. */
  minted(lastMs) {
    if (lastMs > this.#lastMs) this.#lastMs = lastMs;
  }

  /** The lease now (lastMs: the last millisecond minted, for the next renew's promise); throws once lost. */
  check(lastMs) {
    this.minted(lastMs);
    if (this.#lost !== null) throw this.#lost;
    const { node, floorMs, ceilingMs, deadline } = this.#held;
    return { node, floorMs, ceilingMs, msLeft: Math.max(0, Math.floor(deadline - performance.now())) };
  }

  /** Stops renewing, frees the node with the last millisecond minted as its high-water, and disconnects. */
  async release(lastMs) {
    clearTimeout(this.#timer);
    const held = this.#held;
    this.#held = null;
    if (lastMs > this.#lastMs) this.#lastMs = lastMs;
    if (held !== null && this.#lost === null) {
      const highWaterMs = this.#lastMs >= 0 ? this.#lastMs : held.floorMs;
      await this.#connection.releaseNode({ node: held.node, owner: held.owner, highWaterMs }).catch(() => {});
    }
    await this.#connection?.close().catch(() => {});
    this.#connection = null;
  }

  /** release() within a bound, for a signal's handler. */
  releaseSoon() {
    const bound = new Promise((done) => setTimeout(done, RELEASE_ON_SIGNAL_MS));
    return Promise.race([this.release(this.#lastMs), bound]);
  }

  #schedule(delayMs) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#renew(), delayMs);
    this.#timer.unref();
  }

  async #renew() {
    const held = this.#held;
    if (held === null) return;
    const sentAt = performance.now();
    const promised = Math.max(Date.now(), this.#lastMs) + TTL_MS;
    let renewed;
    try {
      renewed = await this.#connection.renewNode({
        node: held.node,
        owner: held.owner,
        ttlMs: TTL_MS,
        highWaterMs: promised,
      });
    } catch (error) {
      if (this.#held !== held) return;
      if (performance.now() >= held.deadline)
        this.#lost = lost(
          'expired',
          `node ${held.node}'s lease could not be renewed (${error.message}); minting stopped`,
        );
      else this.#schedule(RETRY_MS);
      return;
    }
    if (this.#held !== held) return;
    if (!renewed) {
      this.#lost = lost('lost', `another minter holds node ${held.node} now; minting stopped`);
      return;
    }
    held.deadline = sentAt + TTL_MS - MARGIN_MS;
    held.ceilingMs = Math.max(held.ceilingMs, promised);
    this.#schedule(RENEW_EVERY_MS);
  }
}
