// The Valkey releases that predate the fixes for the 2025 Lua scripting CVEs: a use-after-free in the parser
// (CVE-2025-49844), an integer overflow in unpack (CVE-2025-46817), basic types' metatables shared across
// users (CVE-2025-46818) and an out-of-bounds read in the lexer (CVE-2025-46819). Fixed in 7.2.11, 8.0.6, 8.1.4
// and every later release line (9.0 on).
export const LUA_CVES = Object.freeze(['CVE-2025-49844', 'CVE-2025-46817', 'CVE-2025-46818', 'CVE-2025-46819']);
const FIXED_IN = { 7.2: 11, '8.0': 6, 8.1: 4 };

/** The CVEs a server of `version` (`8.0.1`) is open to: LUA_CVES, or none; none when the version is unknown. */
export function advisories(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version ?? '');
  if (match === null) return [];
  const [major, minor, patch] = match.slice(1).map(Number);
  const line = `${major}.${minor}`;
  if (line in FIXED_IN) return patch < FIXED_IN[line] ? [...LUA_CVES] : [];
  return major < 8 && !(major === 7 && minor > 2) ? [...LUA_CVES] : [];
}
