// hello: what this bridge is, what Valkey looks like from here, and the limits in force.
import { BRIDGE_VERSION, PROTOCOL_NAME } from '../version.js';

/** The hello op: the protocol, the bridge's version, Valkey's state and fence, the executors, queues and limits. */
export const hello = {
  name: 'hello',
  fields: {},
  cost: () => 0,
  keys: () => 0,
  create,
};

function create({ config, backend }) {
  const limits = {
    maxFrame: config.maxFrame,
    maxPayload: config.maxPayload,
    maxBatch: config.maxBatch,
    rate: config.rate,
    maxInflight: config.maxInflight,
    maxConnections: config.maxConnections,
    idleTimeoutMs: config.idleTimeoutMs,
    maxPending: config.maxPending,
    maxSample: config.maxSample,
    maxWindowEntries: config.maxWindowEntries,
    maxSeedEntries: config.maxSeedEntries,
    maxConnectionsPerIp: config.maxConnectionsPerIp,
    ipRate: config.ipRate,
    ipBudget: config.ipBudget,
    ipWindowEntries: config.ipWindowEntries,
    seedIntervalMs: config.seedIntervalMs,
    maxBuffered: config.maxBuffered,
    dataTtlS: config.dataTtlS,
    ipKeys: config.ipKeys,
    ipSeedBytes: config.ipSeedBytes,
    maxLeases: config.maxLeases,
    ipLeases: config.ipLeases,
  };
  return {
    prepare: () => async () => {
      const { valkey, fence, executors } = backend.status();
      return {
        protocol: PROTOCOL_NAME,
        bridge: BRIDGE_VERSION,
        wire: fence.expected,
        valkey,
        fence,
        executors,
        ...(valkey.mode === 'cluster' ? { slots: backend.slotMap() } : {}),
        queues: config.queues,
        limits,
      };
    },
  };
}
