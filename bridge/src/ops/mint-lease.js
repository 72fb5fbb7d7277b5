// mintLease: a node lease the bridge holds for this WebSocket, so a page mints under a node no other minter of
// the fleet holds (mint-leases.js). The first ask takes the lease; each later ask answers its renewed bounds.

/**
 * The mintLease op: {node, floorMs, ceilingMs, validForMs, renewEveryMs}. The page mints on `node` only for
 * milliseconds after floorMs up to ceilingMs, and stops validForMs after it sent the ask unless a later ask
 * extends it. At most one lease per WebSocket, --ip-leases per client, --max-leases per bridge.
 */
export const mintLease = {
  name: 'mintLease',
  fields: {},
  cost: () => 1,
  keys: () => 0,
  create({ backend }) {
    return {
      prepare: (fields, client, socket) => () => backend.mintLeases.take(socket, client),
    };
  },
};
