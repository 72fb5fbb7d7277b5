// Shared by the Node runners of the bad-input matrix: the cases (from the generator), their bytes as the
// text a JS caller can hold, and the rule for a surface that has not landed yet.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { bytesOf, generate, parseError, VALID_ID } from './cases.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CASES = generate();
export const family = (name) => CASES.filter((c) => c.family === name);
export { bytesOf, parseError, VALID_ID };

// ignoreBOM keeps a leading byte-order mark as a character instead of dropping it.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// The JS string for a case: its bytes decoded as UTF-8 when they are UTF-8, else one character per byte
// (latin1). Either way the contract judges the string's UTF-8 bytes, so the expected error is recomputed
// from those (`error`), and `exact` says whether they are the case's own bytes.
export function asText(c) {
  const bytes = bytesOf(c);
  let text;
  let exact = true;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    text = bytes.toString('latin1');
    exact = false;
  }
  return { text, exact, bytes: Buffer.from(text, 'utf8') };
}

// Whether a surface's files exist; when they do not, says so loudly and returns false (the caller skips).
export function surfacePresent(surface, ...paths) {
  const missing = paths.filter((p) => !existsSync(join(ROOT, p)));
  if (missing.length === 0) return true;
  const line = `!!! MATRIX SURFACE SKIPPED: ${surface}: not built yet (missing ${missing.join(', ')})`;
  console.log(`${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}`);
  return false;
}

// Runs check(c) for every case and returns the failures as readable lines (empty when all pass), so one
// assertion reports every case that broke rather than only the first.
export function failures(cases, check) {
  const out = [];
  for (const c of cases) {
    try {
      const problem = check(c);
      if (problem) out.push(`${c.name}: ${problem}`);
    } catch (error) {
      out.push(`${c.name}: threw ${error?.name}: ${error?.message}`);
    }
  }
  return out;
}

// What a server holds and has done: DBSIZE, DEBUG DIGEST (the server must run with enable-debug-command),
// and per command how often it ran (`calls`) and how often it succeeded (`succeeded`), from INFO
// commandstats. Equal states before and after a matrix prove that nothing was written.
export async function keyspaceState(client, commands) {
  const stats = await client.info('commandstats');
  const calls = {};
  const succeeded = {};
  for (const name of commands) {
    const escaped = name.replace(/[.]/g, '\\.');
    const line = new RegExp(`^cmdstat_${escaped}:calls=(\\d+),.*failed_calls=(\\d+)`, 'mi').exec(stats);
    calls[name] = Number(line?.[1] ?? 0);
    succeeded[name] = calls[name] - Number(line?.[2] ?? 0);
  }
  return { dbsize: await client.dbsize(), digest: await client.call('DEBUG', 'DIGEST'), calls, succeeded };
}
