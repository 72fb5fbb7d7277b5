// Node leases (issue 37): a minter's node id held in Valkey with a TTL, so minters on many machines never share
// one. Every key is under one hash tag, so a cluster serves them all from one slot:
//   {emq:lease}:node:N  the holder's owner token, with the lease's TTL (PX)
//   {emq:lease}:hw:N    the highest millisecond a holder of node N may have minted (no TTL: it outlives the lease)
// The functions live in the connector's library (library.js); a lease needs it loaded, whatever `scripts` says.
import { MAX_NODE } from '@echomq/branded';
import { LeaseError } from './errors.js';

export const LEASE_TAG = '{emq:lease}';
const nodeKey = (node) => `${LEASE_TAG}:node:${node}`;
const highWaterKey = (node) => `${LEASE_TAG}:hw:${node}`;

/** The lease functions' names in the library. */
export const LEASE_FUNCTIONS = Object.freeze({
  acquire: 'emq_lease_acquire',
  renew: 'emq_lease_renew',
  release: 'emq_lease_release',
});

// KEYS: every node key, then every high-water key; ARGV: owner, ttl ms, high-water ms. Takes the lowest free
// node, raises its high-water to ARGV[3], and answers { node, the high-water found } (or -1 when all are held).
const ACQUIRE = `local nodes = #KEYS / 2
for n = 1, nodes do
  if redis.call('SET', KEYS[n], ARGV[1], 'NX', 'PX', ARGV[2]) then
    local found = redis.call('GET', KEYS[nodes + n]) or '0'
    if tonumber(ARGV[3]) > tonumber(found) then redis.call('SET', KEYS[nodes + n], ARGV[3]) end
    return {n - 1, found}
  end
end
return {-1, '0'}`;

// KEYS: node key, high-water key; ARGV: owner, ttl ms, high-water ms. Extends the TTL and raises the high-water
// only while the owner still holds the node: 1, else 0.
const RENEW = `if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local found = redis.call('GET', KEYS[2]) or '0'
if tonumber(ARGV[3]) > tonumber(found) then redis.call('SET', KEYS[2], ARGV[3]) end
return 1`;

// KEYS: node key, high-water key; ARGV: owner, the last millisecond minted. Compare-and-delete: the owner sets
// the high-water to what it really minted (its promise at renew was higher) and frees the node: 1, else 0.
const RELEASE = `if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
redis.call('DEL', KEYS[1])
return 1`;

/** [name, body, flags] of each lease function, for the library. */
export const LEASE_LIBRARY = [
  [LEASE_FUNCTIONS.acquire, ACQUIRE, []],
  [LEASE_FUNCTIONS.renew, RENEW, []],
  [LEASE_FUNCTIONS.release, RELEASE, []],
];

const allNodes = () => Array.from({ length: MAX_NODE + 1 }, (_, node) => node);

// A server refusal as the LeaseError a caller can act on; anything else (a lost connection) is kept as it is.
function leaseRefusal(error) {
  const text = error?.message ?? '';
  if (/^ERR Function not found/i.test(text))
    return new LeaseError(
      'library',
      `the node lease functions are not loaded on this server (${text}): an administrator loads the library with loadLibrary()`,
      { cause: error },
    );
  if (/^NOPERM/.test(text))
    return new LeaseError('denied', `this user may not call the node lease functions (${text}): grant +fcall`, {
      cause: error,
    });
  return error;
}

async function call(client, name, keys, args) {
  try {
    return await client.fcall(name, keys.length, ...keys, ...args);
  } catch (error) {
    throw leaseRefusal(error);
  }
}

/** Takes the lowest free node: { node, highWaterMs } (the previous holders' high-water). */
export async function acquireNode(client, { owner, ttlMs, highWaterMs }) {
  const nodes = allNodes();
  const keys = [...nodes.map(nodeKey), ...nodes.map(highWaterKey)];
  const [node, found] = await call(client, LEASE_FUNCTIONS.acquire, keys, [owner, ttlMs, highWaterMs]);
  if (node < 0)
    throw new LeaseError('full', `all ${nodes.length} node ids are leased: no node is free for a new minter`);
  return { node, highWaterMs: Number(found) };
}

/** Extends the lease and raises its high-water; false when another owner holds the node now. */
export async function renewNode(client, { node, owner, ttlMs, highWaterMs }) {
  return (
    (await call(client, LEASE_FUNCTIONS.renew, [nodeKey(node), highWaterKey(node)], [owner, ttlMs, highWaterMs])) === 1
  );
}

/** Frees the node, keeping the last millisecond minted as its high-water; false when the owner no longer held it. */
export async function releaseNode(client, { node, owner, highWaterMs }) {
  return (await call(client, LEASE_FUNCTIONS.release, [nodeKey(node), highWaterKey(node)], [owner, highWaterMs])) === 1;
}
