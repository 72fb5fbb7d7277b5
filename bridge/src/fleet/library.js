// The bridge's own Functions library, `branded_limits`: the budgets a fleet of bridges shares, kept in Valkey.
// An administrator loads it once beside the connector's (branded-bridge --print-limit-functions | valkey-cli -x
// FUNCTION LOAD REPLACE); the bridge calls it with FCALL, so its user runs no script of its own. Each client's
// buckets and connection leases live in one hash under its own hash tag (a cluster spreads them), the
// bridge-wide ones in `emq:limit:{bridge}:limits`; time is the server's (TIME), so bridges whose clocks differ
// agree; every key expires once its buckets are full again and its leases are over.

export const LIMITS_LIBRARY_NAME = 'branded_limits';
/** The functions, by what they do. */
export const LIMITS_FUNCTIONS = Object.freeze({
  charge: 'emq_limits_charge',
  chargeMany: 'emq_limits_charge_many',
  place: 'emq_limits_place',
  space: 'emq_limits_space',
  seedRoom: 'emq_limits_seed_room',
  seedPut: 'emq_limits_seed_put',
});
/** The key prefix of every limit key: the ACL's pattern. */
export const LIMIT_KEY_PREFIX = 'emq:limit:';
/** The hash of one client's buckets and leases (`client` is clients.js clientKey: holds no braces). */
export const clientLimitKey = (client) => `${LIMIT_KEY_PREFIX}{${client}}:limits`;
/** The hash of the bridge-wide buckets (--budget, --window-entries) and the seed interval. */
export const BRIDGE_LIMIT_KEY = `${LIMIT_KEY_PREFIX}{bridge}:limits`;
/** The hash of the seeded streams alive, for --seed-bytes (stream key → holder, bytes, until). */
export const SEED_LEDGER_KEY = `${LIMIT_KEY_PREFIX}{bridge}:seeds`;

// Shared helpers: the server's clock in ms, a hash as a table, and the key's expiry from what it holds (the
// latest `:until`: of its buckets (when the last is full again), of a lease or of an interval; the key goes when
// that is past, give or take the millisecond its stored time is rounded to).
const HELPERS = `
local function clock()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
end

local function fields(key)
  local flat = redis.call('HGETALL', key)
  local map = {}
  for i = 1, #flat, 2 do map[flat[i]] = flat[i + 1] end
  return map
end

local function keep(key, map, now)
  local last = now
  for name, value in pairs(map) do
    if string.sub(name, -6) == ':until' then
      local t = tonumber(value)
      if t ~= nil and t > last then last = t end
    end
  end
  if last <= now + 1 then
    redis.call('DEL', key)
  else
    redis.call('EXPIRE', key, math.ceil((last - now) / 1000) + 1)
  end
end

local function store(key, map, pairs_)
  redis.call('HSET', key, unpack(pairs_))
  for i = 1, #pairs_, 2 do map[pairs_[i]] = pairs_[i + 1] end
end

-- ARGV from \`first\`: (name, rate per second, capacity, delta) per bucket. Each bucket refills at its rate up to
-- its capacity, then gives \`delta\` (a charge: it may go into debt, repaid as it refills; a negative delta gives
-- back). Every call names all of a key's buckets, so \`buckets:until\` is when the last is full again.
-- Appends each bucket's tokens after, as strings, to \`out\`; nil, or an error reply.
local function buckets(key, map, now, args, first, out)
  local writes = {}
  local last = now
  for i = first, #args, 4 do
    local name = args[i]
    local rate, cap, delta = tonumber(args[i + 1]), tonumber(args[i + 2]), tonumber(args[i + 3])
    if rate == nil or cap == nil or delta == nil or rate <= 0 or cap <= 0 then
      return redis.error_reply('ERR branded_limits: bucket ' .. tostring(name) .. ' wants a rate, a capacity and a delta')
    end
    local v = tonumber(map[name .. ':v'] or '') or cap
    local t = tonumber(map[name .. ':t'] or '') or now
    v = math.min(cap, math.min(cap, v + math.max(0, now - t) / 1000 * rate) - delta)
    last = math.max(last, now + (cap - v) / rate * 1000)
    for _, item in ipairs({name .. ':v', tostring(v), name .. ':t', tostring(now)}) do
      writes[#writes + 1] = item
    end
    out[#out + 1] = tostring(v)
  end
  if #writes > 0 then
    writes[#writes + 1] = 'buckets:until'
    writes[#writes + 1] = tostring(last)
    store(key, map, writes)
  end
  return nil
end
`;

// ARGV: the buckets (see buckets). Returns each bucket's tokens after, as strings.
const CHARGE = `
local function charge(keys, args)
  local key = keys[1]
  local now = clock()
  local map = fields(key)
  local out = {}
  local failed = buckets(key, map, now, args, 1, out)
  if failed ~= nil then return failed end
  keep(key, map, now)
  return out
end
`;

// KEYS: several groups' keys (one node's: a standalone Valkey). ARGV: for each key, its count of buckets, then
// its buckets (see buckets). Returns every bucket's tokens after, key after key.
const CHARGE_MANY = `
local function charge_many(keys, args)
  local now = clock()
  local out = {}
  local at = 1
  for k = 1, #keys do
    local n = tonumber(args[at])
    if n == nil then return redis.error_reply('ERR branded_limits: a count of buckets per key') end
    local mine = {}
    for j = 1, n * 4 do mine[j] = args[at + j] end
    at = at + 1 + n * 4
    local map = fields(keys[k])
    local failed = buckets(keys[k], map, now, mine, 1, out)
    if failed ~= nil then return failed end
    keep(keys[k], map, now)
  end
  return out
end
`;

// ARGV: kind (conn: WebSockets, mint: minting leases), bridge id, action (take | release | hold), cap, lease ms,
// count (hold), then buckets to charge with it (see buckets). Each bridge holds a count of the client's places
// of a kind under a lease it renews; a lapsed lease (a bridge gone) counts for nothing, and a count of 0 keeps
// nothing. take grants one more unless the live total is at the cap. Returns {granted (1|0), the live total,
// each bucket's tokens after}.
const PLACE = `
local function place(keys, args)
  local key, kind, bridge, action = keys[1], args[1], args[2], args[3]
  local cap, lease, count = tonumber(args[4]), tonumber(args[5]), tonumber(args[6])
  if kind ~= 'conn' and kind ~= 'mint' then
    return redis.error_reply('ERR branded_limits: a kind of place, conn or mint')
  end
  local now = clock()
  local map = fields(key)
  local others = 0
  for name, value in pairs(map) do
    local holder = string.match(name, '^' .. kind .. ':(.+):n$')
    if holder ~= nil and holder ~= bridge and (tonumber(map[kind .. ':' .. holder .. ':until'] or '0') or 0) > now then
      others = others + (tonumber(value) or 0)
    end
  end
  local mine = tonumber(map[kind .. ':' .. bridge .. ':n'] or '0') or 0
  local granted = 1
  if action == 'take' then
    if others + mine >= cap then granted = 0 else mine = mine + 1 end
  elseif action == 'release' then
    mine = math.max(0, mine - 1)
  else
    mine = count
  end
  local until_ = now
  if mine > 0 then until_ = now + lease end
  store(key, map, {kind .. ':' .. bridge .. ':n', tostring(mine), kind .. ':' .. bridge .. ':until', tostring(until_)})
  local out = {granted, others + mine}
  local failed = buckets(key, map, now, args, 7, out)
  if failed ~= nil then return failed end
  keep(key, map, now)
  return out
end
`;

// ARGV: name, interval ms. Grants a start at least `interval` after the last granted one: '0', or else the
// milliseconds to wait, as a string.
const SPACE = `
local function space(keys, args)
  local key, name, interval = keys[1], args[1], tonumber(args[2])
  local now = clock()
  local map = fields(key)
  local next_start = tonumber(map[name .. ':until'] or '0') or 0
  if next_start > now then return tostring(next_start - now) end
  store(key, map, {name .. ':until', tostring(now + interval)})
  keep(key, map, now)
  return '0'
end
`;

// The seeded streams alive (--seed-bytes), one field per stream key: `holder<TAB>bytes<TAB>until` (ms, the
// server's clock). Read with the lapsed ones left out, written back whole (the user has no HDEL), and kept
// until the last lapses.
const SEED_HELPERS = `
local function seed_entries(key, now)
  local flat = redis.call('HGETALL', key)
  local entries = {}
  for i = 1, #flat, 2 do
    local holder, bytes, until_ = string.match(flat[i + 1], '^(.*)\t(%d+)\t([%d.]+)$')
    if holder ~= nil and tonumber(until_) > now then
      entries[flat[i]] = {holder = holder, bytes = tonumber(bytes), until_ = tonumber(until_)}
    end
  end
  return entries
end

local function seed_value(e)
  return e.holder .. '\t' .. string.format('%d', e.bytes) .. '\t' .. string.format('%.3f', e.until_)
end

local function seed_store(key, entries, now)
  redis.call('DEL', key)
  local writes = {}
  local last = now
  for stream, e in pairs(entries) do
    writes[#writes + 1] = stream
    writes[#writes + 1] = seed_value(e)
    if e.until_ > last then last = e.until_ end
  end
  if #writes == 0 then return end
  redis.call('HSET', key, unpack(writes))
  redis.call('EXPIRE', key, math.ceil((last - now) / 1000) + 1)
end
`;

// KEYS: the ledger. ARGV: holder, stream key, bytes, limit, ttl ms. Room for `bytes` more by `holder` (the
// stream it replaces freed first): while the total would pass the limit, the oldest stream of the heaviest
// other holder goes, if that holder holds more than `holder` would (else a refusal, nothing changed). On room,
// the stream is recorded at once, so bridges seeding together cannot pass the limit together. Returns {1, the
// replaced stream's entry or '', the victims' keys...} or {0}.
const SEED_ROOM = `
local function seed_room(keys, args)
  local key, holder, stream = keys[1], args[1], args[2]
  local bytes, limit, ttl = tonumber(args[3]), tonumber(args[4]), tonumber(args[5])
  local now = clock()
  local entries = seed_entries(key, now)
  local total, held = 0, 0
  for _, e in pairs(entries) do
    total = total + e.bytes
    if e.holder == holder then held = held + e.bytes end
  end
  local replaced = entries[stream]
  local previous, freed = '', 0
  if replaced ~= nil then previous, freed = seed_value(replaced), replaced.bytes end
  local mine = held - freed + bytes
  local free = limit - total + freed
  local taken = {[stream] = true}
  local victims = {}
  while free < bytes do
    local heavy = {}
    for k, e in pairs(entries) do
      if not taken[k] and e.holder ~= holder then heavy[e.holder] = (heavy[e.holder] or 0) + e.bytes end
    end
    local victim, most = nil, 0
    for h, sum in pairs(heavy) do
      if victim == nil or sum > most or (sum == most and h < victim) then victim, most = h, sum end
    end
    if victim == nil or most <= mine then return {0} end
    local oldest, first = nil, nil
    for k, e in pairs(entries) do
      if e.holder == victim and not taken[k] and (first == nil or e.until_ < first.until_ or (e.until_ == first.until_ and k < oldest)) then
        oldest, first = k, e
      end
    end
    taken[oldest] = true
    victims[#victims + 1] = oldest
    free = free + first.bytes
  end
  for _, k in ipairs(victims) do entries[k] = nil end
  entries[stream] = {holder = holder, bytes = bytes, until_ = now + ttl}
  seed_store(key, entries, now)
  local out = {1, previous}
  for _, k in ipairs(victims) do out[#out + 1] = k end
  return out
end
`;

// KEYS: the ledger. ARGV: stream key, then 'record', holder, bytes, ttl ms (a seed done: its entry lives a TTL
// from now) or 'restore', an entry seed_room answered ('' for none: a seed that failed gives its room back).
const SEED_PUT = `
local function seed_put(keys, args)
  local key, stream, mode = keys[1], args[1], args[2]
  local now = clock()
  local entries = seed_entries(key, now)
  if mode == 'record' then
    entries[stream] = {holder = args[3], bytes = tonumber(args[4]), until_ = now + tonumber(args[5])}
  elseif args[3] == '' then
    entries[stream] = nil
  else
    local holder, bytes, until_ = string.match(args[3], '^(.*)\t(%d+)\t([%d.]+)$')
    entries[stream] = {holder = holder, bytes = tonumber(bytes), until_ = tonumber(until_)}
    if entries[stream].until_ <= now then entries[stream] = nil end
  end
  seed_store(key, entries, now)
  return 1
end
`;

/** The library's source, for FUNCTION LOAD REPLACE. */
export const LIMITS_LIBRARY_CODE = [
  `#!lua name=${LIMITS_LIBRARY_NAME}`,
  HELPERS,
  CHARGE,
  CHARGE_MANY,
  PLACE,
  SPACE,
  SEED_HELPERS,
  SEED_ROOM,
  SEED_PUT,
  `redis.register_function{function_name='${LIMITS_FUNCTIONS.charge}', callback=charge}`,
  `redis.register_function{function_name='${LIMITS_FUNCTIONS.chargeMany}', callback=charge_many}`,
  `redis.register_function{function_name='${LIMITS_FUNCTIONS.place}', callback=place}`,
  `redis.register_function{function_name='${LIMITS_FUNCTIONS.space}', callback=space}`,
  `redis.register_function{function_name='${LIMITS_FUNCTIONS.seedRoom}', callback=seed_room}`,
  `redis.register_function{function_name='${LIMITS_FUNCTIONS.seedPut}', callback=seed_put}`,
  '',
].join('\n');

/**
 * Loads (or replaces) the library on a node (FUNCTION LOAD REPLACE: an administrator's command); on a cluster,
 * on every primary. Resolves its name.
 */
export async function loadLimitsLibrary(client) {
  const name = await client.call('FUNCTION', 'LOAD', 'REPLACE', LIMITS_LIBRARY_CODE);
  if (name !== LIMITS_LIBRARY_NAME) throw new Error(`FUNCTION LOAD answered ${JSON.stringify(name)}`);
  return name;
}
