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

/** The executor when it is known and runs here (`native`: standalone nodes only); else throws ExecutorError. */
export function checkedExecutor(executor, onCluster) {
  if (!EXECUTORS.includes(executor))
    throw new ExecutorError(`executor must be 'script' or 'native', not ${String(executor)}`);
  if (executor === 'native' && onCluster) {
    throw new ExecutorError("the native executor runs on a standalone node only; a cluster uses executor 'script'");
  }
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
const nativeArgs = (call) => [ENQUEUE_COMMAND, 2, call.job, call.pending, call.id, call.payload];
const libraryArgs = (call) => [LIBRARY_FUNCTIONS.enqueue, 2, call.job, call.pending, call.id, call.payload];

/** Runs one call by `route`; resolves the raw reply (1 or 0) or rejects with the server's error. */
export async function runOne(client, route, call) {
  if (route === 'native') return client.call(...nativeArgs(call));
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
  pipeline.call(ENQUEUE_COMMAND, 2, calls.jobs[k], calls.pending, calls.ids[k], calls.payloads[k]);
const sendEval = (pipeline, calls, k) =>
  pipeline.eval(ENQUEUE_SCRIPT, 2, calls.jobs[k], calls.pending, calls.ids[k], calls.payloads[k]);
const sendLibrary = (pipeline, calls, k) =>
  pipeline.fcall(LIBRARY_FUNCTIONS.enqueue, 2, calls.jobs[k], calls.pending, calls.ids[k], calls.payloads[k]);
const SENDERS = { native: sendNative, eval: sendScript, functions: sendLibrary };

/**
 * Runs the calls of a checked batch by `route` in pipelines of PIPELINE_CHUNK, up to CHUNKS_IN_FLIGHT of them
 * on the wire at once (so the server works while the next chunk is encoded, and few commands are alive at a
 * time); each reply becomes its item's outcome as its chunk returns. Resolves the server's refusals,
 * [[k, error], ...] in input order. All keys of a batch share one slot, so one connection carries every chunk,
 * in order.
 */
export async function runMany(client, route, { calls, outcomes }) {
  const refusals = [];
  const send = SENDERS[route];
  await pipelineChunks(client, send, calls, range(calls.ids.length), settler(calls, outcomes, refusals));
  if (route !== 'eval' || !refusals.some(([, error]) => isNoScript(error))) return refusals;
  return resendLostScripts(client, calls, outcomes, refusals);
}

// A call the server answered NOSCRIPT (its script cache was emptied) never ran: it is sent again, in input
// order, with EVAL (which also puts the script back in the cache).
async function resendLostScripts(client, calls, outcomes, refusals) {
  const lost = refusals.filter(([, error]) => isNoScript(error)).map(([k]) => k);
  const again = [];
  await pipelineChunks(client, sendEval, calls, lost, settler(calls, outcomes, again));
  return [...refusals.filter(([, error]) => !isNoScript(error)), ...again].sort(([a], [b]) => a - b);
}

// Hands call k's reply to its item: a verdict becomes the outcome, a server error is kept as [k, error].
const settler = (calls, outcomes, refusals) => (k, error, reply) => {
  if (error) refusals.push([k, error]);
  else outcomes[calls.at[k]] = { id: calls.ids[k], verdict: verdictOf(reply) };
};

function range(count) {
  const ks = new Array(count);
  for (let k = 0; k < count; k++) ks[k] = k;
  return ks;
}

// Sends calls[ks[0]], calls[ks[1]], … in chunks and hands each reply to settle(k, error, reply).
async function pipelineChunks(client, send, calls, ks, settle) {
  const inFlight = [];
  const settleChunk = (from) => (replies) => {
    for (let i = 0; i < replies.length; i++) settle(ks[from + i], replies[i][0], replies[i][1]);
  };
  try {
    for (let from = 0; from < ks.length; from += PIPELINE_CHUNK) {
      const pipeline = client.pipeline();
      const to = Math.min(from + PIPELINE_CHUNK, ks.length);
      for (let i = from; i < to; i++) send(pipeline, calls, ks[i]);
      const settled = pipeline.exec().then(settleChunk(from));
      settled.catch(() => {}); // awaited below, in order; this keeps a later chunk's failure from going unhandled
      inFlight.push(settled);
      if (inFlight.length >= CHUNKS_IN_FLIGHT) await inFlight.shift();
    }
    while (inFlight.length > 0) await inFlight.shift();
  } catch (error) {
    await Promise.allSettled(inFlight);
    throw error;
  }
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
