// Input sources of the chunked calls (parseMany, scan, the CLI's streams): plain code, no module, so the CLI
// ships it as it is.
/** A source over bytes in memory: each call copies the next part into u8[from, to) and says whether it was the last. */
export function bytesSource(bytes) {
  let read = 0;
  return (u8, from, to) => {
    const part = bytes.subarray(read, read + (to - from));
    u8.set(part, from);
    read += part.length;
    return { written: part.length, done: read === bytes.length };
  };
}
