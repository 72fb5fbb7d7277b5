// Minting node leases the bridge holds for pages (the mintLease op): a page cannot hold a Valkey connection, so
// the bridge takes a node lease for a WebSocket that asks (the connector's acquireNode), renews it while the
// socket lives, and releases it when the socket closes. The page mints on that node only inside the bounds it
// is told: after the previous holders' high-water (floorMs), up to what the bridge promised Valkey
// (ceilingMs), and only before its deadline (validForMs from when it asked). A lease that cannot be renewed
// in time is lost: the next ask says so, and the page's deadline has already stopped it. A page that has not
// asked for a whole TTL (a background tab) can no longer mint on its last answer, so its lease is let go; its
// next ask takes a new one.
import { randomUUID } from 'node:crypto';

import { BridgeError, busy, rateLimited, unavailable } from './errors.js';
import { clientLimitKey } from './fleet/library.js';
import { LIMITS } from './limits.js';

const SYSTEM_CLOCK = { monotonic: () => performance.now(), wall: () => Date.now() };

// A LeaseError of the connector (code `lease`) as the protocol's refusal; anything else is left to translate.
function leaseRefusal(error) {
  if (error.reason === 'full') return busy(`${error.message}; retry later`, 'leases');
  return unavailable(`minting leases: ${error.message}`);
}

// One socket's lease: its socket and client, node, owner token, bounds, deadline and last ask (monotonic),
// and renew timer.
class Lease {
  constructor({ socket, clientKey, node, owner, floorMs, ceilingMs, deadline, askedAt }) {
    Object.assign(this, { socket, clientKey, node, owner, floorMs, ceilingMs, deadline, askedAt });
    this.lost = null; // why it is no longer held: 'lost' (another holds the node) or 'expired'
    this.timer = null;
    this.released = false;
  }
}

/**
 * The bridge's minting leases: at most --max-leases at once, --ip-leases per client (with fleet limits, both
 * counted across every bridge), one per WebSocket.
 * take(socket, client) answers a socket's ask; release(socket) gives its lease back; close() gives all back.
 */
export class MintLeases {
  #config;
  #run;
  #logger;
  #clock;
  #fleet;
  #leases = new Map(); // socket → Lease, or the Promise of one being taken
  #perClient = new Map(); // client key → leases held or being taken
  #watched = new WeakSet(); // sockets whose close releases their lease

  constructor(config, { run, logger, clock = SYSTEM_CLOCK, fleet = null }) {
    this.#config = config;
    this.#fleet = fleet; // with --limits valkey, --ip-leases and --max-leases count leases on every bridge
    this.#run = run; // run(call(conn), options): the backend's gate toward Valkey (valkey/work.js)
    this.#logger = logger;
    this.#clock = clock;
  }

  /** Leases held or being taken, bridge-wide. */
  get size() {
    return this.#leases.size;
  }

  /** The socket's lease as the page reads it: {node, floorMs, ceilingMs, validForMs, renewEveryMs}. */
  async take(socket, client) {
    const known = this.#leases.get(socket);
    const lease = known === undefined ? await this.#acquire(socket, client) : await known;
    lease.askedAt = this.#clock.monotonic();
    if (lease.lost !== null) {
      this.release(socket);
      throw unavailable(
        lease.lost === 'lost'
          ? `node ${lease.node}: another minter holds this node now; stop minting on it`
          : `node ${lease.node}: the lease could not be renewed in time; stop minting on it`,
      );
    }
    return {
      node: lease.node,
      floorMs: lease.floorMs,
      ceilingMs: lease.ceilingMs,
      validForMs: Math.max(0, Math.floor(lease.deadline - this.#clock.monotonic())),
      renewEveryMs: LIMITS.mintLeaseRenewMs,
    };
  }

  #acquire(socket, client) {
    const { maxLeases, ipLeases } = this.#config;
    if (maxLeases === 0) throw new BridgeError('forbidden', 'this bridge offers no minting leases (--max-leases 0)');
    if (this.#leases.size >= maxLeases)
      throw busy(`the bridge holds its ${maxLeases} minting leases; retry later`, 'leases');
    const held = this.#perClient.get(client.key) ?? 0;
    if (held >= ipLeases) throw this.#tooMany();
    this.#perClient.set(client.key, held + 1);
    const taking = this.#fleet === null ? this.#taken(socket, client.key) : this.#placedThenTaken(socket, client);
    this.#leases.set(socket, taking);
    if (!this.#watched.has(socket)) {
      this.#watched.add(socket);
      socket.once('close', () => this.release(socket));
    }
    return taking.catch((error) => {
      this.#forget(socket, client.key);
      throw error;
    });
  }

  #tooMany() {
    const { ipLeases } = this.#config;
    return rateLimited(`this address holds ${ipLeases} minting leases; close a connection that holds one`);
  }

  // Fleet limits: a place among the client's minting leases and among the fleet's, then the lease (the places
  // given back when none is had).
  async #placedThenTaken(socket, client) {
    const fleet = this.#fleet;
    const { ipLeases, maxLeases } = this.#config;
    const placed = [];
    try {
      if (!(await this.#place(client.limits, ipLeases))) throw this.#tooMany();
      placed.push(client.limits.key);
      if (!(await this.#place(fleet.bridge, maxLeases)))
        throw busy(`the bridges hold their ${maxLeases} minting leases; retry later`, 'leases');
      placed.push(fleet.bridge.key);
      return await this.#taken(socket, client.key);
    } catch (error) {
      for (const key of placed) fleet.givePlace('mint', key);
      throw error;
    }
  }

  #place(group, cap) {
    return this.#fleet.takePlace('mint', group, cap).catch((error) => {
      throw unavailable(`minting leases: ${error.message}`);
    });
  }

  // One acquire toward Valkey; the Lease, renewed from now on.
  async #taken(socket, clientKey) {
    const { wall, monotonic } = this.#clock;
    const { mintLeaseTtlMs: ttlMs, mintLeaseMarginMs: marginMs } = LIMITS;
    const owner = randomUUID();
    const asked = wall() + ttlMs;
    const sentAt = monotonic();
    const answer = await this.#run(async (conn) => {
      try {
        return await conn.acquireNode({ owner, ttlMs, highWaterMs: asked });
      } catch (error) {
        if (error?.code === 'lease') return { refused: error };
        throw error;
      }
    });
    if (answer.refused !== undefined) throw leaseRefusal(answer.refused);
    const floorMs = answer.highWaterMs;
    const lease = new Lease({
      socket,
      askedAt: sentAt,
      clientKey,
      node: answer.node,
      owner,
      floorMs,
      ceilingMs: Math.max(floorMs, asked),
      deadline: sentAt + ttlMs - marginMs,
    });
    if (this.#leases.has(socket)) this.#leases.set(socket, lease); // else the socket closed meanwhile
    lease.timer = setInterval(() => this.#renew(lease), LIMITS.mintLeaseRenewMs);
    lease.timer.unref();
    this.#logger.info('mint_lease', { node: lease.node });
    return lease;
  }

  async #renew(lease) {
    if (lease.lost !== null) return undefined;
    const { wall, monotonic } = this.#clock;
    const ttlMs = LIMITS.mintLeaseTtlMs;
    if (monotonic() - lease.askedAt > ttlMs) return this.#idle(lease);
    const promised = wall() + ttlMs;
    const sentAt = monotonic();
    const { node, owner } = lease;
    try {
      const renewed = await this.#run((conn) => conn.renewNode({ node, owner, ttlMs, highWaterMs: promised }), 1, {
        budgeted: false,
      });
      if (!renewed) return this.#lose(lease, 'lost');
      lease.deadline = sentAt + ttlMs - LIMITS.mintLeaseMarginMs;
      lease.ceilingMs = Math.max(lease.ceilingMs, promised);
    } catch {
      if (monotonic() >= lease.deadline) this.#lose(lease, 'expired');
    }
    return undefined;
  }

  // Not asked for a whole TTL: every answer the page holds has run out, so the node goes back.
  #idle(lease) {
    this.#logger.info('mint_lease_idle', { node: lease.node });
    if (this.#leases.get(lease.socket) === lease) return this.release(lease.socket);
    return this.#letGo(lease);
  }

  #lose(lease, why) {
    lease.lost = why;
    clearInterval(lease.timer);
    this.#logger.warn('mint_lease_lost', { node: lease.node, why });
  }

  /** Gives back the socket's lease (a failure is logged: the lease lapses on its own). */
  release(socket) {
    const known = this.#leases.get(socket);
    if (known === undefined) return Promise.resolve();
    this.#leases.delete(socket);
    return Promise.resolve(known).then(
      (lease) => this.#letGo(lease),
      () => {},
    );
  }

  // The node freed, its high-water the ceiling promised (the page may have minted up to it).
  async #letGo(lease) {
    if (lease.released) return;
    lease.released = true;
    clearInterval(lease.timer);
    this.#forget(null, lease.clientKey);
    this.#givePlaces(lease.clientKey);
    if (lease.lost === 'lost') return;
    const { node, owner, ceilingMs: highWaterMs } = lease;
    await this.#run((conn) => conn.releaseNode({ node, owner, highWaterMs }), 1, { budgeted: false }).catch((error) =>
      this.#logger.warn('mint_lease_unreleased', { node, message: error?.message }),
    );
  }

  #givePlaces(clientKey) {
    if (this.#fleet === null) return;
    this.#fleet.givePlace('mint', clientLimitKey(clientKey));
    this.#fleet.givePlace('mint', this.#fleet.bridge.key);
  }

  #forget(socket, clientKey) {
    if (socket !== null) this.#leases.delete(socket);
    const held = (this.#perClient.get(clientKey) ?? 1) - 1;
    if (held > 0) this.#perClient.set(clientKey, held);
    else this.#perClient.delete(clientKey);
  }

  /** Gives back every lease (the bridge stopping). */
  async close() {
    await Promise.all([...this.#leases.keys()].map((socket) => this.release(socket)));
  }
}
