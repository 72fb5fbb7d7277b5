// The Mint panel's model, without a DOM: what the reader typed read as a count and a node, one monotonic minter
// per namespace and node (kept while they stay the same), and each batch with its instants and sequences.
import { createMinter, encode, parse } from '@echomq/branded';
import { namespaceRefusal } from '../../lib/refusal.js';

export const MINT_DEFAULTS = { ns: 'JOB', node: '0', count: '5' };
export const MAX_COUNT = 1000;

/**
 * mint(state, lease?) → {minted: [{id, unixMs, seq}], total, node} or {error, field?, code?}: one batch of
 * `count` fresh ids, nothing handed out on error. With a lease (mint-lease.js), the node is the leased one and
 * every id must lie inside the lease's bounds; the node typed is not read.
 */
export function createMintModel() {
  let minter = null;
  let minterKey = '';
  let total = 0;

  function minterFor(ns, node) {
    const key = `${ns}/${node}`;
    if (key !== minterKey) {
      minter = createMinter({ namespace: ns, node });
      minterKey = key;
    }
    return minter;
  }

  function mint({ ns, node: typed, count: countText }, lease = null) {
    const count = Number(countText);
    if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
      return { error: `How many: a whole number from 1 to ${MAX_COUNT}.`, field: 'count' };
    }
    const node = lease === null ? typed : lease.bounds()?.node;
    if (lease !== null && node === undefined) return leaseRefusal(lease.admit([]));
    if (!/^-?\d+$/.test(String(node).trim()))
      return { error: 'Node: a whole number 0–1023; nothing was minted.', field: 'node' };
    let source;
    try {
      source = minterFor(ns, Number(node));
    } catch (error) {
      return { error: refusalOf(error, ns), code: error.code ?? 'error' };
    }
    const snowflakes = Array.from({ length: count }, () => source.nextSnowflake());
    const refused = lease?.admit(snowflakes) ?? null;
    if (refused !== null) return leaseRefusal(refused);
    const minted = snowflakes.map((snowflake) => {
      const id = encode(ns, snowflake);
      const p = parse(id);
      return { id, unixMs: p.unixMs, seq: p.seq };
    });
    total += count;
    return { minted, total, node: Number(node) };
  }

  return { mint };
}

const leaseRefusal = (why) => ({ error: `${why}; nothing was minted.`, code: 'lease' });

// The namespace in the package's words (with its did-you-mean); the node's range as the field says it.
function refusalOf(error, ns) {
  const why =
    error.code === 'namespace'
      ? (namespaceRefusal(ns) ?? error.message)
      : error.code === 'node'
        ? 'the node must be a whole number 0–1023'
        : error.message;
  return `${why}; nothing was minted.`;
}
