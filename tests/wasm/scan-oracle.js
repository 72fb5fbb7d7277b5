// The scan tests' oracle (tests/wasm/scan.test.js, cli-scan.test.js): written from the issue's definition, it
// walks maximal runs of letters/digits in the UTF-8 bytes one at a time; a run of exactly 14 whose first three
// bytes are A-Z is a candidate, refused for `range` when its 11 digits encode 2^63 or more.
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const isAlnum = (b) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
const isUpper = (b) => b >= 0x41 && b <= 0x5a;

// Every candidate of `bytes`: {offset, line (1-based), id, error ('range' or null), snowflake (0n if refused)}.
export function oracle(bytes) {
  const hits = [];
  let line = 1;
  for (let i = 0; i < bytes.length;) {
    if (!isAlnum(bytes[i])) {
      if (bytes[i] === 0x0a) line++;
      i++;
      continue;
    }
    let j = i;
    while (j < bytes.length && isAlnum(bytes[j])) j++;
    if (j - i === 14 && isUpper(bytes[i]) && isUpper(bytes[i + 1]) && isUpper(bytes[i + 2])) {
      let value = 0n;
      for (let k = i + 3; k < j; k++) value = value * 62n + BigInt(ALPHABET.indexOf(String.fromCharCode(bytes[k])));
      const range = value >= 1n << 63n;
      hits.push({
        offset: i,
        line,
        id: Buffer.from(bytes.subarray(i, j)).toString('latin1'),
        error: range ? 'range' : null,
        snowflake: range ? 0n : value,
      });
    }
    i = j;
  }
  return hits;
}
