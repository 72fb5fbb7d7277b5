// index.d.ts and schema.d.ts, checked by compiling small consumers (types/*.ts) with tsc --noEmit: they must
// type-check, and each of their @ts-expect-error lines must be a real error.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

import { ROOT } from './support.js';

test('a TypeScript consumer type-checks against index.d.ts', () => {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tests', 'wasm', 'types', 'tsconfig.json')], {
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, result.stdout + result.stderr);
});
