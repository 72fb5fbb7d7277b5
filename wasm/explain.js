// @echomq/branded/explain: why an input is refused, in the words every surface shows (the CLI, the explorer,
// the widgets, the bridge), and instants as people type them: core's explain.hpp and instant.hpp in a module of
// their own, so the package's entry carries none of it. Loaded as the entry loads its module: synchronously
// wherever the platform compiles synchronously, else `ready` resolves first.
import createExplainModule from './dist/branded-explain-wasm.js';
import binary from './dist/branded-explain-binary.js';
import { explainApi } from './lib/explain.js';
import { base64Bytes, instantiateNow, memoryOf } from './lib/wasm-source.js';

let api = null;
let failure = null;
let settle;
/** Resolves once the module is instantiated; rejects with the reason it could not load. */
export const ready = new Promise((resolve, reject) => {
  settle = (error) => (error ? reject(error) : resolve());
});
ready.catch(() => {}); // a load failure is also thrown at the call that meets it

let memory;
const views = { u8: null, u32: null, f64: null };
function current() {
  if (views.u8 === null || views.u8.length === 0) {
    views.u8 = new Uint8Array(memory.buffer);
    views.u32 = new Uint32Array(memory.buffer);
    views.f64 = new Float64Array(memory.buffer);
  }
  return views;
}

const emscripten = {
  instantiateWasm(imports, receive) {
    const accept = (instance) => {
      memory = memoryOf(instance);
      receive(instance);
    };
    const fail = (error) => {
      failure = error;
      settle(error);
    };
    try {
      const instance = instantiateNow(base64Bytes(binary), imports);
      if (instance !== null) accept(instance);
      else
        WebAssembly.instantiate(base64Bytes(binary), imports)
          .then((result) => accept(result.instance))
          .catch(fail);
    } catch (error) {
      fail(error);
    }
    return {};
  },
  onRuntimeInitialized() {
    const wasm = { ...emscripten.embindBindings };
    let input = { address: 0, capacity: 0 };
    const reserveInput = (capacity) => {
      if (capacity > input.capacity) input = { address: wasm.input(capacity), capacity };
      return input.address;
    };
    api = explainApi({ wasm, views: current, reserveInput });
    settle(null);
  },
};
createExplainModule(emscripten);

function loaded() {
  if (api !== null) return api;
  if (failure !== null)
    throw new Error(`@echomq/branded/explain failed to load: ${failure.message}`, { cause: failure });
  throw new Error('@echomq/branded/explain is not ready yet: `await ready` (exported here) before the first call');
}

/** Why `input` (a string, or bytes) is no branded id: null when it parses, else the refusal in words. */
export const explain = (input) => loaded().explain(input);
/** Why `name` is no queue name: null when it is one, else the refusal in words. */
export const explainQueue = (name) => loaded().explainQueue(name);
/** Why `ns` is no namespace (three letters A-Z): null when it is one, else the refusal in words. */
export const explainNamespace = (ns) => loaded().explainNamespace(ns);
/** The host check of an enqueue (jobKey's): the queue name's refusal, else the id's, else null. */
export const explainJobKey = (queue, id) => loaded().explainJobKey(queue, id);
/** An instant as people type it (Unix ms, ISO 8601, now-5m, +10ms): {ok: true, ms} or {ok: false, error, message}. */
export const parseInstant = (text, options) => loaded().parseInstant(text, options);
