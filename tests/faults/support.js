// Shared by the fault and load scenarios: real servers and bridges, a bridge client that retries
// `unavailable`, and the audit of a queue after the fact (every acked job present, rows and pending agree).
import { readFileSync } from 'node:fs';

import { Valkey } from 'iovalkey';

export { startServer } from '../../scripts/valkey.js';
export { ONE_ADDRESS_LOAD, open, startBridge, getJson } from '../bridge/support.js';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(check, what, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

export const direct = (server) => new Valkey({ host: server.host, port: server.port, maxRetriesPerRequest: 0 });

/** Peak resident set size (VmHWM) of a process, in MiB. */
export function peakRssMiB(pid) {
  const kib = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round((kib / 1024) * 10) / 10;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Tracks what writers were told about each job: `enqueued` and `duplicate` are acknowledgements; anything
 * else leaves the job unknown until a retry answers. `twice` lists jobs reported `enqueued` more than once.
 */
export class Ledger {
  enqueued = new Map();
  acked = new Set();
  codes = new Map();

  record(job, outcome) {
    this.codes.set(outcome, (this.codes.get(outcome) ?? 0) + 1);
    if (outcome === 'enqueued') this.enqueued.set(job, (this.enqueued.get(job) ?? 0) + 1);
    if (outcome === 'enqueued' || outcome === 'duplicate') this.acked.add(job);
  }

  get twice() {
    return [...this.enqueued].filter(([, n]) => n > 1).map(([job]) => job);
  }
}

/** Every job row and pending entry of a queue, read back, checked against the ledger. */
export async function audit(client, queue, ledger) {
  const prefix = `emq:{${queue}}:job:`;
  const rows = new Set();
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    for (const key of keys) rows.add(key.slice(prefix.length));
    cursor = next;
  } while (cursor !== '0');
  const pending = new Set(await client.zrange(`emq:{${queue}}:pending`, 0, -1));
  const missing = [...ledger.acked].filter((job) => !rows.has(job) || !pending.has(job));
  const rowWithoutPending = [...rows].filter((job) => !pending.has(job));
  const pendingWithoutRow = [...pending].filter((job) => !rows.has(job));
  return {
    acked: ledger.acked.size,
    rows: rows.size,
    pending: pending.size,
    missing: missing.length,
    rowWithoutPending: rowWithoutPending.length,
    pendingWithoutRow: pendingWithoutRow.length,
    enqueuedTwice: ledger.twice.length,
    ok:
      missing.length === 0 &&
      rowWithoutPending.length === 0 &&
      pendingWithoutRow.length === 0 &&
      ledger.twice.length === 0,
  };
}
