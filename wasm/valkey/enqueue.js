// The @enqueue transition through either executor: the host check first (core's key builders), then
// EVALSHA of core's script (EVAL when the server lost it: NOSCRIPT) or the native EMQ.ENQUEUE.
import { BrandedError, ENQUEUE_SCRIPT, ENQUEUE_SCRIPT_SHA1, FENCE_CLASS, KIND_CLASS, jobKey, pendingKey } from '../index.js';
import { isBytes, wireValue } from './bytes.js';
import { ExecutorError, KindError } from './errors.js';

export const EXECUTORS = Object.freeze(['script', 'native']);
const NATIVE_COMMAND = 'EMQ.ENQUEUE';
const PIPELINE_CHUNK = 1_000;
const CHUNKS_IN_FLIGHT = 8;

const replyClass = (error) => /^[A-Z]+/.exec(error?.message ?? '')?.[0];
export const isFenceReply = (error) => replyClass(error) === FENCE_CLASS;
const isKindReply = (error) => replyClass(error) === KIND_CLASS;
const isNoScript = (error) => replyClass(error) === 'NOSCRIPT';

function checkedPayload(payload) {
  if (typeof payload === 'string' || isBytes(payload)) return wireValue(payload);
  throw new TypeError(`payload must be a string or bytes, got ${payload === null ? 'null' : typeof payload}`);
}

/**
 * The host check: a valid queue, a fully valid 14-byte id (BrandedError), a string or bytes payload. A batch
 * passes its queue's pending key, built once.
 */
export function enqueueCall(queue, id, payload, pending) {
  const job = jobKey(queue, id);
  return { queue, id, job, pending: pending ?? pendingKey(queue), payload: checkedPayload(payload) };
}

export function checkedExecutor(executor, onCluster) {
  if (!EXECUTORS.includes(executor)) throw new ExecutorError(`executor must be 'script' or 'native', not ${String(executor)}`);
  if (executor === 'native' && onCluster) {
    throw new ExecutorError("the native executor runs on a standalone node only; a cluster uses executor 'script'");
  }
  return executor;
}

// The arguments of one call, for a client or a pipeline.
const scriptArgs = (call) => [ENQUEUE_SCRIPT_SHA1, 2, call.job, call.pending, call.id, call.payload];
const evalArgs = (call) => [ENQUEUE_SCRIPT, 2, call.job, call.pending, call.id, call.payload];
const nativeArgs = (call) => [NATIVE_COMMAND, 2, call.job, call.pending, call.id, call.payload];

/** Runs one call; resolves the raw reply (1 or 0) or rejects with the server's error. */
export async function runOne(client, executor, call) {
  if (executor === 'native') return client.call(...nativeArgs(call));
  try {
    return await client.evalsha(...scriptArgs(call));
  } catch (error) {
    if (!isNoScript(error)) throw error;
    return client.eval(...evalArgs(call)); // EVAL also puts the script back in the server's cache
  }
}

async function pipelined(client, calls, queueCommand) {
  const pipeline = client.pipeline();
  for (const call of calls) queueCommand(pipeline, call);
  return pipeline.exec(); // [[error, reply], ...] in order
}

// The per-call hot path of a batch: no argument arrays of our own (iovalkey copies them anyway).
const sendScript = (pipeline, call) =>
  pipeline.evalsha(ENQUEUE_SCRIPT_SHA1, 2, call.job, call.pending, call.id, call.payload);
const sendNative = (pipeline, call) => pipeline.call(NATIVE_COMMAND, 2, call.job, call.pending, call.id, call.payload);

/**
 * Runs many calls in pipelines of PIPELINE_CHUNK, up to CHUNKS_IN_FLIGHT of them on the wire at once (so
 * the server works while the next chunk is encoded); resolves [[error, reply], ...] in input order. All
 * keys of a batch share one slot, so one connection carries every chunk, in order.
 */
export async function runMany(client, executor, calls) {
  const send = executor === 'native' ? sendNative : sendScript;
  const results = new Array(calls.length);
  let refused = false;
  const store = (start) => (replies) => {
    for (let i = 0; i < replies.length; i++) {
      results[start + i] = replies[i];
      if (replies[i][0]) refused = true;
    }
  };
  const inFlight = [];
  try {
    for (let start = 0; start < calls.length; start += PIPELINE_CHUNK) {
      const pipeline = client.pipeline();
      const end = Math.min(start + PIPELINE_CHUNK, calls.length);
      for (let i = start; i < end; i++) send(pipeline, calls[i]);
      const stored = pipeline.exec().then(store(start));
      stored.catch(() => {}); // awaited below, in order; this keeps a later chunk's failure from going unhandled
      inFlight.push(stored);
      if (inFlight.length >= CHUNKS_IN_FLIGHT) await inFlight.shift();
    }
    while (inFlight.length > 0) await inFlight.shift();
  } catch (error) {
    await Promise.allSettled(inFlight);
    throw error;
  }
  if (executor === 'script' && refused) await resendLostScripts(client, calls, results);
  return results;
}

// A call the server answered NOSCRIPT (its script cache was emptied) never ran: it is sent again, in input
// order, with EVAL (which also puts the script back in the cache).
async function resendLostScripts(client, calls, results) {
  const lost = results.flatMap(([error], i) => (isNoScript(error) ? [i] : []));
  if (lost.length === 0) return;
  const again = await pipelined(client, lost.map((i) => calls[i]), (p, call) => p.eval(...evalArgs(call)));
  lost.forEach((at, i) => (results[at] = again[i]));
}

/** 1 → 'enqueued', 0 → 'duplicate'. */
export function verdictOf(reply) {
  if (reply === 1) return 'enqueued';
  if (reply === 0) return 'duplicate';
  throw new Error(`unexpected reply to @enqueue: ${JSON.stringify(reply)}`);
}

/** An EMQKIND reply becomes a KindError with the server's exact text; others stay as they are. */
export function refusalOf(error, call) {
  return isKindReply(error) ? new KindError(error.message, { queue: call.queue, id: call.id }) : error;
}

export const isHostRefusal = (error) => error instanceof BrandedError || error instanceof TypeError;
