// The CLI's own module instance (dist/branded-cli-wasm.js and dist/branded-cli.wasm: the CLI's program, cli/, with
// core), its heap views and input area, and the table of what a run wants. The CLI runs in Node only, so the wasm is
// read from its file and instantiated synchronously.
import { readFileSync } from 'node:fs';

import createBrandedCliModule from '../dist/branded-cli-wasm.js';
import { readLayout } from '../lib/layout.js';

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

/** The functions Embind bound, as its invokers (bindings/invokers.js) recorded them. */
export const wasm = Object.freeze({ ...emscripten.embindBindings });

const heap = { u8: null, u32: null, f64: null };
function rebuild() {
  heap.u8 = new Uint8Array(memory.buffer);
  heap.u32 = new Uint32Array(memory.buffer);
  heap.f64 = new Float64Array(memory.buffer);
}
rebuild();
/** The heap views, rebuilt when growing memory detached the old buffer (views read length 0 then). */
export function views() {
  if (heap.u8.length === 0) rebuild();
  return heap;
}

let input = { address: 0, capacity: 0 };
/** Grows the input area to at least `capacity` bytes; returns its address. */
export function reserveInput(capacity) {
  if (capacity > input.capacity) input = { address: wasm.input(capacity), capacity };
  return input.address;
}

/** Where each field of what the run wants is (bindings/cli.cpp). */
export const WANTED = readLayout(views().u32, wasm.cli_layout());

/** The numbers of each kind of request and file call, by name, as the program numbers them. */
export const NUMBERS = Object.freeze(
  Object.fromEntries(
    Object.entries(readLayout(views().u32, wasm.cli_numbers())).map(([name, at]) => [name, views().u32[at >> 2]]),
  ),
);
