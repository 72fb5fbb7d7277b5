// iovalkey sends a Buffer as bytes but turns any other Uint8Array into text ("0,255,…"): bytes are
// wrapped in a Buffer (no copy) before they are handed over.
export const isBytes = (value) => value instanceof Uint8Array;
export const wireBytes = (value) =>
  Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
/** A string stays a string; bytes become a Buffer over the same memory. */
export const wireValue = (value) => (isBytes(value) ? wireBytes(value) : value);
