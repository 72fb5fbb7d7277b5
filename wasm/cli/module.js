// The CLI's own module instance (dist/branded-cli-wasm.js and dist/branded-cli.wasm: the package's bindings
// plus the row formatters), with its heap views, input area and scan columns, in the shape lib/scanner.js's
// Scanner takes. The CLI runs in Node only, so the wasm is read from its file and instantiated synchronously.
import { readFileSync } from 'node:fs';

import createBrandedCliModule from '../dist/branded-cli-wasm.js';
import { scanLayout } from '../lib/scanner.js';

let memory;
const emscripten = {
  instantiateWasm(imports, receive) {
    const bytes = readFileSync(new URL('../dist/branded-cli.wasm', import.meta.url));
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), imports);
    memory = Object.values(instance.exports).find((value) => value instanceof WebAssembly.Memory);
    receive(instance);
    return {};
  },
};
// The glue fills in the object it is given, and with the instance made synchronously above its runtime is up
// when the call returns: no await, so the CLI bundles to CommonJS (dist/cli.cjs), which starts faster.
createBrandedCliModule(emscripten);

// The functions Embind bound, as its invokers (bindings/invokers.js) recorded them.
export const wasm = Object.freeze({ ...emscripten.embindBindings });

const heap = { u8: null, u16: null, u32: null, f64: null, u64: null };
function rebuild() {
  const { buffer } = memory;
  heap.u8 = new Uint8Array(buffer);
  heap.u16 = new Uint16Array(buffer);
  heap.u32 = new Uint32Array(buffer);
  heap.f64 = new Float64Array(buffer);
  heap.u64 = new BigUint64Array(buffer);
}
rebuild();
/** The heap views, rebuilt when growing memory detached the old buffer (views read length 0 then). */
export function views() {
  if (heap.u8.length === 0) rebuild();
  return heap;
}

const input = { address: 0, capacity: 0 };
/** Grows the input area to at least `capacity` bytes; returns its address. */
export function reserveInput(capacity) {
  if (capacity > input.capacity) {
    input.address = wasm.input(capacity);
    input.capacity = capacity;
    rebuild();
  }
  return input.address;
}

export const FOUND = scanLayout(wasm, views().u32);
export const CLI_MODULE = Object.freeze({ wasm, views, reserveInput, FOUND });
