// Input sources of the chunked calls (parseMany, scan, the CLI's streams): plain code, no module, so the CLI
// ships it as it is.
export function bytesSource(bytes) {
  let read = 0;
  return (u8, from, to) => {
    const part = bytes.subarray(read, read + (to - from));
    u8.set(part, from);
    read += part.length;
    return { written: part.length, done: read === bytes.length };
  };
}
