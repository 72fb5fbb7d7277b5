// The bad-input matrix: every malformed input the surfaces must refuse with a typed error, generated here
// and listed in cases.json (which the C++ runner reads; the Node runners import this module).
// Expected errors come from independent oracles written from docs/contract.md, never from the code under test.
//   node tests/matrix/cases.mjs --write    rewrites cases.json
//   node tests/matrix/cases.mjs --check    exits 1 when cases.json differs from what this module generates
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const VALID_ID = 'JOB0KHTOWnGLuC';
export const VALID_SNOWFLAKE = 274557032793636864n;
export const QUEUE = 'orders';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const MB = 1 << 20;

// ---- oracles (contract.md §1, §4, §6) ----

// The parse error class of some bytes, in the contract's order; null when they are a valid id.
export function parseError(bytes) {
  if (bytes.length !== 14) return 'length';
  for (let i = 0; i < 3; i++) if (bytes[i] < 0x41 || bytes[i] > 0x5a) return 'namespace';
  let value = 0n;
  for (let i = 3; i < 14; i++) {
    const digit = ALPHABET.indexOf(String.fromCharCode(bytes[i]));
    if (digit < 0 || bytes[i] > 0x7f) return 'charset';
    value = value * 62n + BigInt(digit);
  }
  return value >= 1n << 63n ? 'range' : null;
}

const nameByte = (b) =>
  (b >= 0x30 && b <= 0x39) ||
  (b >= 0x41 && b <= 0x5a) ||
  (b >= 0x61 && b <= 0x7a) ||
  b === 0x2e ||
  b === 0x5f ||
  b === 0x2d;
export function validQueue(bytes) {
  return (
    bytes.length >= 1 && bytes.length <= 128 && bytes.every(nameByte) && Buffer.from(bytes).toString('latin1') !== 'emq'
  );
}

export function validEntryId(bytes) {
  const text = Buffer.from(bytes).toString('latin1');
  const match = /^(0|[1-9][0-9]*)-(0|[1-9][0-9]*)$/.exec(text);
  return match !== null && BigInt(match[1]) < 1n << 64n && BigInt(match[2]) < 1n << 64n;
}

// ---- case construction ----

const hex = (buffer) => Buffer.from(buffer).toString('hex');
const ascii = (text) => Buffer.from(text, 'latin1');
const utf8 = (text) => Buffer.from(text, 'utf8');
const show = (b) => (b >= 0x21 && b <= 0x7e ? `${String.fromCharCode(b)}` : `0x${b.toString(16).padStart(2, '0')}`);

// A case's bytes: `hex`, or `repeat` (hex) `count` times followed by `tail` (hex).
export function bytesOf(c) {
  if (c.hex !== undefined) return Buffer.from(c.hex, 'hex');
  const unit = Buffer.from(c.repeat, 'hex');
  return Buffer.concat([Buffer.alloc(unit.length * c.count, unit), Buffer.from(c.tail, 'hex')]);
}

function idCase(name, bytes, why) {
  const error = parseError(bytes);
  if (error === null) throw new Error(`matrix: ${name} is a valid id`);
  return { family: 'id', name, why, hex: hex(bytes), error };
}

function withByte(position, byte) {
  const bytes = ascii(VALID_ID);
  bytes[position] = byte;
  return bytes;
}

function idLengths() {
  const cases = [];
  for (let n = 0; n <= 40; n++) {
    if (n === 14) continue;
    const text = n < 14 ? VALID_ID.slice(0, n) : VALID_ID + '0'.repeat(n - 14);
    cases.push(idCase(`length-${n}`, ascii(text), `${n} bytes`));
  }
  return cases;
}

// Every byte value at each position class: namespace first/last, payload first/last digit.
function idByteClasses() {
  const positions = { 'ns-first': 0, 'ns-last': 2, 'payload-first': 3, 'payload-last': 13 };
  const cases = [];
  for (const [where, position] of Object.entries(positions))
    for (let b = 0; b < 256; b++) {
      const bytes = withByte(position, b);
      if (parseError(bytes) !== null)
        cases.push(idCase(`byte-${b.toString(16).padStart(2, '0')}-${where}`, bytes, `${show(b)} at byte ${position}`));
    }
  return cases;
}

function idOverflows() {
  const payloads = [
    'AzL8n0Y58m8',
    'AzL8n0Y58m9',
    'AzL8n0Y58mA',
    'AzL8n0Y58mz',
    'AzL8n0Y58n0',
    'AzL8n0Y5900',
    'AzL8n0Z0000',
    'AzL90000000',
    'AzM00000000',
    'Azzzzzzzzzz',
    'B0000000000',
    'Z0000000000',
    'a0000000000',
    'zzzzzzzzzzz',
    'zL8n0Y58m7A',
  ];
  return payloads.map((p) =>
    idCase(`overflow-${p}`, ascii(`JOB${p}`), 'a well-formed payload >= 2^63: refused, never wrapped'),
  );
}

function idSpecials() {
  const list = [
    ['nul-only', Buffer.alloc(14), '14 NUL bytes'],
    ['nul-appended', Buffer.concat([ascii(VALID_ID), Buffer.alloc(1)]), 'a C terminator makes 15 bytes'],
    ['nul-prefixed', Buffer.concat([Buffer.alloc(1), ascii(VALID_ID)]), 'NUL before the id'],
    [
      'nul-middle-13',
      Buffer.concat([ascii(VALID_ID.slice(0, 7)), Buffer.alloc(1), ascii(VALID_ID.slice(8))]),
      'NUL replaces a digit',
    ],
    ['utf8-e-acute-15', utf8(`${VALID_ID.slice(0, 13)}é`), 'é is 2 bytes: 15 bytes'],
    ['utf8-e-acute-fits', utf8(`${VALID_ID.slice(0, 12)}é`), '13 characters, 14 bytes: charset'],
    ['utf8-namespace', utf8(`É${VALID_ID.slice(2)}`), 'É (2 bytes) in the namespace: 14 bytes'],
    ['utf8-cyrillic-o', utf8(`JОB${VALID_ID.slice(3, 13)}`), 'a Cyrillic О that looks like O'],
    ['utf8-fullwidth-digits', utf8(`JOB０KHTOWnGL`), 'fullwidth zero, 3 bytes'],
    ['utf8-emoji', utf8(`JOB0KHTOWnG😀`), 'a 4-byte emoji'],
    ['utf8-zero-width-space', utf8(`JOB0KHTOWn\u200bL`), 'U+200B hides inside the payload'],
    [
      'utf8-bom',
      Buffer.concat([Buffer.from('efbbbf', 'hex'), ascii(VALID_ID.slice(0, 11))]),
      'a byte-order mark first',
    ],
    [
      'utf8-overlong-nul',
      Buffer.concat([ascii(VALID_ID.slice(0, 12)), Buffer.from('c080', 'hex')]),
      'overlong NUL (invalid UTF-8)',
    ],
    [
      'utf8-lone-surrogate',
      Buffer.concat([ascii(VALID_ID.slice(0, 11)), Buffer.from('eda080', 'hex')]),
      'CESU surrogate (invalid UTF-8)',
    ],
    [
      'utf8-truncated',
      Buffer.concat([ascii(VALID_ID.slice(0, 13)), Buffer.from('e2', 'hex')]),
      'a cut multibyte sequence',
    ],
    ['latin1-high-bytes', Buffer.from('ff'.repeat(14), 'hex'), '14 x 0xFF'],
    ['leading-space', ascii(` ${VALID_ID}`), 'no trimming'],
    ['trailing-space', ascii(`${VALID_ID} `), 'no trimming'],
    ['trailing-lf', ascii(`${VALID_ID}\n`), 'no trimming'],
    ['trailing-crlf', ascii(`${VALID_ID}\r\n`), 'no trimming'],
    ['tab-inside', ascii(`JOB0KHT\tWnGLuC`), 'a tab replaces a digit'],
    ['quoted', ascii(`"${VALID_ID}"`), 'JSON quotes kept'],
    ['lowercase-namespace', ascii(`job${VALID_ID.slice(3)}`), 'no case folding'],
    ['mixed-case-namespace', ascii(`Job${VALID_ID.slice(3)}`), 'no case folding'],
    ['digit-namespace', ascii(`J0B${VALID_ID.slice(3)}`), 'a zero, not an O'],
    ['JOB-42', ascii('JOB-42'), 'passes the wire gate, refused by the host'],
    ['job-42', ascii('job-42'), 'a bare job number'],
    ['dash-14', ascii('JOB-0KHTOWnGLu'), 'a dash inside 14 bytes'],
    ['underscore-payload', ascii('JOB0KHTOWn_LuC'), '_ is outside the alphabet'],
    ['plus-payload', ascii('JOB0KHTOWn+LuC'), '+ (base64) is outside the alphabet'],
    ['slash-payload', ascii('JOB0KHTOWn/LuC'), '/ (base64) is outside the alphabet'],
    ['equals-padding', ascii('JOB0KHTOWnGLu='), 'base64 padding'],
    ['decimal-snowflake', ascii('274557032793636864'), 'the Snowflake in decimal'],
    ['hex-snowflake', ascii('0x3cf6b4b7a1800000'), 'the Snowflake in hex'],
    ['null-word', ascii('null'), 'a JSON null as text'],
    ['undefined-word', ascii('undefined'), 'JS undefined as text'],
    ['object-word', ascii('[object Object]'), 'an object stringified'],
    ['nan-word', ascii('NaN'), 'NaN as text'],
    ['percent-encoded', ascii('JOB0KHTOWnGL%75C'), 'URL-encoding is not decoded'],
    ['redis-glob', ascii('JOB0KHTOWnGLu*'), 'a glob star'],
    ['brace-payload', ascii('JOB0KHT{WnGL}C'), 'braces (a hashtag) inside the id'],
    ['colon-payload', ascii('JOB0KHT:WnGLuC'), 'a key separator inside the id'],
    ['resp-injection', ascii('JOB\r\n$3\r\nDEL\r\n'), 'RESP framing inside the id'],
    ['lua-injection', ascii("JOB') end --"), 'Lua quote inside the id'],
  ];
  return list.map(([name, bytes, why]) => idCase(name, bytes, why));
}

function idHuge() {
  const many = (text, count, tail = '') => ({ repeat: hex(ascii(text)), count, tail: hex(ascii(tail)) });
  const specs = [
    ['huge-1mb-A', many('A', MB), '1 MiB of A'],
    ['huge-1mb-ids', many(VALID_ID, Math.ceil(MB / 14)), 'a valid id repeated to 1 MiB'],
    ['huge-1mb-then-id', many('0', MB, VALID_ID), '1 MiB before a valid id'],
    ['huge-64kb-nul', { repeat: '00', count: 65536, tail: '' }, '64 KiB of NUL'],
  ];
  return specs.map(([name, spec, why]) => ({ family: 'id', name, why, ...spec, error: 'length' }));
}

function queueCases() {
  const cases = [];
  const add = (name, bytes, why) => {
    if (validQueue(bytes)) throw new Error(`matrix: queue ${name} is valid`);
    cases.push({ family: 'queue', name, why, hex: hex(bytes), error: 'queue' });
  };
  for (let b = 0; b < 256; b++)
    if (!nameByte(b))
      add(
        `queue-byte-${b.toString(16).padStart(2, '0')}`,
        ascii(`ord${String.fromCharCode(b)}ers`),
        `${show(b)} inside a queue name`,
      );
  add('queue-empty', ascii(''), 'empty');
  add('queue-129', ascii('q'.repeat(129)), 'one byte too long');
  add('queue-emq', ascii('emq'), 'reserved');
  add('queue-utf8', utf8('ördérs'), 'non-ASCII');
  add('queue-hashtag', ascii('{orders}'), 'braces would move the slot');
  add('queue-key-shaped', ascii('orders}:job:X'), 'a queue that closes the hashtag');
  cases.push({
    family: 'queue',
    name: 'queue-huge-1mb',
    why: '1 MiB',
    repeat: hex(ascii('q')),
    count: MB,
    tail: '',
    error: 'queue',
  });
  return cases;
}

function entryIdCases() {
  const texts = [
    '',
    '-',
    '0',
    '0-',
    '-0',
    '1-2-3',
    '01-0',
    '0-01',
    '+1-0',
    '1-+0',
    '-1-0',
    ' 1-0',
    '1-0 ',
    '1 -0',
    '1.0-0',
    '1e3-0',
    '0x10-0',
    '1_000-0',
    '18446744073709551616-0',
    '0-18446744073709551616',
    '99999999999999999999-0',
    '1781000000010-28672\n',
    '*',
    '$',
    '(1781000000010-0',
    '1781000000010',
    '-28672',
    '\u0000-0',
    '１-0',
    '1781000000010–28672',
  ];
  return texts.map((text, i) => {
    const bytes = utf8(text);
    if (validEntryId(bytes)) throw new Error(`matrix: entry id ${JSON.stringify(text)} is valid`);
    return { family: 'entry_id', name: `entry-id-${i}`, why: JSON.stringify(text), hex: hex(bytes), error: 'entry_id' };
  });
}

function namespaceCases() {
  const list = [
    '',
    'J',
    'JO',
    'JOBS',
    'job',
    'Job',
    'J0B',
    'JO ',
    ' JO',
    'JO\u0000',
    'J-B',
    'ÉOB',
    'JО',
    '@OB',
    '[OB',
    'JO`',
    'JO{',
  ];
  return list.map((text, i) => ({
    family: 'namespace',
    name: `namespace-${i}`,
    why: JSON.stringify(text),
    hex: hex(utf8(text)),
    error: 'namespace',
  }));
}

// Snowflakes no id can carry: 2^63 and above (decimal strings; the JSON list keeps them exact).
function snowflakeCases() {
  const values = [1n << 63n, (1n << 63n) + 1n, (1n << 64n) - 1n, 0xdeadbeefdeadbeefn];
  return values.map((v) => ({
    family: 'snowflake',
    name: `snowflake-${v}`,
    why: '>= 2^63',
    value: String(v),
    error: 'range',
  }));
}

function nodeCases() {
  return [1024, 1025, 4095, 65535, 2 ** 32 - 1].map((n) => ({
    family: 'node',
    name: `node-${n}`,
    why: 'outside 0-1023',
    value: n,
    error: 'node',
  }));
}

// Clock readings (ms) a minter must refuse: before the epoch or past the 41-bit horizon.
function clockCases() {
  return [0, -1, 1704067199999, 3903090455552, 2 ** 53 - 1].map((ms) => ({
    family: 'clock',
    name: `clock-${ms}`,
    why: 'outside the horizon',
    value: ms,
    error: 'range',
  }));
}

// [t0, t1) pairs no window exists for.
function windowCases() {
  const pairs = [
    [10, 10],
    [11, 10],
    [-1, 10],
    [-10, -5],
    [0, 0],
    [1781000000020, 1781000000010],
  ];
  return pairs.map(([t0, t1]) => ({
    family: 'window',
    name: `window-${t0}-${t1}`,
    why: 'not 0 <= t0 < t1',
    t0,
    t1,
    error: 'range',
  }));
}

// Malformed bridge frames (bridge/PROTOCOL.md): each is answered with its error code and the request's id
// (null when the id cannot be read), and nothing is written. Queue "demo" is in the default allowlist.
function frameCases() {
  const cases = [];
  const add = (name, frame, code, { id = null, reason, why = name } = {}) =>
    cases.push({
      family: 'frame',
      name: `frame-${name}`,
      why,
      frame,
      reply: { id, code, ...(reason ? { reason } : {}) },
    });
  const request = (fields) => JSON.stringify({ id: 7, ...fields });
  const enqueue = (fields) => request({ op: 'enqueue', queue: 'demo', job: VALID_ID, payload: 'p', ...fields });

  // Not a request at all: the id cannot be read.
  for (const [name, frame] of [
    ['empty', ''],
    ['space', ' '],
    ['null', 'null'],
    ['array', '[]'],
    ['string', '"hello"'],
    ['number', '42'],
    ['true', 'true'],
    ['open-brace', '{'],
    ['truncated', '{"id":1,"op":"hel'],
    ['trailing-comma', '{"id":1,}'],
    ['single-quotes', "{'id':1,'op':'hello'}"],
    ['trailing-garbage', '{"id":1,"op":"hello"}x'],
    ['two-objects', '{"id":1}{"id":2}'],
    ['nan', 'NaN'],
    ['undefined', 'undefined'],
    ['comment', '{"id":1,"op":"hello"} // hi'],
    ['bom', '\ufeff{"id":1,"op":"hello"}'],
    ['nul', '{"id":1,"op":"hello"}\u0000'],
    ['deep-nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ])
    add(name, frame, 'bad_request', { why: `not a JSON object: ${JSON.stringify(frame.slice(0, 40))}` });
  // Unreadable ids.
  for (const [name, id] of [
    ['missing', undefined],
    ['empty', ''],
    ['long', 'x'.repeat(129)],
    ['unsafe', 2 ** 53],
    ['negative-unsafe', -(2 ** 53)],
    ['fraction', 1.5],
    ['null', null],
    ['bool', true],
    ['object', {}],
    ['array', [1]],
  ])
    add(`id-${name}`, JSON.stringify({ id, op: 'hello' }), 'bad_request', { why: `request id ${JSON.stringify(id)}` });
  add('id-infinite', '{"id":1e400,"op":"hello"}', 'bad_request', { why: 'an id that parses to Infinity' });
  // A readable id, a bad shape: echoed id, bad_request.
  const shapes = [
    ['op-missing', request({})],
    ['op-empty', request({ op: '' })],
    ['op-case', request({ op: 'HELLO' })],
    ['op-unknown', request({ op: 'flushall' })],
    ['op-proto', request({ op: '__proto__' })],
    ['op-constructor', request({ op: 'constructor' })],
    ['op-tostring', request({ op: 'toString' })],
    ['op-number', request({ op: 5 })],
    ['op-null', request({ op: null })],
    ['unknown-field', request({ op: 'hello', extra: 1 })],
    ['proto-field', '{"id":7,"op":"hello","__proto__":{"x":1}}'],
    ['enqueue-no-queue', request({ op: 'enqueue', job: VALID_ID, payload: 'p' })],
    ['enqueue-no-job', request({ op: 'enqueue', queue: 'demo', payload: 'p' })],
    ['enqueue-id-not-job', request({ op: 'enqueue', queue: 'demo', id2: VALID_ID, payload: 'p' })],
    ['enqueue-queue-number', enqueue({ queue: 5 })],
    ['enqueue-job-number', enqueue({ job: 274557032793636864 })],
    ['enqueue-job-array', enqueue({ job: [VALID_ID] })],
    ['enqueue-payload-object', enqueue({ payload: { a: 1 } })],
    ['enqueue-payload-null', enqueue({ payload: null })],
    ['enqueue-executor-lua', enqueue({ executor: 'lua' })],
    ['enqueue-executor-number', enqueue({ executor: 1 })],
    ['enqueue-extra-field', enqueue({ state: 'done' })],
    ['many-items-missing', request({ op: 'enqueueMany', queue: 'demo' })],
    ['many-items-empty', request({ op: 'enqueueMany', queue: 'demo', items: [] })],
    ['many-items-object', request({ op: 'enqueueMany', queue: 'demo', items: { job: VALID_ID, payload: 'p' } })],
    ['many-item-string', request({ op: 'enqueueMany', queue: 'demo', items: [VALID_ID] })],
    ['many-item-extra', request({ op: 'enqueueMany', queue: 'demo', items: [{ job: VALID_ID, payload: 'p', x: 1 }] })],
    ['pending-limit-zero', request({ op: 'pending', queue: 'demo', limit: 0 })],
    ['pending-limit-negative', request({ op: 'pending', queue: 'demo', limit: -1 })],
    ['pending-limit-fraction', request({ op: 'pending', queue: 'demo', limit: 1.5 })],
    ['pending-limit-string', request({ op: 'pending', queue: 'demo', limit: '10' })],
    ['window-reversed', request({ op: 'streamWindow', queue: 'demo', stream: 'fills', t0: 20, t1: 10 })],
    ['window-empty', request({ op: 'streamWindow', queue: 'demo', stream: 'fills', t0: 10, t1: 10 })],
    ['window-negative', request({ op: 'streamWindow', queue: 'demo', stream: 'fills', t0: -1, t1: 10 })],
    ['window-past-horizon', request({ op: 'streamWindow', queue: 'demo', stream: 'fills', t0: 0, t1: 3903090455553 })],
    ['window-string-t0', request({ op: 'streamWindow', queue: 'demo', stream: 'fills', t0: '1', t1: 10 })],
    ['window-fraction', request({ op: 'streamWindow', queue: 'demo', stream: 'fills', t0: 1.5, t1: 10 })],
    ['seed-entries-zero', request({ op: 'streamSeed', queue: 'demo', stream: 'fills', entries: 0 })],
    ['seed-node-1024', request({ op: 'streamSeed', queue: 'demo', stream: 'fills', node: 1024 })],
    ['seed-node-negative', request({ op: 'streamSeed', queue: 'demo', stream: 'fills', node: -1 })],
    ['seed-perms-zero', request({ op: 'streamSeed', queue: 'demo', stream: 'fills', perMs: 0 })],
    ['seed-perms-4097', request({ op: 'streamSeed', queue: 'demo', stream: 'fills', perMs: 4097 })],
    ['seed-start-before-epoch', request({ op: 'streamSeed', queue: 'demo', stream: 'fills', startMs: 0 })],
    ['seed-start-past-horizon', request({ op: 'streamSeed', queue: 'demo', stream: 'fills', startMs: 3903090455551 })],
    ['gate-no-job', request({ op: 'gateCompare' })],
    ['gate-job-number', request({ op: 'gateCompare', job: 1 })],
    ['job-no-queue', request({ op: 'job', job: VALID_ID })],
  ];
  for (const [name, frame] of shapes) add(name, frame, 'bad_request', { id: 7 });
  // Names and ids that fail the host check: malformed, with the reason.
  const queues = [
    ['empty', ''],
    ['reserved', 'emq'],
    ['open-brace', 'a{b'],
    ['close-brace', 'a}b'],
    ['space', 'a b'],
    ['colon', 'a:b'],
    ['non-ascii', 'ördérs'],
    ['129', 'q'.repeat(129)],
    ['nul', 'a\u0000b'],
    ['newline', 'demo\n'],
  ];
  for (const [name, queue] of queues)
    add(`queue-${name}`, enqueue({ queue }), 'malformed', { id: 7, reason: 'queue', why: JSON.stringify(queue) });
  for (const [name, stream] of [
    ['empty', ''],
    ['brace', 'a{b'],
    ['65', 's'.repeat(65)],
    ['non-ascii', 'ströme'],
    ['colon', 'a:b'],
  ])
    add(`stream-${name}`, request({ op: 'streamWindow', queue: 'demo', stream, t0: 0, t1: 10 }), 'malformed', {
      id: 7,
      reason: 'stream',
      why: JSON.stringify(stream),
    });
  add('seed-stream-empty', request({ op: 'streamSeed', queue: 'demo', stream: '', entries: 1 }), 'malformed', {
    id: 7,
    reason: 'stream',
    why: 'a seed must not write under an empty stream name',
  });
  for (const [op, extra] of [
    ['enqueue', { queue: 'demo', payload: 'p' }],
    ['job', { queue: 'demo' }],
    ['gateCompare', {}],
  ])
    for (const id of [
      'job-42',
      'JOB-42',
      'JOB0KHTOWnGLu',
      'usr0KHTOWnGLuC',
      'JOB0KHTOWnGL!C',
      'JOBzzzzzzzzzzz',
      'JOB0KHTOWnGLé',
    ])
      add(`${op}-${id}`, request({ op, ...extra, job: id }), 'malformed', { id: 7, reason: parseError(utf8(id)) });
  add(
    'many-item-malformed',
    request({ op: 'enqueueMany', queue: 'demo', items: [{ job: 'job-42', payload: 'p' }] }),
    'ok',
    { id: 7, why: 'a batch whose only item fails the host check: answered per item, nothing sent' },
  );
  // Allowlist and limits.
  add('forbidden-queue', enqueue({ queue: 'orders' }), 'forbidden', { id: 7 });
  add('payload-4097', enqueue({ payload: 'x'.repeat(4097) }), 'too_large', { id: 7 });
  add('payload-multibyte', enqueue({ payload: 'é'.repeat(2049) }), 'too_large', {
    id: 7,
    why: '2049 characters, 4098 UTF-8 bytes',
  });
  add(
    'many-1001',
    request({
      op: 'enqueueMany',
      queue: 'demo',
      items: Array.from({ length: 1001 }, () => ({ job: 'job-42', payload: '' })),
    }),
    'too_large',
    { id: 7 },
  );
  add('pending-1001', request({ op: 'pending', queue: 'demo', limit: 1001 }), 'too_large', { id: 7 });
  add(
    'window-sample-101',
    request({ op: 'streamWindow', queue: 'demo', stream: 'fills', t0: 0, t1: 10, sample: 101 }),
    'too_large',
    { id: 7 },
  );
  add(
    'seed-entries-200001',
    request({ op: 'streamSeed', queue: 'demo', stream: 'fills', entries: 200001 }),
    'too_large',
    { id: 7 },
  );
  add('gate-payload-4097', request({ op: 'gateCompare', job: VALID_ID, payload: 'x'.repeat(4097) }), 'too_large', {
    id: 7,
  });
  return cases;
}

export function generate() {
  return [
    ...idLengths(),
    ...idByteClasses(),
    ...idOverflows(),
    ...idSpecials(),
    ...idHuge(),
    ...queueCases(),
    ...entryIdCases(),
    ...namespaceCases(),
    ...snowflakeCases(),
    ...nodeCases(),
    ...clockCases(),
    ...windowCases(),
    ...frameCases(),
  ];
}

export const LISTED = join(dirname(fileURLToPath(import.meta.url)), 'cases.json');
// One case per line, so a diff of the listing reads case by case.
const listing = (cases) =>
  `{"count":${cases.length},"cases":[\n${cases.map((c) => JSON.stringify(c)).join(',\n')}\n]}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = listing(generate());
  if (process.argv[2] === '--write') {
    writeFileSync(LISTED, text);
    console.log(`matrix: wrote ${LISTED}`);
  } else if (process.argv[2] === '--check') {
    if (readFileSync(LISTED, 'utf8') !== text) {
      console.error('matrix: cases.json is stale; run node tests/matrix/cases.mjs --write');
      process.exit(1);
    }
  } else {
    console.error('usage: node tests/matrix/cases.mjs --write | --check');
    process.exit(2);
  }
}
