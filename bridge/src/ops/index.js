// The closed set of ops: each has prepare(fields) doing every synchronous check and returning the run.
import { enqueueOp } from './enqueue.js';
import { enqueueManyOp } from './enqueue_many.js';
import { gateCompareOp } from './gate_compare.js';
import { helloOp } from './hello.js';
import { jobOp } from './job.js';
import { pendingOp } from './pending.js';
import { streamSeedOp } from './stream_seed.js';
import { streamWindowOp } from './stream_window.js';

export function createOps(deps) {
  return {
    hello: helloOp(deps),
    enqueue: enqueueOp(deps),
    enqueueMany: enqueueManyOp(deps),
    job: jobOp(deps),
    pending: pendingOp(deps),
    streamWindow: streamWindowOp(deps),
    streamSeed: streamSeedOp(deps),
    gateCompare: gateCompareOp(deps),
  };
}
