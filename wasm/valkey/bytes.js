// iovalkey sends a Buffer as bytes but turns any other Uint8Array into text ("0,255,…"): bytes are
// wrapped in a Buffer (no copy) before they are handed over.
/** Whether a value is bytes: any Uint8Array, a Buffer included. */
export const isBytes = (value) => value instanceof Uint8Array;
/** Bytes as a Buffer over the same memory, the form iovalkey sends as bytes. */
export const wireBytes = (value) =>
  Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
/** A string stays a string; bytes become a Buffer over the same memory. */
export const wireValue = (value) => (isBytes(value) ? wireBytes(value) : value);
