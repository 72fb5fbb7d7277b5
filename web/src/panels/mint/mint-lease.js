// The Mint panel's node lease, without a DOM: when live, the bridge leases a node for this page's WebSocket
// (the mintLease op, bridge/PROTOCOL.md) and says in which milliseconds the page may mint on it and for how
// long. The page asks again every renewEveryMs for fresh bounds; it stops when the bridge says the lease is
// lost, when the socket closes, or when the last answer's time runs out.
import { unixMs } from '@echomq/branded';

const SYSTEM_CLOCK = { monotonic: () => performance.now(), wall: () => Date.now() };
const SYSTEM_TIMERS = { setTimeout: (...a) => setTimeout(...a), clearTimeout: (t) => clearTimeout(t) };
const namedFor = (node, why) => (why.startsWith(`node ${node}:`) ? why : `node ${node}: ${why}`);

/**
 * A page's lease through `bridge` (web/src/lib/bridge.js): start() asks for it; state() is {status: 'none' |
 * 'asking' | 'held' | 'lost', node, message}; admit(snowflakes) says whether ids may be handed out now (null)
 * or why not; `onChange` is called whenever the state changes. clock and timers are injected by tests.
 */
export function createMintLease({ bridge, onChange = () => {}, clock = SYSTEM_CLOCK, timers = SYSTEM_TIMERS }) {
  let status = 'none';
  let held = null; // {node, floorMs, ceilingMs, deadline (monotonic), renewEveryMs}
  let message = '';
  let timer = null;
  let socket = null;

  const change = () => onChange({ status, node: held?.node ?? null, message });

  // Stops minting: `why` is said of the held node (the bridge's own words already name it), or alone.
  function lose(why) {
    timers.clearTimeout(timer);
    message = held === null ? why : `${namedFor(held.node, why)}, so minting on it stopped`;
    held = null;
    status = 'lost';
    change();
  }

  async function ask() {
    const sentAt = clock.monotonic();
    const openSocket = bridge.socket;
    let answer;
    try {
      answer = await bridge.request('mintLease');
    } catch (error) {
      lose(error.message ?? String(error));
      return;
    }
    if (status === 'lost' || status === 'none') return; // stopped meanwhile
    held = { ...answer, deadline: sentAt + answer.validForMs };
    status = 'held';
    message = '';
    watch(openSocket ?? bridge.socket);
    change();
    timers.clearTimeout(timer);
    timer = timers.setTimeout(() => ask(), answer.renewEveryMs);
  }

  // The lease is the socket's: when it closes, the bridge has released the node.
  function watch(next) {
    if (next === socket || next == null) return;
    socket = next;
    next.addEventListener('close', () => {
      if (socket === next && status === 'held') lose('the connection to the bridge closed, and the lease with it');
    });
  }

  return {
    /** Asks for a lease (at once when none is held); resolves once the bridge has answered. */
    start() {
      if (status === 'held' || status === 'asking') return Promise.resolve();
      status = 'asking';
      message = '';
      change();
      return ask();
    },
    /** Stops asking (the panel going away); the bridge releases the node when the socket closes. */
    stop() {
      timers.clearTimeout(timer);
      status = 'none';
      held = null;
    },
    state: () => ({ status, node: held?.node ?? null, message }),
    /** The held lease's bounds ({node, floorMs, ceilingMs}), or null. */
    bounds: () => (held === null ? null : { node: held.node, floorMs: held.floorMs, ceilingMs: held.ceilingMs }),
    /** null when every Snowflake may be handed out now, else why not (nothing may be handed out). */
    admit(snowflakes) {
      if (held === null) return status === 'lost' ? message : 'no node is leased yet';
      if (clock.monotonic() >= held.deadline) {
        lose('the bridge did not renew the lease in time');
        return message;
      }
      for (const snowflake of snowflakes) {
        const ms = unixMs(snowflake);
        if (ms <= held.floorMs)
          return `node ${held.node} may hold ids up to ${held.floorMs - ms + 1} ms ahead of this page's clock; mint again in a moment`;
        if (ms > held.ceilingMs) return `this page's clock runs past what the lease on node ${held.node} allows`;
      }
      return null;
    },
  };
}
