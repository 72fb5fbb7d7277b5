// Instantiates the module (synchronously where the platform allows, else `ready` resolves), runs core's
// self-check, and owns the memory both sides share: heap views, the exchange, the input area.
import createBrandedModule from '../dist/branded-wasm.js';
import { readLayout } from './layout.js';
import { instantiateNow, memoryOf } from './wasm-source.js';

export { base64Bytes } from './wasm-source.js';

let state = 'loading';
let failure = null;
let resolveReady;
let rejectReady;
export const ready = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});
ready.catch(() => {}); // a load failure is also thrown at the call or import that meets it

function notReady() {
  if (state === 'failed') return new Error(`@echomq/branded failed to load: ${failure.message}`, { cause: failure });
  return new Error(
    '@echomq/branded is not ready yet: this platform compiles WebAssembly asynchronously, so `await ready` (exported by the package) before the first call',
  );
}

// Until the module is ready every call lands here and throws why.
const NOT_READY = new Proxy(
  {},
  {
    get(target, name) {
      if (typeof name === 'symbol') return undefined;
      throw notReady();
    },
  },
);

// The bound functions in one plain object (Emscripten's Module is slower to look up) and the exchange's field
// addresses from the module's table; both are set once, so their loads optimise as constants.
export const wasm = Object.create(NOT_READY);
export const AT = Object.create(NOT_READY);

const readyHooks = [];
/** Runs `hook` once the module is ready (now, if it is): the facade's load-time reads from core. */
export function onReady(hook) {
  if (state === 'ready') hook();
  else readyHooks.push(hook);
}

let memory;
let started = false;

/**
 * Instantiates the module from its wasm (bytes, or a WebAssembly.Module compiled by the platform, as
 * workerd's module imports give). Throws what a synchronous load met; an asynchronous one rejects `ready`.
 */
export function instantiate(source) {
  if (started) throw new Error('@echomq/branded: instantiate() runs once');
  started = true;
  let inFactory = true;
  let initialized = false;
  const emscripten = {
    instantiateWasm(imports, receive) {
      try {
        const instance = instantiateNow(source, imports);
        if (instance !== null) {
          memory = memoryOf(instance);
          receive(instance);
          return {};
        }
      } catch (error) {
        fail(error);
        return {};
      }
      WebAssembly.instantiate(source, imports)
        .then((result) => {
          const instance = result.instance ?? result;
          memory = memoryOf(instance);
          receive(instance);
        })
        .catch(fail);
      return {};
    },
    onRuntimeInitialized() {
      initialized = true;
      if (!inFactory) settle(emscripten);
    },
  };
  createBrandedModule(emscripten);
  inFactory = false;
  if (initialized) settle(emscripten);
  if (state === 'failed') throw failure;
}

function settle(emscripten) {
  try {
    finish(emscripten);
    state = 'ready';
    for (const hook of readyHooks.splice(0)) hook();
    resolveReady();
  } catch (error) {
    fail(error);
  }
}

function fail(error) {
  state = 'failed';
  failure = error;
  for (const name of Object.keys(wasm)) delete wasm[name];
  rejectReady(error);
}

function finish(emscripten) {
  publish(wasm, embindFunctions(emscripten));
  rebuild();
  publish(AT, readLayout(heap.u32, wasm.exchange_layout()));
  Object.freeze(AT);
  reserveInput(4096);
  wasm.self_check();
  const sentence = answerText();
  if (sentence) throw new Error(sentence);
}

// Defines every property at once: V8 keeps the object in fast mode (adding them one by one would not).
function publish(target, properties) {
  Object.defineProperties(target, Object.getOwnPropertyDescriptors(properties));
}

// The functions Embind bound, as its invokers (bindings/invokers.js) recorded them: nothing else of the
// Module object is reachable from the facade.
function embindFunctions(emscripten) {
  return { ...emscripten.embindBindings };
}

// Heap views, rebuilt when the memory has grown (growing detaches the old buffer: views read length 0).
const EMPTY = new Uint8Array(0);
export const heap = { u8: EMPTY, u16: null, u32: null, f64: null, u64: null };
function rebuild() {
  if (memory === undefined || state === 'failed') throw notReady();
  const buffer = memory.buffer;
  heap.u8 = new Uint8Array(buffer);
  heap.u16 = new Uint16Array(buffer);
  heap.u32 = new Uint32Array(buffer);
  heap.f64 = new Float64Array(buffer);
  heap.u64 = new BigUint64Array(buffer);
}
/** The size of the module's memory in bytes (tests watch it for leaks). */
export function memoryBytes() {
  return memory.buffer.byteLength;
}

/** The heap views over the module's memory, rebuilt after the memory grew. */
export function views() {
  if (heap.u8.length === 0) rebuild();
  return heap;
}

// The input area where text arguments are written (UTF-8) before a call.
export const input = { address: 0, capacity: 0 };
/** Grows the input area to at least `capacity` bytes; returns its address. */
export function reserveInput(capacity) {
  if (capacity > input.capacity) {
    input.address = wasm.input(capacity);
    input.capacity = capacity;
    rebuild();
  }
  return input.address;
}

const encoder = new TextEncoder();
const SHORT = 64;

export const NOT_ASCII = -1;

/**
 * The one read of a 14-unit id as four little-endian words of its bytes: stored at u32[word..word+4) (answers
 * 0), or with u32 null passed to parse_words (answers its error number); NOT_ASCII if a unit is not ASCII.
 */
export function idWords(id, u32, word) {
  const c0 = id.charCodeAt(0),
    c1 = id.charCodeAt(1),
    c2 = id.charCodeAt(2),
    c3 = id.charCodeAt(3);
  const c4 = id.charCodeAt(4),
    c5 = id.charCodeAt(5),
    c6 = id.charCodeAt(6),
    c7 = id.charCodeAt(7);
  const c8 = id.charCodeAt(8),
    c9 = id.charCodeAt(9),
    c10 = id.charCodeAt(10),
    c11 = id.charCodeAt(11);
  const c12 = id.charCodeAt(12),
    c13 = id.charCodeAt(13);
  if ((c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7 | c8 | c9 | c10 | c11 | c12 | c13) >= 0x80) return NOT_ASCII;
  const w0 = c0 | (c1 << 8) | (c2 << 16) | (c3 << 24);
  const w1 = c4 | (c5 << 8) | (c6 << 16) | (c7 << 24);
  const w2 = c8 | (c9 << 8) | (c10 << 16) | (c11 << 24);
  const w3 = c12 | (c13 << 8);
  // Arguments, not memory, for a single parse: its fast path is measured faster so (bench/README.md).
  if (u32 === null) return wasm.parse_words(w0, w1, w2, w3);
  u32[word] = w0;
  u32[word + 1] = w1;
  u32[word + 2] = w2;
  u32[word + 3] = w3;
  return 0;
}

/**
 * Writes `text` as UTF-8 into the input area at byte `offset`; returns its size in bytes. Ids take idWords,
 * other short ASCII strings a charCodeAt loop, anything else TextEncoder. Writing may move the
 * input area: read input.address after it, never before (as in f(input.address, writeText(x))).
 */
export function writeText(text, offset = 0) {
  const n = text.length;
  const start = input.address + offset;
  if (n === 14 && (start & 3) === 0 && offset + 16 <= input.capacity) {
    if (idWords(text, views().u32, start >> 2) === 0) return 14;
  }
  if (n <= SHORT && offset + SHORT <= input.capacity) {
    const u8 = views().u8;
    let seen = 0;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      seen |= c;
      u8[start + i] = c;
    }
    if (seen < 0x80) return n;
  }
  const at = reserveInput(offset + n * 3) + offset;
  return encoder.encodeInto(text, views().u8.subarray(at, at + n * 3)).written;
}

/** The text answer of the last call (ASCII: ids, stream ids, keys, windows, constants). */
export function answerText(from = 0, size) {
  const u32 = views().u32;
  const address = u32[AT.text >> 2] + from;
  return ascii(address, size ?? u32[AT.textSize >> 2] - from);
}

/** The id answer of the last call, as a string (fromCharCode is cheaper than a TextDecoder call). */
export function answerId() {
  return readId(views().u32[AT.text >> 2]);
}

/** The 14-byte id at `address` in memory, as a string. */
export function readId(address) {
  const u8 = views().u8;
  return String.fromCharCode(
    u8[address],
    u8[address + 1],
    u8[address + 2],
    u8[address + 3],
    u8[address + 4],
    u8[address + 5],
    u8[address + 6],
    u8[address + 7],
    u8[address + 8],
    u8[address + 9],
    u8[address + 10],
    u8[address + 11],
    u8[address + 12],
    u8[address + 13],
  );
}

const decoder = new TextDecoder();
/** The ASCII text of `size` bytes at `address` in memory. */
function ascii(address, size) {
  const bytes = views().u8.subarray(address, address + size);
  return size <= 256 ? String.fromCharCode.apply(null, bytes) : decoder.decode(bytes);
}
export { ascii as readText };
