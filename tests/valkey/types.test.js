// wasm/valkey.d.ts, checked by compiling a small consumer (types/consumer.ts) with tsc --noEmit: no error
// in the consumer or in valkey.d.ts, and each @ts-expect-error line is a real error. This repository has
// no @types/node, so iovalkey's own declarations (which need it) report errors of their own: those, and
// only those, are set aside.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

test('a TypeScript consumer type-checks against valkey.d.ts', () => {
  const tsc = `${ROOT}node_modules/typescript/bin/tsc`;
  const result = spawnSync(process.execPath, [tsc, '-p', `${ROOT}tests/valkey/types/tsconfig.json`], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const errors = result.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
  const ours = errors.filter((line) => !line.startsWith('node_modules/iovalkey/'));
  assert.deepEqual(ours, [], result.stdout + result.stderr);
  assert.ok(result.status === 0 || errors.length > 0, result.stderr);
});
