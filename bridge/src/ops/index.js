// The closed set of ops: each has prepare(fields, client) doing every synchronous check and returning the run,
// run(reply), which answers once through reply.resolve(result) or reply.reject(error). enqueue hands its
// reply on to the coalescer; the others answer from a promise.
import { enqueueOp } from './enqueue.js';
import { enqueueManyOp } from './enqueue-many.js';
import { gateCompareOp } from './gate-compare.js';
import { helloOp } from './hello.js';
import { jobOp } from './job.js';
import { pendingOp } from './pending.js';
import { streamSeedOp } from './stream-seed.js';
import { streamWindowOp } from './stream-window.js';

// An async op's run, as every run is called: run(reply) answers through reply.resolve / reply.reject.
function answeringThrough(op) {
  return {
    prepare(fields, client) {
      const run = op.prepare(fields, client);
      return (reply) =>
        run().then(
          (result) => reply.resolve(result),
          (error) => reply.reject(error),
        );
    },
  };
}

/** The ops by name, each called as above: prepare(fields, client), then run(reply). */
export function createOps(deps) {
  return {
    hello: answeringThrough(helloOp(deps)),
    enqueue: enqueueOp(deps),
    enqueueMany: answeringThrough(enqueueManyOp(deps)),
    job: answeringThrough(jobOp(deps)),
    pending: answeringThrough(pendingOp(deps)),
    streamWindow: answeringThrough(streamWindowOp(deps)),
    streamSeed: answeringThrough(streamSeedOp(deps)),
    gateCompare: answeringThrough(gateCompareOp(deps)),
  };
}
