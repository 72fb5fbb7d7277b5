// The module's layout tables (bindings/shared.hpp, `Named`): where each field of the exchange or each column
// is, by name, read once at load. Plain code over a memory view, so the CLI's own module reads its tables too.

/**
 * The table at `address` as a frozen {name: number}; entries are three 32-bit words (name address, name size,
 * value), up to one with an empty name.
 */
export function readLayout(u32, address) {
  const u8 = new Uint8Array(u32.buffer);
  const table = {};
  for (let at = address >> 2; u32[at + 1] !== 0; at += 3) {
    table[String.fromCharCode(...u8.subarray(u32[at], u32[at] + u32[at + 1]))] = u32[at + 2];
  }
  return Object.freeze(table);
}
