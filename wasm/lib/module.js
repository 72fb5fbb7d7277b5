// Instantiates the module (top-level await: importing the package is enough), runs core's self-check,
// and owns the memory both sides share: heap views, the exchange block and the input area.
import createBrandedModule from '../dist/branded-wasm.js';

export const wasm = await createBrandedModule();

const failure = wasm.selfCheck();
if (failure) throw new Error(failure);

// Byte offsets inside the exchange block (src/exchange.hpp, kept in step by its static_asserts).
const EXCHANGE = wasm._branded_exchange();
export const AT = Object.freeze({
  snowflake: EXCHANGE,
  entryMs: EXCHANGE + 8,
  entrySeq: EXCHANGE + 16,
  unixMs: EXCHANGE + 24,
  node: EXCHANGE + 32,
  seq: EXCHANGE + 36,
  lines: EXCHANGE + 40,
  consumed: EXCHANGE + 44,
  refused: EXCHANGE + 48,
  entryError: EXCHANGE + 52,
  text: EXCHANGE + 56,
});

// Heap views, rebuilt when the memory has grown (growing detaches the old buffer: views read length 0).
export const heap = { u8: null, u16: null, u32: null, f64: null, u64: null };
function rebuild() {
  const buffer = wasm.HEAPU8.buffer;
  heap.u8 = new Uint8Array(buffer);
  heap.u16 = new Uint16Array(buffer);
  heap.u32 = new Uint32Array(buffer);
  heap.f64 = new Float64Array(buffer);
  heap.u64 = new BigUint64Array(buffer);
}
rebuild();
export function views() {
  if (heap.u8.length === 0) rebuild();
  return heap;
}

// The input area where text arguments are written (UTF-8) before a call.
export const input = { address: 0, capacity: 0 };
export function reserveInput(capacity) {
  if (capacity > input.capacity) {
    input.address = wasm._branded_input(capacity);
    input.capacity = capacity;
    rebuild();
  }
  return input.address;
}
reserveInput(4096);

const encoder = new TextEncoder();
const SHORT = 64;

// Writes `text` as UTF-8 at the start of the input area; returns its size in bytes. ASCII strings of
// ids' size take the charCodeAt loop; anything else goes through TextEncoder.
export function writeText(text) {
  const n = text.length;
  if (n <= SHORT) {
    const u8 = views().u8;
    const at = input.address;
    let seen = 0;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      seen |= c;
      u8[at + i] = c;
    }
    if (seen < 0x80) return n;
  }
  const at = reserveInput(n * 3);
  return encoder.encodeInto(text, views().u8.subarray(at, at + n * 3)).written;
}

// Short ASCII text the module wrote (stream ids): fromCharCode is cheaper than a TextDecoder call.
export function readAscii(address, size) {
  return String.fromCharCode.apply(null, views().u8.subarray(address, address + size));
}

// The 14 bytes of an id at `address` as a string (ids are ASCII once core has produced them).
export function readId(address) {
  const u8 = views().u8;
  return String.fromCharCode(
    u8[address], u8[address + 1], u8[address + 2], u8[address + 3], u8[address + 4], u8[address + 5],
    u8[address + 6], u8[address + 7], u8[address + 8], u8[address + 9], u8[address + 10],
    u8[address + 11], u8[address + 12], u8[address + 13]);
}
