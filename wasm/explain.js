// @echomq/branded/explain: why an input is refused, in the words every surface shows (the CLI, the explorer,
// the widgets, the bridge), and instants as people type them: core's explain.hpp and instant.hpp in a module of
// their own (lib/subpath-module.js).
import createExplainModule from './dist/branded-explain-wasm.js';
import binary from './dist/branded-explain-binary.js';
import { explainApi } from './lib/explain.js';
import { loadSubpathModule } from './lib/subpath-module.js';

// The module's input area, grown to the largest input yet.
function withInputArea({ wasm, views }) {
  let input = { address: 0, capacity: 0 };
  const reserveInput = (capacity) => {
    if (capacity > input.capacity) input = { address: wasm.input(capacity), capacity };
    return input.address;
  };
  return explainApi({ wasm, views, reserveInput });
}

const explainer = loadSubpathModule('explain', createExplainModule, binary, withInputArea);
/** Resolves once the module is instantiated; rejects with the reason it could not load. */
export const ready = explainer.ready;
const loaded = () => explainer.loaded();

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
