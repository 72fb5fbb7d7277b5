// The pure-JavaScript baseline: the same contract written the way a careful user would write it instead of
// taking the package (charCodeAt, a 128-entry lookup table, Number arithmetic on 32-bit halves, one BigInt
// per id). It exists only to be measured against; bench/js/agree.js holds it to the package on every input
// class before any timing, so the comparison is between two correct implementations.
const EPOCH_MS = 1704067200000;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ERRORS = ['none', 'length', 'namespace', 'charset', 'range'];
const LENGTH = 1,
  NAMESPACE = 2,
  CHARSET = 3,
  RANGE = 4;

// Digit values by char code; 64 marks every other code (no digit value has bit 6 set: 61 is the largest).
const DIGIT = new Uint8Array(128).fill(64);
for (let i = 0; i < 62; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

const TWO_32 = 4294967296;
const P8 = 62 ** 8; // 218340105584896 < 2^53: exact
const P8_HIGH = Math.floor(P8 / TWO_32),
  P8_LOW = P8 % TWO_32;

// One BigInt per id: the two 32-bit halves go through a shared 8-byte buffer.
const halves = new Uint32Array(2);
const wide = new BigUint64Array(halves.buffer);

// The last decoded value: its high and low 32 bits.
let high = 0,
  low = 0;

function digitAt(text, i) {
  const c = text.charCodeAt(i);
  return c < 128 ? DIGIT[c] : 64;
}

// Decodes the 14 chars of `text` at `at` into high/low; returns 0 or an error number (namespace, charset, range).
function decode(text, at) {
  const n0 = text.charCodeAt(at) - 65,
    n1 = text.charCodeAt(at + 1) - 65,
    n2 = text.charCodeAt(at + 2) - 65;
  if (n0 >>> 0 > 25 || n1 >>> 0 > 25 || n2 >>> 0 > 25) return NAMESPACE;
  const d0 = digitAt(text, at + 3),
    d1 = digitAt(text, at + 4),
    d2 = digitAt(text, at + 5);
  const d3 = digitAt(text, at + 6),
    d4 = digitAt(text, at + 7),
    d5 = digitAt(text, at + 8);
  const d6 = digitAt(text, at + 9),
    d7 = digitAt(text, at + 10),
    d8 = digitAt(text, at + 11);
  const d9 = digitAt(text, at + 12),
    d10 = digitAt(text, at + 13);
  if ((d0 | d1 | d2 | d3 | d4 | d5 | d6 | d7 | d8 | d9 | d10) & 64) return CHARSET;
  const high3 = (d0 * 62 + d1) * 62 + d2;
  const low8 = ((d3 * 62 + d4) * 3844 + d5 * 62 + d6) * 14776336 + (d7 * 62 + d8) * 3844 + d9 * 62 + d10;
  // value = high3 * P8_HIGH * 2^32 + high3 * P8_LOW + low8, every term exact in a double.
  const lowSum = high3 * P8_LOW + low8;
  high = high3 * P8_HIGH + Math.floor(lowSum / TWO_32);
  low = lowSum >>> 0;
  return high >= 0x80000000 ? RANGE : 0;
}

// The contract counts UTF-8 bytes. A 14-char string holding a non-ASCII char is longer than 14 bytes; a
// shorter one may be exactly 14 bytes, and then its bytes are judged (they fail as namespace or charset).
const NON_ASCII = /[^\x00-\x7f]/;
const encoder = new TextEncoder();
function classify(id) {
  if (id.length === 14) {
    const error = decode(id, 0);
    return (error === NAMESPACE || error === CHARSET) && NON_ASCII.test(id) ? LENGTH : error;
  }
  if (id.length > 14 || !NON_ASCII.test(id)) return LENGTH;
  const bytes = encoder.encode(id);
  return bytes.length === 14 ? decode(String.fromCharCode(...bytes), 0) : LENGTH;
}

function snowflake() {
  halves[0] = low;
  halves[1] = high;
  return wide[0];
}

const FAILURES = ERRORS.map((error) => Object.freeze({ ok: false, error }));

export function parse(id) {
  if (typeof id !== 'string') throw new TypeError('id must be a string');
  const error = classify(id);
  if (error !== 0) return FAILURES[error];
  return {
    ok: true,
    namespace: id.slice(0, 3),
    snowflake: snowflake(),
    unixMs: high * 1024 + (low >>> 22) + EPOCH_MS,
    node: (low >>> 12) & 1023,
    seq: low & 4095,
  };
}

// hash32 on the 32-bit halves: k ^= k >> 33; k *= 0xFF51AFD7ED558CCD; k ^= k >> 33; the low 32 bits.
const C_LOW = 0xed558ccd,
  C_HIGH = 0xff51afd7;
const C_LOW_0 = C_LOW & 0xffff,
  C_LOW_1 = C_LOW >>> 16;
function hash32(hi, lo) {
  lo = (lo ^ (hi >>> 1)) >>> 0; // k >> 33 reaches only the low word (hi < 2^31)
  // The product's high word: mulhi(lo, C_LOW) (16-bit pieces keep it exact) + the two cross terms mod 2^32.
  const lo0 = lo & 0xffff,
    lo1 = lo >>> 16;
  const middle = lo1 * C_LOW_0 + lo0 * C_LOW_1;
  const mulhi = lo1 * C_LOW_1 + Math.floor((middle * 65536 + lo0 * C_LOW_0) / TWO_32);
  const productHigh = (mulhi + Math.imul(lo, C_HIGH) + Math.imul(hi, C_LOW)) >>> 0;
  return (Math.imul(lo, C_LOW) ^ (productHigh >>> 1)) >>> 0;
}

// The same columns as the package's parseMany: snowflake, error, namespace; with {fields: true} also unixMs,
// node, seq and hash32; for text also each line's offset and length.
function columns(capacity, fields, lines) {
  const c = {
    count: 0,
    refused: 0,
    snowflake: new BigUint64Array(capacity),
    error: new Uint8Array(capacity),
    namespace: new Uint32Array(capacity),
  };
  if (fields) {
    c.unixMs = new Float64Array(capacity);
    c.node = new Uint16Array(capacity);
    c.seq = new Uint16Array(capacity);
    c.hash32 = new Uint32Array(capacity);
  }
  if (lines) {
    c.offset = new Uint32Array(capacity);
    c.length = new Uint32Array(capacity);
  }
  return c;
}

function store(c, i, text, at, error) {
  if (error !== 0) {
    c.error[i] = error;
    c.refused++;
    return;
  }
  c.snowflake[i] = snowflake();
  c.namespace[i] = (text.charCodeAt(at) << 16) | (text.charCodeAt(at + 1) << 8) | text.charCodeAt(at + 2);
  if (c.unixMs === undefined) return;
  c.unixMs[i] = high * 1024 + (low >>> 22) + EPOCH_MS;
  c.node[i] = (low >>> 12) & 1023;
  c.seq[i] = low & 4095;
  c.hash32[i] = hash32(high, low);
}

function parseArray(ids, fields) {
  const c = columns(ids.length, fields, false);
  for (let i = 0; i < ids.length; i++) store(c, i, ids[i], 0, classify(ids[i]));
  c.count = ids.length;
  return c;
}

// Newline-separated ids ("\n" or "\r\n"); the baseline takes ASCII text (offsets and lengths in chars = bytes).
function parseText(text, fields) {
  const c = columns(Math.ceil(text.length / 15) + 1, fields, true);
  let i = 0,
    at = 0;
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    const next = end === -1 ? text.length : end + 1;
    if (end === -1) end = text.length;
    else if (end > at && text.charCodeAt(end - 1) === 13) end--;
    store(c, i, text, at, end - at === 14 ? decode(text, at) : LENGTH);
    c.offset[i] = at;
    c.length[i] = end - at;
    i++;
    at = next;
  }
  c.count = i;
  return c;
}

export function parseMany(input, { fields = false } = {}) {
  return Array.isArray(input) ? parseArray(input, fields) : parseText(input, fields);
}

const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));

// encode: the 11 digits from the value's 32-bit halves in Number arithmetic, one string built at the end.
export function encode(namespace, value) {
  if (typeof namespace !== 'string' || namespace.length !== 3 || !/^[A-Z]{3}$/.test(namespace))
    throw new RangeError('namespace');
  if (typeof value !== 'bigint' || value < 0n || value >= 1n << 63n) throw new RangeError('range');
  wide[0] = value;
  const hi = halves[1],
    lo = halves[0];
  // high3 = floor(value / 62^8), estimated in floating point and corrected by one either way.
  let high3 = Math.floor((hi * TWO_32 + lo) / P8);
  let low8 = (hi - high3 * P8_HIGH) * TWO_32 + (lo - high3 * P8_LOW);
  if (low8 < 0) {
    high3--;
    low8 += P8;
  } else if (low8 >= P8) {
    high3++;
    low8 -= P8;
  }
  const quad1 = Math.floor(low8 / 14776336),
    quad2 = low8 - quad1 * 14776336;
  const digit = (v, place) => CODES[Math.floor(v / place) % 62];
  return String.fromCharCode(
    namespace.charCodeAt(0),
    namespace.charCodeAt(1),
    namespace.charCodeAt(2),
    digit(high3, 3844),
    digit(high3, 62),
    digit(high3, 1),
    digit(quad1, 238328),
    digit(quad1, 3844),
    digit(quad1, 62),
    digit(quad1, 1),
    digit(quad2, 238328),
    digit(quad2, 3844),
    digit(quad2, 62),
    digit(quad2, 1),
  );
}

export { ERRORS };
