// Instantiates the module (top-level await: importing the package is enough), runs core's self-check,
// and owns the memory both sides share: heap views, the exchange block and the input area
// (bindings/shared.hpp).
import createBrandedModule from '../dist/branded-wasm.js';

export const wasm = await createBrandedModule();

// Byte offsets inside the exchange block (bindings/shared.hpp, kept in step by its static_asserts).
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
  parts: EXCHANGE + 56,
  textSize: EXCHANGE + 68,
  text: EXCHANGE + 72,
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

// Copies the 14 UTF-16 units of an id of that length to u8[at..at+14) and returns them OR-ed together: the
// bytes are the id's UTF-8 exactly when the result is below 0x80. Unrolled: about 1.5x the loop's speed.
export function copyId(id, u8, at) {
  const c0 = id.charCodeAt(0), c1 = id.charCodeAt(1), c2 = id.charCodeAt(2), c3 = id.charCodeAt(3);
  const c4 = id.charCodeAt(4), c5 = id.charCodeAt(5), c6 = id.charCodeAt(6), c7 = id.charCodeAt(7);
  const c8 = id.charCodeAt(8), c9 = id.charCodeAt(9), c10 = id.charCodeAt(10), c11 = id.charCodeAt(11);
  const c12 = id.charCodeAt(12), c13 = id.charCodeAt(13);
  u8[at] = c0; u8[at + 1] = c1; u8[at + 2] = c2; u8[at + 3] = c3; u8[at + 4] = c4; u8[at + 5] = c5;
  u8[at + 6] = c6; u8[at + 7] = c7; u8[at + 8] = c8; u8[at + 9] = c9; u8[at + 10] = c10;
  u8[at + 11] = c11; u8[at + 12] = c12; u8[at + 13] = c13;
  return c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7 | c8 | c9 | c10 | c11 | c12 | c13;
}

// copyId into a 16-byte slot at u32[word..word+4) as little-endian words (bytes 14 and 15 zero): four
// aligned stores instead of fourteen byte stores.
export function copyIdWords(id, u32, word) {
  const c0 = id.charCodeAt(0), c1 = id.charCodeAt(1), c2 = id.charCodeAt(2), c3 = id.charCodeAt(3);
  const c4 = id.charCodeAt(4), c5 = id.charCodeAt(5), c6 = id.charCodeAt(6), c7 = id.charCodeAt(7);
  const c8 = id.charCodeAt(8), c9 = id.charCodeAt(9), c10 = id.charCodeAt(10), c11 = id.charCodeAt(11);
  const c12 = id.charCodeAt(12), c13 = id.charCodeAt(13);
  u32[word] = c0 | (c1 << 8) | (c2 << 16) | (c3 << 24);
  u32[word + 1] = c4 | (c5 << 8) | (c6 << 16) | (c7 << 24);
  u32[word + 2] = c8 | (c9 << 8) | (c10 << 16) | (c11 << 24);
  u32[word + 3] = c12 | (c13 << 8);
  return c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7 | c8 | c9 | c10 | c11 | c12 | c13;
}

// Writes `text` as UTF-8 into the input area at byte `offset`; returns its size in bytes. Short ASCII
// strings (ids) take the charCodeAt loop; anything else goes through TextEncoder. Writing may move the
// input area: read input.address after it, never before (as in f(input.address, writeText(x))).
export function writeText(text, offset = 0) {
  const n = text.length;
  if (n === 14 && copyId(text, views().u8, input.address + offset) < 0x80) return 14;
  if (n <= SHORT && offset + SHORT <= input.capacity) {
    const u8 = views().u8;
    const at = input.address + offset;
    let seen = 0;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      seen |= c;
      u8[at + i] = c;
    }
    if (seen < 0x80) return n;
  }
  const at = reserveInput(offset + n * 3) + offset;
  return encoder.encodeInto(text, views().u8.subarray(at, at + n * 3)).written;
}

// The text answer of the last call (ASCII: ids, stream ids, keys, windows, constants).
export function answerText(from = 0, size) {
  const u32 = views().u32;
  const address = u32[AT.text >> 2] + from;
  return ascii(address, size ?? u32[AT.textSize >> 2] - from);
}

// 14-byte ids as strings: fromCharCode is cheaper than a TextDecoder call.
export function answerId() {
  return readId(views().u32[AT.text >> 2]);
}

export function readId(address) {
  const u8 = views().u8;
  return String.fromCharCode(
    u8[address], u8[address + 1], u8[address + 2], u8[address + 3], u8[address + 4], u8[address + 5],
    u8[address + 6], u8[address + 7], u8[address + 8], u8[address + 9], u8[address + 10],
    u8[address + 11], u8[address + 12], u8[address + 13]);
}

const decoder = new TextDecoder();
function ascii(address, size) {
  const bytes = views().u8.subarray(address, address + size);
  return size <= 256 ? String.fromCharCode.apply(null, bytes) : decoder.decode(bytes);
}
export { ascii as readText };

wasm._branded_self_check();
const failure = answerText();
if (failure) throw new Error(failure);
