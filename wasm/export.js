// @echomq/branded/export: a batch's rows as CSV or JSON bytes (core's export_rows.hpp, the explorer's download) in
// a module of its own, so the package's entry carries none of it. Loaded as the entry loads its module:
// synchronously wherever the platform compiles synchronously, else `ready` resolves first.
import createExportModule from './dist/branded-export-wasm.js';
import binary from './dist/branded-export-binary.js';
import { exportApi } from './lib/export.js';
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
  if (views.u8 === null || views.u8.length === 0 || views.u8.buffer !== memory.buffer) {
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
    api = exportApi({ wasm: { ...emscripten.embindBindings }, views: current });
    settle(null);
  },
};
createExportModule(emscripten);

function loaded() {
  if (api !== null) return api;
  if (failure !== null)
    throw new Error(`@echomq/branded/export failed to load: ${failure.message}`, { cause: failure });
  throw new Error('@echomq/branded/export is not ready yet: `await ready` (exported here) before the first call');
}

/**
 * A writer of `columns`' rows as CSV (`spreadsheet`: Snowflakes as ="…") or JSON: head(), rows(order) for each
 * slice of the rows, tail(), each the next bytes of the file.
 */
export const createExport = (columns, options) => loaded().createExport(columns, options);
