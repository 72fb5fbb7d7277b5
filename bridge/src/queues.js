// The queue allowlist: comma-separated globs where `*` (at most one per glob) matches a run of up to
// STAR_BYTES name bytes and `?` exactly one: the bridge's Valkey user may touch exactly those queues' keys
// (acl.js spells each length out). Queue-name validity itself is the package's (contract.md §4); this only
// decides which valid names are served.
import { LIMITS } from './limits.js';
/** The most bytes a glob's `*` matches in a served queue's name. */
export const STAR_BYTES = LIMITS.starBytes;
const GLOB = /^[A-Za-z0-9._*?-]{1,128}$/;

/** The globs of a comma-separated list; throws an Error for an empty list or a byte a glob may not hold. */
export function parseGlobs(text) {
  const globs = text
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
  if (globs.length === 0) throw new Error('the queue allowlist is empty');
  for (const glob of globs) {
    if (!GLOB.test(glob)) throw new Error(`bad queue glob ${JSON.stringify(glob)}: use A-Z a-z 0-9 . _ - * ?`);
    if (glob.split('*').length > 2) throw new Error(`bad queue glob ${JSON.stringify(glob)}: at most one *`);
  }
  return globs;
}

/** The allowlist of `globs`: allows(queue) when a glob matches the whole name. */
export function createAllowlist(globs) {
  const patterns = globs.map(
    (glob) => new RegExp(`^${glob.replace(/\./g, '\\.').replace(/\*/g, `.{0,${STAR_BYTES}}`).replace(/\?/g, '.')}$`),
  );
  return { globs, allows: (queue) => patterns.some((p) => p.test(queue)) };
}
