// The closed set of ops. Each op describes itself in its own file: {name, fields (the request's shape: see
// schema.js), cost(fields) (Valkey commands, charged against the client's --ip-budget before it runs),
// keys(fields) (the most keys it may add: the client must afford them; what it wrote is charged after),
// create(deps) → {prepare(fields, client, socket)}} (socket: the WebSocket asking). prepare does every
// synchronous check and returns the run, run(reply), which answers once through reply.resolve(result) or
// reply.reject(error). enqueue hands its reply on to the coalescer; the others answer from a promise.
import { enqueue } from './enqueue.js';
import { enqueueMany } from './enqueue-many.js';
import { gateCompare } from './gate-compare.js';
import { hello } from './hello.js';
import { job } from './job.js';
import { mintLease } from './mint-lease.js';
import { pending } from './pending.js';
import { streamSeed } from './stream-seed.js';
import { streamWindow } from './stream-window.js';

/** Every op's description, in the protocol's order; an op missing a part fails here, at load. */
export const OP_LIST = Object.freeze([
  hello,
  enqueue,
  enqueueMany,
  job,
  pending,
  streamWindow,
  streamSeed,
  gateCompare,
  mintLease,
]);
for (const op of OP_LIST) {
  for (const part of ['cost', 'keys', 'create']) {
    if (typeof op[part] !== 'function') throw new TypeError(`op ${op.name}: ${part} is not a function`);
  }
  if (typeof op.fields !== 'object') throw new TypeError(`op ${op.name}: no fields`);
}
/** The ops by name. */
export const OPS = Object.freeze(Object.fromEntries(OP_LIST.map((op) => [op.name, op])));

// An async op's run, as every run is called: run(reply) answers through reply.resolve / reply.reject.
function answeringThrough(prepared) {
  return {
    prepare(fields, client, socket) {
      const run = prepared.prepare(fields, client, socket);
      return (reply) =>
        run().then(
          (result) => reply.resolve(result),
          (error) => reply.reject(error),
        );
    },
  };
}

/** The ops' runtime by name, each called as above: prepare(fields, client, socket), then run(reply). */
export function createOps(deps) {
  return Object.fromEntries(
    OP_LIST.map((op) => {
      const prepared = op.create(deps);
      return [op.name, op === enqueue ? prepared : answeringThrough(prepared)];
    }),
  );
}
