// A subpath's own WebAssembly module (@echomq/branded/explain, /fleet, /export), so the package's entry carries
// none of it. Loaded as the entry loads its module: synchronously wherever the platform compiles synchronously,
// else `ready` resolves first.
import { base64Bytes, instantiateNow, memoryOf } from './wasm-source.js';

/**
 * Instantiates `createModule` (Emscripten's factory) from `binary` (base64) and builds its API with
 * makeApi({ wasm, views }) once it runs. Returns { ready, loaded }: loaded() is the API, or throws why not.
 */
export function loadSubpathModule(name, createModule, binary, makeApi) {
  let api = null;
  let failure = null;
  let settle;
  const ready = new Promise((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve());
  });
  ready.catch(() => {}); // a load failure is also thrown at the call that meets it

  let memory;
  const views = { u8: null, u32: null, f64: null };
  const current = () => {
    if (views.u8 === null || views.u8.length === 0 || views.u8.buffer !== memory.buffer) {
      views.u8 = new Uint8Array(memory.buffer);
      views.u32 = new Uint32Array(memory.buffer);
      views.f64 = new Float64Array(memory.buffer);
    }
    return views;
  };

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
      api = makeApi({ wasm: { ...emscripten.embindBindings }, views: current });
      settle(null);
    },
  };
  createModule(emscripten);

  const loaded = () => {
    if (api !== null) return api;
    if (failure !== null)
      throw new Error(`@echomq/branded/${name} failed to load: ${failure.message}`, { cause: failure });
    throw new Error(`@echomq/branded/${name} is not ready yet: \`await ready\` (exported here) before the first call`);
  };
  return { ready, loaded };
}
