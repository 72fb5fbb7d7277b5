// A time to live on many keys in one round trip: one call per EXPIRE_CHUNK keys instead of one EXPIRE command
// apiece (each command costs iovalkey a promise and a parse; bench/README.md). Every key of a call lives in
// one hash slot (one queue's keys), as a script's keys must.
import { LIBRARY_FUNCTIONS, runScript } from './calls.js';

/** The script: EXPIRE KEYS[i] ARGV[1] for every key; answers how many keys it was given. */
export const EXPIRE_SCRIPT = `for i = 1, #KEYS do redis.call('EXPIRE', KEYS[i], ARGV[1]) end
return #KEYS`;
// Few enough keys that the server, which runs a script whole, is not held for long.
export const EXPIRE_CHUNK = 128;

/**
 * Sets `seconds` of TTL on `keys` (of one hash slot), EXPIRE_CHUNK at a time, through the library
 * (`functions`) or EVAL; resolves once every call has answered.
 */
export async function expireKeys(client, keys, seconds, { functions }) {
  const calls = [];
  for (let from = 0; from < keys.length; from += EXPIRE_CHUNK) {
    const chunk = keys.slice(from, from + EXPIRE_CHUNK);
    calls.push(runScript(client, functions, LIBRARY_FUNCTIONS.expire, EXPIRE_SCRIPT, chunk, [seconds]));
  }
  await Promise.all(calls);
}
