// The @enqueue transition through either executor: the host check first (core's key builders), then
// core's script — EVALSHA (EVAL when the server lost it: NOSCRIPT), or FCALL of the operator-loaded library
// for a user that may run no script of its own (library.js) — or the native EMQ.ENQUEUE.
import {
  BrandedError,
  ENQUEUE_COMMAND,
  ENQUEUE_SCRIPT,
  ENQUEUE_SCRIPT_SHA1,
  FENCE_CLASS,
  KIND_CLASS,
  jobKey,
  pendingKey,
} from '@echomq/branded';
import { isBytes, wireValue } from './bytes.js';
import { LIBRARY_FUNCTIONS } from './calls.js';
import { durabilityError, durable, reachedOf, waitCommand } from './durability.js';
import { ExecutorError, KindError, LibraryError } from './errors.js';

export const EXECUTORS = Object.freeze(['script', 'native']);
// Enough commands in flight to keep the server busy, few enough that iovalkey's per-command objects die
// young instead of being promoted to the old generation (bench/enqueue).
const PIPELINE_CHUNK = 250;
const CHUNKS_IN_FLIGHT = 4;

const replyClass = (error) => /^[A-Z]+/.exec(error?.message ?? '')?.[0];
/** Whether a server error is the fence's refusal (by its reply class). */
export const isFenceReply = (error) => replyClass(error) === FENCE_CLASS;
const isKindReply = (error) => replyClass(error) === KIND_CLASS;
const isNoScript = (error) => replyClass(error) === 'NOSCRIPT';
const isHostRefusal = (error) => error instanceof BrandedError || error instanceof TypeError;

function checkedPayload(payload) {
  if (typeof payload === 'string' || isBytes(payload)) return wireValue(payload);
  throw new TypeError(`payload must be a string or bytes, got ${payload === null ? 'null' : typeof payload}`);
}

/** The host check: a valid queue, a fully valid 14-byte id (BrandedError), a string or bytes payload. */
export function enqueueCall(queue, id, payload) {
  const job = jobKey(queue, id);
  return { queue, id, job, pending: pendingKey(queue), payload: checkedPayload(payload) };
}

/** The executor when it is known; else throws ExecutorError. */
export function checkedExecutor(executor) {
  if (!EXECUTORS.includes(executor))
    throw new ExecutorError(`executor must be 'script' or 'native', not ${String(executor)}`);
  return executor;
}

// How the script executor reaches the server: EVALSHA with the EVAL fallback, or FCALL of the library.
export const SCRIPT_CALLS = Object.freeze(['eval', 'functions']);

// The command each executor sends for one call, its first word(s) and then `2 <job> <pending> <id> <payload>`.
const COMMAND_HEADS = {
  native: [ENQUEUE_COMMAND],
  eval: ['EVALSHA', ENQUEUE_SCRIPT_SHA1],
  functions: ['FCALL', LIBRARY_FUNCTIONS.enqueue],
};
/** The way an executor's calls go out: 'native', 'eval' or 'functions' (see SCRIPT_CALLS). */
export const routeOf = (executor, scripts) => (executor === 'native' ? 'native' : scripts);

/** The exact command (strings, a payload's bytes as given) one call sends by `route`. */
export const commandOf = (route, job, pending, id, payload) => [
  ...COMMAND_HEADS[route],
  '2',
  job,
  pending,
  id,
  payload,
];

// The arguments of one call, for a client or a pipeline.
const scriptArgs = (call) => [ENQUEUE_SCRIPT_SHA1, 2, call.job, call.pending, call.id, call.payload];
const evalArgs = (call) => [ENQUEUE_SCRIPT, 2, call.job, call.pending, call.id, call.payload];
const libraryArgs = (call) => [LIBRARY_FUNCTIONS.enqueue, 2, call.job, call.pending, call.id, call.payload];

// iovalkey routes a command on a cluster by the keys its command table lists; EMQ.ENQUEUE is not in that table,
// so its command carries its keys itself (else it would go to a random node and follow the MOVED).
let CommandClass = null;
async function loadCommandClass() {
  CommandClass ??= (await import('iovalkey')).Command;
}
function nativeCommand(job, pending, id, payload) {
  const command = new CommandClass(ENQUEUE_COMMAND, [2, job, pending, id, payload]);
  command.keys = [job, pending];
  return command;
}

/** Runs one call by `route`; resolves the raw reply (1 or 0) or rejects with the server's error. */
export async function runOne(client, route, call) {
  if (route === 'native') {
    await loadCommandClass();
    return client.sendCommand(nativeCommand(call.job, call.pending, call.id, call.payload));
  }
  if (route === 'functions') return client.fcall(...libraryArgs(call));
  try {
    return await client.evalsha(...scriptArgs(call));
  } catch (error) {
    if (!isNoScript(error)) throw error;
    return client.eval(...evalArgs(call)); // EVAL also puts the script back in the server's cache
  }
}

/**
 * The host check of a batch (every item before anything is sent): a refused item gets its outcome at once;
 * the others become calls, kept column by column (job keys, ids, payloads, and `at`, each call's place
 * in the input) so that a large batch holds no object per call.
 */
export function checkedBatch(queue, pending, items) {
  const outcomes = new Array(items.length);
  const calls = { queue, pending, jobs: [], ids: [], payloads: [], at: [] };
  const callOf = new Int32Array(items.length).fill(-1); // item index → its call, for the sent record
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const id = Array.isArray(item) ? item[0] : undefined;
    try {
      if (!Array.isArray(item) || item.length !== 2) throw new TypeError('an item must be an [id, payload] pair');
      const job = jobKey(queue, id);
      calls.payloads.push(checkedPayload(item[1]));
      callOf[index] = calls.jobs.length;
      calls.jobs.push(job);
      calls.ids.push(id);
      calls.at.push(index);
    } catch (error) {
      if (!isHostRefusal(error)) throw error;
      outcomes[index] = { id, verdict: 'refused', error };
    }
  }
  return { calls, outcomes, callOf };
}

/**
 * What a batch sent, as the outcomes' `sent` (not enumerable): the route, the pending key, and per item its
 * job key and exact command (null for an item refused before the wire), built only when asked for.
 */
export function sentRecord(route, { calls, callOf }) {
  const at = (index) => (callOf[index] >= 0 ? callOf[index] : -1);
  return {
    route,
    pending: calls.pending,
    key: (index) => (at(index) < 0 ? null : calls.jobs[at(index)]),
    command(index) {
      const k = at(index);
      return k < 0 ? null : commandOf(route, calls.jobs[k], calls.pending, calls.ids[k], calls.payloads[k]);
    },
  };
}

// The per-call hot path of a batch: call k of the columns, straight into the pipeline.
const sendScript = (pipeline, calls, k) =>
  pipeline.evalsha(ENQUEUE_SCRIPT_SHA1, 2, calls.jobs[k], calls.pending, calls.ids[k], calls.payloads[k]);
const sendNative = (pipeline, calls, k) =>
  pipeline.sendCommand(nativeCommand(calls.jobs[k], calls.pending, calls.ids[k], calls.payloads[k]));
const sendEval = (pipeline, calls, k) =>
  pipeline.eval(ENQUEUE_SCRIPT, 2, calls.jobs[k], calls.pending, calls.ids[k], calls.payloads[k]);
const sendLibrary = (pipeline, calls, k) =>
  pipeline.fcall(LIBRARY_FUNCTIONS.enqueue, 2, calls.jobs[k], calls.pending, calls.ids[k], calls.payloads[k]);
const SENDERS = { native: sendNative, eval: sendScript, functions: sendLibrary };

/**
 * Runs calls `ks` (default: all) of a checked batch by `route` in pipelines of PIPELINE_CHUNK, up to
 * CHUNKS_IN_FLIGHT of them on the wire at once (so the server works while the next chunk is encoded, and few
 * commands are alive at a time); each reply becomes its item's outcome as its chunk returns. With `durability`
 * each chunk ends with the wait, and a call whose chunk fell short is refused with a DurabilityError. Resolves
 * the failed calls, [[k, error], ...] in input order. All keys of a batch share one slot, so one connection
 * carries every chunk, in order.
 */
export async function runMany(client, route, { calls, outcomes }, { ks = range(calls.ids.length), durability } = {}) {
  const refusals = [];
  const send = SENDERS[route];
  if (route === 'native') await loadCommandClass();
  await pipelineChunks(client, send, calls, ks, settler(calls, outcomes, refusals), durability);
  if (route !== 'eval' || !refusals.some(([, error]) => isNoScript(error))) return refusals;
  return resendLostScripts(client, calls, outcomes, refusals, durability);
}

// A call the server answered NOSCRIPT (its script cache was emptied) never ran: it is sent again, in input
// order, with EVAL (which also puts the script back in the cache).
async function resendLostScripts(client, calls, outcomes, refusals, durability) {
  const lost = refusals.filter(([, error]) => isNoScript(error)).map(([k]) => k);
  const again = [];
  await pipelineChunks(client, sendEval, calls, lost, settler(calls, outcomes, again), durability);
  return [...refusals.filter(([, error]) => !isNoScript(error)), ...again].sort(([a], [b]) => a - b);
}

// Hands call k's reply to its item: a verdict becomes the outcome, a server error is kept as [k, error], and
// so is a verdict whose chunk's wait fell short (`wait`: { durability, reached, ok }, or null without one).
const settler = (calls, outcomes, refusals) => (k, error, reply, wait) => {
  if (error) return refusals.push([k, error]);
  const verdict = verdictOf(reply);
  if (wait && !wait.ok) {
    const call = { queue: calls.queue, id: calls.ids[k] };
    return refusals.push([k, durabilityError(wait.durability, wait.reached, verdict, call)]);
  }
  outcomes[calls.at[k]] = { id: calls.ids[k], verdict };
};

function range(count) {
  const ks = new Array(count);
  for (let k = 0; k < count; k++) ks[k] = k;
  return ks;
}

// What a chunk's wait reached (its reply is the last of the chunk's); an error reply reached nothing.
function waitOutcome(durability, [error, reply]) {
  const reached = reachedOf(durability, error ? null : reply);
  return { durability, reached, ok: durable(durability, reached) };
}

// Sends calls[ks[0]], calls[ks[1]], … in chunks and hands each reply to settle(k, error, reply, wait). A chunk
// whose pipeline failed as a whole (the connection went) settles each of its calls with that failure.
async function pipelineChunks(client, send, calls, ks, settle, durability) {
  const inFlight = [];
  const settleChunk = (from, to) => (replies) => {
    const wait = durability ? waitOutcome(durability, replies[to - from]) : null;
    for (let i = from; i < to; i++) settle(ks[i], replies[i - from][0], replies[i - from][1], wait);
  };
  const failChunk = (from, to) => (error) => {
    for (let i = from; i < to; i++) settle(ks[i], error);
  };
  for (let from = 0; from < ks.length; from += PIPELINE_CHUNK) {
    const pipeline = client.pipeline();
    const to = Math.min(from + PIPELINE_CHUNK, ks.length);
    for (let i = from; i < to; i++) send(pipeline, calls, ks[i]);
    if (durability) pipeline.call(...waitCommand(durability));
    inFlight.push(pipeline.exec().then(settleChunk(from, to), failChunk(from, to)));
    if (inFlight.length >= CHUNKS_IN_FLIGHT) await inFlight.shift();
  }
  while (inFlight.length > 0) await inFlight.shift();
}

/** 1 → 'enqueued', 0 → 'duplicate'. */
export function verdictOf(reply) {
  if (reply === 1) return 'enqueued';
  if (reply === 0) return 'duplicate';
  throw new Error(`unexpected reply to @enqueue: ${JSON.stringify(reply)}`);
}

/**
 * An EMQKIND reply becomes a KindError with the server's exact text, a missing library function a
 * LibraryError; others stay as they are.
 */
export function refusalOf(error, call) {
  if (isKindReply(error)) return new KindError(error.message, { queue: call.queue, id: call.id });
  if (/^ERR Function not found/.test(error?.message ?? '')) return new LibraryError(error.message);
  return error;
}
