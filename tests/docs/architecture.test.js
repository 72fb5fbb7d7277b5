// docs/ARCHITECTURE.md names real things: every path it writes in code exists, and every function or constant
// it names (a camelCase or UPPER_CASE word in code) occurs in the sources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGE = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
const spans = [...PAGE.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
const SOURCES = ['core', 'wasm', 'valkey', 'bridge', 'web/src', 'web/docs/.vitepress', 'scripts', 'tests'];

const inSources = (word) => {
  try {
    execFileSync('git', ['grep', '-q', '-w', '-F', word, '--', ...SOURCES], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
};

test('every path the page names exists', () => {
  // A path is written from the repository's root or from the room the sentence is about; `shared/` is beside
  // the repository.
  const rooms = ['', 'wasm', 'web', 'core', 'core/include/branded', 'tests', 'scripts', 'bridge', 'bridge/src'];
  const paths = spans.filter((s) => /^[\w.-]+\/[\w./-]*$/.test(s) && !s.includes('//') && s !== 'shared/');
  const missing = paths.filter((p) => !rooms.some((room) => existsSync(join(ROOT, room, p.replace(/\/$/, '')))));
  assert.ok(paths.length > 20, `${paths.length} paths`);
  assert.deepEqual(missing, []);
});

test('every function and constant the page names is in the sources', () => {
  const names = [...new Set(spans.map((s) => s.replace(/\(.*$/, '')))].filter(
    (s) => /^[a-z]+[A-Z]\w*$/.test(s) || /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(s),
  );
  assert.ok(names.length > 20, `${names.length} names`);
  assert.deepEqual(
    names.filter((name) => !inSources(name)),
    [],
  );
});
