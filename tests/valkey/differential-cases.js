// The cases of the executor differential (differential.test.js): named edge cases and seeded random ones,
// each a job id, a payload, what the row and the pending keys hold beforehand, and how the call is sent.
// expectedOutcome() is the transition as contract.md §5 words it, written from the contract, not from either executor.
import { encode, FENCE_KEY, FENCE_VALUE, KIND_REFUSAL } from '@echomq/branded';

export const MEGABYTE = 1024 * 1024;
const EXPIRING_MS = 600_000;
const b = (text) => Buffer.from(text, 'latin1');

// What a key holds before the call: a type, and whether it has no TTL, an expired one or a future one.
export const ROW_TYPES = ['none', 'hash', 'string', 'list', 'set', 'zset', 'stream'];
export const PENDING_TYPES = [
  'none',
  'zset',
  'zset-with-id',
  'zset-with-id-scored',
  'string',
  'list',
  'hash',
  'set',
  'stream',
];
export const TTLS = ['persistent', 'expired', 'expiring'];
export const MODES = ['once', 'twice', 'multi'];

export const jobKeyOf = (queue, id) => Buffer.concat([b(`emq:{${queue}}:job:`), id]);
export const pendingKeyOf = (queue) => b(`emq:{${queue}}:pending`);

/** A small seeded generator (mulberry32): the same seed gives the same cases on every machine. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (items) => items[int(items.length)];
  const bytes = (n) => Buffer.from(Array.from({ length: n }, () => int(256)));
  return { next, int, pick, bytes };
}

// Bytes a key or an id should survive: NUL, 0xFF, braces, colons, CR, LF, space, quote, and UTF-8 sequences.
const HOSTILE = [
  b('\0'),
  b('\xff'),
  b('{'),
  b('}'),
  b(':'),
  b('\r'),
  b('\n'),
  b(' '),
  b('"'),
  Buffer.from('é€😀'),
  Buffer.from([0xc3]),
  b('A'),
  b('z'),
  b('9'),
  b('-'),
];

function hostileBytes(random, length) {
  const parts = [];
  let size = 0;
  while (size < length) {
    const part = random.pick(HOSTILE);
    parts.push(part);
    size += part.length;
  }
  return Buffer.concat(parts).subarray(0, length);
}

const SNOWFLAKE_LIMIT = 2n ** 63n;
const randomSnowflake = (random) =>
  (BigInt(random.int(2 ** 31)) * 2n ** 32n + BigInt(random.int(2 ** 32))) % SNOWFLAKE_LIMIT;

function randomId(random) {
  const roll = random.next();
  if (roll < 0.4) return b(encode('JOB', randomSnowflake(random)));
  if (roll < 0.5) return b(encode(random.pick(['USR', 'ORD', 'JOC', 'AOB']), randomSnowflake(random)));
  if (roll < 0.6) return b(`JOB-${random.int(100000)}`);
  if (roll < 0.7) return b(random.pick(['', 'J', 'JO', 'JOB', 'job', 'jOB', 'JOBJOB', 'JOB0', ' JOB']));
  const body = hostileBytes(random, random.int(21));
  return random.next() < 0.5 ? Buffer.concat([b('JOB'), body]).subarray(0, Math.max(3, body.length)) : body;
}

function randomPayload(random) {
  const roll = random.next();
  if (roll < 0.1) return Buffer.alloc(0);
  if (roll < 0.5) return b(`{"n":${random.int(1e9)}}`);
  if (roll < 0.9) return random.bytes(random.int(300));
  return random.bytes(1000 + random.int(4000));
}

// Types in a collision are drawn half the time, so every type meets every type often.
function randomState(random, types) {
  const type = random.next() < 0.5 ? types[0] : random.pick(types);
  return { type, ttl: type === 'none' ? 'persistent' : random.pick(TTLS) };
}

function randomCase(random, index, oom) {
  const mode = random.next() < 0.7 ? 'once' : random.pick(MODES);
  return {
    name: `${oom ? 'oom ' : ''}seeded #${index}`,
    id: randomId(random),
    payload: randomPayload(random),
    row: randomState(random, ROW_TYPES),
    pending: randomState(random, PENDING_TYPES),
    mode,
    oom,
  };
}

/** `count` seeded random cases, then `oomCount` more that run with the server over maxmemory. */
export function seededCases(seed, count, oomCount) {
  const random = seededRandom(seed);
  const cases = [];
  for (let i = 0; i < count; i++) cases.push(randomCase(random, i, false));
  for (let i = 0; i < oomCount; i++) cases.push(randomCase(random, i, true));
  return cases;
}

const plain = { type: 'none', ttl: 'persistent' };
const VALID = b('JOB0KHTOWnGLuC');

/** The named edge cases of the issue, each through both executors. */
export function namedCases() {
  const cases = [];
  const add = (name, fields) =>
    cases.push({ name, id: VALID, payload: b('p'), row: plain, pending: plain, mode: 'once', oom: false, ...fields });
  for (let length = 0; length <= 20; length++) {
    add(`id of length ${length} (JOB prefix)`, { id: b(`JOB${'0KHTOWnGLuCxyzABCDEF'}`.slice(0, length)) });
    add(`id of length ${length} (hostile bytes)`, { id: hostileBytes(seededRandom(length), length) });
  }
  add('id of 1 MB (JOB prefix)', { id: Buffer.concat([b('JOB'), Buffer.alloc(MEGABYTE, 0x61)]) });
  add('id of 1 MB (USR prefix)', { id: Buffer.concat([b('USR'), Buffer.alloc(MEGABYTE, 0x61)]) });
  for (const [label, bytes] of [
    ['NUL', '\0'],
    ['0xFF', '\xff'],
    ['braces', '{}'],
    ['colons', '::'],
    ['CR', '\r'],
    ['LF', '\n'],
    ['CRLF', '\r\n'],
  ]) {
    add(`id with ${label}`, { id: b(`JOB${bytes}0KHTOWnG`) });
    add(`id starting with ${label}`, { id: b(`${bytes}JOB0KHTOWnG`) });
  }
  add('id with UTF-8', { id: Buffer.from('JOBé€😀') });
  add('id JOB-42 (passes the wire gate)', { id: b('JOB-42') });
  add('id USR0KHTOWnGLuC (refused)', { id: b('USR0KHTOWnGLuC') });
  add('id job0KHTOWnGLuC (lowercase, refused)', { id: b('job0KHTOWnGLuC') });
  add('empty payload', { payload: Buffer.alloc(0) });
  add('binary payload (every byte)', { payload: Buffer.from(Array.from({ length: 256 }, (_, i) => i)) });
  add('1 MB payload', { payload: seededRandom(7).bytes(MEGABYTE) });
  add('duplicate: sent twice', { mode: 'twice' });
  add('duplicate: in one MULTI', { mode: 'multi' });
  for (const ttl of TTLS) {
    for (const type of ROW_TYPES.slice(1)) add(`row key holds a ${type} (${ttl})`, { row: { type, ttl } });
    for (const type of PENDING_TYPES.slice(1)) add(`pending key holds a ${type} (${ttl})`, { pending: { type, ttl } });
    for (const type of PENDING_TYPES.slice(1)) {
      add(`pending key holds a ${type} (${ttl}), sent twice`, { pending: { type, ttl }, mode: 'twice' });
      add(`pending key holds a ${type} (${ttl}), in MULTI`, { pending: { type, ttl }, mode: 'multi' });
    }
  }
  for (const id of [VALID, b('USR0KHTOWnGLuC')]) {
    const label = id.toString('latin1');
    add(`maxmemory: ${label}, new`, { id, oom: true });
    add(`maxmemory: ${label}, row exists`, { id, oom: true, row: { type: 'hash', ttl: 'persistent' } });
    add(`maxmemory: ${label}, row expired`, { id, oom: true, row: { type: 'hash', ttl: 'expired' } });
    add(`maxmemory: ${label}, pending a string`, { id, oom: true, pending: { type: 'string', ttl: 'persistent' } });
    add(`maxmemory: ${label}, in MULTI`, { id, oom: true, mode: 'multi' });
  }
  return cases;
}

// The commands that put a key in its state (after it was absent). Members and fields never equal the id,
// except in the zset-with-id states.
export function setupCommands(key, state, id) {
  const commands = {
    none: [],
    hash: [['HSET', key, 'state', 'done', 'attempts', '3', 'payload', 'old']],
    string: [['SET', key, 'not a job']],
    list: [['RPUSH', key, 'a', 'b']],
    set: [['SADD', key, 'a']],
    zset: [['ZADD', key, '1', '\0other']],
    'zset-with-id': [['ZADD', key, '0', id, '2', '\0other']],
    'zset-with-id-scored': [['ZADD', key, '5', id]],
    stream: [['XADD', key, '1-1', 'f', 'v']],
  }[state.type];
  if (state.ttl === 'expired') commands.push(['PEXPIRE', key, '1']);
  if (state.ttl === 'expiring') commands.push(['PEXPIRE', key, String(EXPIRING_MS)]);
  return commands;
}

const live = (state) => state.type !== 'none' && state.ttl !== 'expired';
const baseType = (type) => (type.startsWith('zset') ? 'zset' : type);

/**
 * What one call must do, from the contract: the verdict (the first call's; a second call or a second in
 * MULTI answers 0 once the first wrote) and what each key holds afterwards, for each executor.
 * The one place they differ by design: a pending key of another type when the row is absent. The script
 * writes the row and then fails at ZADD; the module refuses before writing (WRONGTYPE, no row).
 */
export function expectedOutcome(c) {
  const admitted = c.id.subarray(0, 3).equals(b('JOB'));
  if (!admitted) return { reply: { error: KIND_REFUSAL }, writes: false, collision: false };
  if (live(c.row)) return { reply: 0, writes: false, collision: false };
  if (c.oom)
    return {
      reply: { error: "OOM command not allowed when used memory > 'maxmemory'." },
      writes: false,
      collision: false,
    };
  if (live(c.pending) && baseType(c.pending.type) !== 'zset') {
    return {
      reply: { error: 'WRONGTYPE Operation against a key holding the wrong kind of value' },
      writes: false,
      collision: true,
    };
  }
  return { reply: 1, writes: true, collision: false };
}

/** The type a key reports after the call (TYPE), when it was left untouched. */
export const untouchedType = (state) => (live(state) ? baseType(state.type) : 'none');

/** The fence states the fence phase runs through; the script does not read the fence. */
export const FENCE_STATES = [
  { name: 'absent', setup: [['DEL', FENCE_KEY]], admits: false },
  { name: 'foreign', setup: [['SET', FENCE_KEY, 'echomq:3.0.0']], admits: false },
  { name: 'empty', setup: [['SET', FENCE_KEY, '']], admits: false },
  {
    name: 'a hash',
    setup: [
      ['DEL', FENCE_KEY],
      ['HSET', FENCE_KEY, 'version', FENCE_VALUE],
    ],
    admits: false,
  },
  {
    name: 'a list',
    setup: [
      ['DEL', FENCE_KEY],
      ['RPUSH', FENCE_KEY, FENCE_VALUE],
    ],
    admits: false,
  },
  { name: 'expired', setup: [['SET', FENCE_KEY, FENCE_VALUE, 'PX', '1']], admits: false },
  { name: 'expiring (still valid)', setup: [['SET', FENCE_KEY, FENCE_VALUE, 'PX', String(EXPIRING_MS)]], admits: true },
];

// What both differentials (one node, a cluster) compare with.
/** How far apart two TTLs set by the two executors may be. */
export const TTL_TOLERANCE_MS = 10_000;
/** valkey-server arguments for DEBUG DIGEST. */
export const DEBUG = ['--enable-debug-command', 'local'];
// The script's errors from redis.call carry where they came from (Valkey 9 leaves the script's SHA1 out); the
// rest of the text is the server's own.
/** The script's location at the end of an error raised in it. */
export const SCRIPT_LOCATION = / script: (?:[0-9a-f]{40}, )?on @user_script:\d+\.$/;
/** Equal as JSON. */
export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
/** Equal bytes, or both absent. */
export const bytesEqual = (a, b) => (a === null || b === null ? a === b : a.equals(b));
/** A PTTL as the differentials compare it: any positive TTL alike. */
export const ttlClass = (pttl) => (pttl > 0 ? 'ttl' : pttl);

/** A key's type, PTTL and DUMP bytes. */
export async function readKey(client, key) {
  const [type, pttl, dump] = await Promise.all([client.type(key), client.pttl(key), client.dumpBuffer(key)]);
  return { type, pttl, dump };
}
