// Node leases for `branded mint`: two mints on one machine never hold the same node at once, so their ids
// cannot collide. A lease is a file <dir>/node-<N>.lock holding the owner's pid, linked into place atomically;
// at release the owner records the last millisecond it minted in node-<N>.last, and the next owner of the node
// starts after it (a minter that borrowed milliseconds ahead of the clock hands that on). The directory is
// $BRANDED_NODE_DIR, else <tmpdir>/branded-nodes. Across machines, give each its own --node.
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NODES = 1024;
const WAIT_STEP_MS = 5;
const WAIT_LIMIT_MS = 60000;

const directory = () => process.env.BRANDED_NODE_DIR || join(tmpdir(), 'branded-nodes');
const lockFile = (node) => join(directory(), `node-${node}.lock`);
const lastFile = (node) => join(directory(), `node-${node}.last`);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

// Tries to take the node: true when taken; false with `seen.holder` set when a live process has it. The lease is
// written whole to a private file, then linked into place (link fails when the lease exists), so a lease is
// never seen half-written. A lease whose process died is moved aside (rename: one process wins) and checked
// again there before the node is taken; a live lease moved aside by mistake is put back.
function tryTake(node, seen) {
  const lock = lockFile(node);
  const mine = join(directory(), `.node-${node}.${process.pid}`);
  writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(mine, lock);
        return true;
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
      }
      const holder = Number.parseInt(readOr(lock, ''), 10);
      if (!Number.isInteger(holder) || alive(holder)) {
        seen.holder = holder;
        return false;
      }
      const aside = `${mine}.stale`;
      try {
        renameSync(lock, aside);
      } catch (error) {
        if (error.code === 'ENOENT') continue; // another process moved it first
        throw error;
      }
      const moved = Number.parseInt(readOr(aside, ''), 10);
      if (moved !== holder && alive(moved)) {
        try {
          linkSync(aside, lock); // a fresh lease, taken after we looked: put it back
        } catch (error) {
          if (error.code !== 'EEXIST') throw error;
        }
        unlinkSync(aside);
        seen.holder = moved;
        return false;
      }
      unlinkSync(aside);
    }
    return false;
  } finally {
    unlinkSync(mine);
  }
}

function readOr(file, fallback) {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return fallback;
    throw error;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Leases `node`, or with null the lowest free node; says on stderr when it had to wait or chose another node.
 * Returns {node, lastMs, release()}; throws an Error with a message for the user when no lease can be had.
 */
export async function leaseNode(node, command) {
  mkdirSync(directory(), { recursive: true });
  const seen = {};
  let taken = null;
  if (node === null) {
    for (let n = 0; n < NODES && taken === null; n++) if (tryTake(n, seen)) taken = n;
    if (taken === null)
      throw new Error(`every node (0-${NODES - 1}) is in use by another branded mint on this machine`);
    if (taken !== 0)
      process.stderr.write(
        `branded ${command}: node 0 is in use by another branded mint on this machine; minting on node ${taken}\n`,
      );
  } else {
    for (let waited = 0; !tryTake(node, seen); waited += WAIT_STEP_MS) {
      if (waited === 0)
        process.stderr.write(
          `branded ${command}: node ${node} is in use by another branded mint (pid ${seen.holder}); waiting for it\n`,
        );
      if (waited >= WAIT_LIMIT_MS)
        throw new Error(
          `node ${node} stayed in use by pid ${seen.holder} for ${WAIT_LIMIT_MS / 1000} s; choose another --node, or leave --node out to take a free one`,
        );
      await sleep(WAIT_STEP_MS);
    }
    taken = node;
  }
  const held = taken;
  // The last owner may have minted ahead of the clock: start after its last millisecond.
  const last = Number(readOr(lastFile(held), '0'));
  if (Number.isFinite(last)) while (Date.now() <= last) await sleep(Math.min(WAIT_STEP_MS, last - Date.now() + 1));
  const lease = {
    node: held,
    lastMs: undefined, // the caller sets it as it mints
    released: false,
    release() {
      if (lease.released) return;
      lease.released = true;
      if (lease.lastMs !== undefined) writeFileSync(lastFile(held), String(lease.lastMs));
      try {
        unlinkSync(lockFile(held));
      } catch {
        // already gone: nothing to release
      }
    },
  };
  process.once('exit', () => lease.release());
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.once(signal, () => {
      lease.release();
      process.exit(128 + { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal]);
    });
  return lease;
}
