// Work toward Valkey: every request is refused before anything is sent when Valkey is away or stalled, the
// bridge-wide command budget is spent, or the queue toward Valkey is full; after a timeout nothing more is
// sent until a PING is answered.
import { busy, unavailable } from '../errors.js';
import { Bucket } from '../rate.js';
import { LIMITS } from '../limits.js';

/** The share of the queue and of the budget kept from batches (enqueueMany, a seed's chunks) for single commands. */
export const RESERVE_SHARE = LIMITS.reserveShare;

/**
 * The gate: request(work, cost, options) runs work(connection) or throws the protocol's refusal; paced(cost)
 * waits until the budget holds a seed's chunk; stall() is called by the translator on a timeout.
 */
export function createWork(config, { fleet = null, live, pick, logger, isClosed, now }) {
  const budget = fleet === null ? new Bucket(config.budget, now) : fleet.bridgeBucket('budget', config.budget);
  let outstanding = 0; // Valkey commands sent (or about to be) and not yet answered
  let stalled = false;
  let translate = (error) => error;

  function stall() {
    if (stalled) return;
    stalled = true;
    logger.warn('valkey_stalled', { timeoutMs: config.valkeyTimeoutMs });
    const probe = async () => {
      if (isClosed()) return;
      try {
        await pick(false).client.ping();
        stalled = false;
        logger.info('valkey_answering', {});
      } catch {
        setTimeout(probe, LIMITS.probeMs).unref();
      }
    };
    probe();
  }

  // A tenth of the queue and of the budget is kept from a `batch` (enqueueMany, a seed's chunk), so batches
  // cannot crowd out single commands; single enqueues coalesced into one run are singles, whatever its cost.
  async function request(work, cost = 1, { budgeted = true, onBulk = false, batch = false } = {}) {
    live();
    const conn = pick(onBulk);
    if (stalled) throw unavailable('Valkey is not answering; the bridge refuses new work until it does');
    const keep = batch ? RESERVE_SHARE : 0;
    if (outstanding + cost > config.maxQueue * (1 - keep))
      throw busy(`the bridge has ${config.maxQueue} Valkey commands outstanding; retry shortly`, 'queue');
    if (budgeted && !budget.take(cost, config.budget * keep))
      throw busy(`the bridge is at its budget of ${config.budget} Valkey commands per second; retry shortly`, 'budget');
    outstanding += cost;
    try {
      return await work(conn);
    } catch (error) {
      throw translate(error);
    } finally {
      outstanding -= cost;
    }
  }

  // A seed's chunks are paced by the bridge-wide budget: each waits until the budget holds it (and the
  // reserve for single commands), so a seed slows down under load instead of crowding others out.
  async function paced(cost) {
    while (!isClosed() && !budget.take(cost, config.budget * RESERVE_SHARE))
      await new Promise((resolve) => setTimeout(resolve, LIMITS.paceMs));
    if (stalled) throw unavailable('Valkey is not answering; the bridge refuses new work until it does');
  }

  return {
    request,
    paced,
    stall,
    isStalled: () => stalled,
    setTranslator(fn) {
      translate = fn;
    },
  };
}
