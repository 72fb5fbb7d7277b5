// Opt-in durability (contract.md §5): an enqueue is acknowledged once its write reached `replicas` replicas
// (WAIT), or, with `aof`, the primary's AOF and `replicas` replicas' AOFs fsynced (WAITAOF). The wait travels in
// the same pipeline as the writes, so it runs on the connection that carried them, right after them: a wait on
// another connection (a node reached after a failover) would count nothing of these writes.
import { DurabilityError } from './errors.js';

/** The checked setting: null when off; else { replicas, aof, timeoutMs }. */
export function checkedDurability(durability) {
  if (durability === undefined || durability === null || durability === false) return null;
  if (typeof durability !== 'object') throw new TypeError('durability must be an object { replicas, aof, timeoutMs }');
  const { replicas = 1, aof = false, timeoutMs = 1000, ...rest } = durability;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new TypeError(`durability has no option ${unknown.join(', ')}`);
  if (!Number.isSafeInteger(replicas) || replicas < 0)
    throw new TypeError(`durability.replicas must be a non-negative integer, got ${replicas}`);
  if (typeof aof !== 'boolean') throw new TypeError(`durability.aof must be true or false, got ${aof}`);
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1)
    throw new TypeError(`durability.timeoutMs must be a positive integer, got ${timeoutMs}`);
  if (replicas === 0 && !aof) throw new TypeError('durability asks for nothing: set replicas >= 1 or aof: true');
  return Object.freeze({ replicas, aof, timeoutMs });
}

/** The command that waits for `durability`: WAIT <replicas> <ms>, or WAITAOF 1 <replicas> <ms>. */
export const waitCommand = ({ replicas, aof, timeoutMs }) =>
  aof ? ['WAITAOF', 1, replicas, timeoutMs] : ['WAIT', replicas, timeoutMs];

/** What a wait's reply says was reached: { replicas } for WAIT, { aofLocal, aofReplicas } for WAITAOF. */
export function reachedOf(durability, reply) {
  if (durability.aof)
    return { replicas: reply?.[1] ?? 0, aofLocal: (reply?.[0] ?? 0) >= 1, aofReplicas: reply?.[1] ?? 0 };
  return { replicas: typeof reply === 'number' ? reply : 0 };
}

/** Whether what was reached is what was asked. */
export function durable(durability, reached) {
  if (durability.aof) return reached.aofLocal && reached.aofReplicas >= durability.replicas;
  return reached.replicas >= durability.replicas;
}

/** The typed refusal of a write whose wait fell short. */
export const durabilityError = (durability, reached, verdict, { queue, id }) =>
  new DurabilityError({ asked: durability, reached, verdict, queue, id });
