// Inputs for the JavaScript benchmarks: seeded, so every run measures the same ids.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EPOCH_MS, encode } from '../../wasm/index.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export { EPOCH_MS };

// xorshift32: small, fast, and the same sequence on every machine.
export function random(seed = 2463534242) {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// Snowflakes as minted in 2026: an instant within a day, any node, any seq.
export function snowflakes(count, next = random()) {
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    const ms = 1769526697641 - EPOCH_MS + (next() % 86_400_000);
    out[i] = (BigInt(ms) << 22n) | (BigInt(next() % 1024) << 12n) | BigInt(next() % 4096);
  }
  return out;
}

// Branded ids under random namespaces; every `refusedEvery`-th one (if given) broken in one of the four ways.
export function randomIds(count, { refusedEvery = 0, seed = 7 } = {}) {
  const next = random(seed);
  const values = snowflakes(count, next);
  const ids = new Array(count);
  for (let i = 0; i < count; i++) {
    const ns = String.fromCharCode(65 + (next() % 26), 65 + (next() % 26), 65 + (next() % 26));
    let id = encode(ns, values[i]);
    if (refusedEvery > 0 && i % refusedEvery === 0) id = broken(id, next);
    ids[i] = id;
  }
  return ids;
}

function broken(id, next) {
  const at = 3 + (next() % 11);
  switch (next() % 6) {
    case 0:
      return id.slice(0, 13); // length
    case 1:
      return `${id}x`; // length
    case 2:
      return id.toLowerCase(); // namespace
    case 3:
      return `${id.slice(0, at)}!${id.slice(at + 1)}`; // charset
    case 4:
      return `${id.slice(0, at)}é${id.slice(at + 1)}`; // charset (non-ASCII)
    default:
      return `${id.slice(0, 3)}${ALPHABET[12 + (next() % 50)]}${id.slice(4)}`; // range
  }
}
