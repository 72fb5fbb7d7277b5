// `npx branded` inside the repository runs the workspace's CLI, not a registry lookup: package-lock.json lists each
// workspace's bin as its package.json does (npm links node_modules/.bin from the lock), and after npm ci
// node_modules/.bin/branded is the package's bin and runs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { ROOT } from './support.js';

const json = (path) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

test("package-lock.json lists every workspace's bin as its package.json does", () => {
  const lock = json('package-lock.json');
  const workspaces = json('package.json').workspaces;
  assert.ok(workspaces.includes('wasm'));
  for (const workspace of workspaces) {
    const manifest = json(join(workspace, 'package.json'));
    assert.deepEqual(
      lock.packages[workspace]?.bin,
      manifest.bin,
      `${workspace}: the lock's bin against package.json's`,
    );
  }
});

test("node_modules/.bin/branded is the package's bin, and runs", () => {
  const bin = join(ROOT, 'node_modules', '.bin', 'branded');
  assert.equal(realpathSync(bin), join(ROOT, 'wasm', 'bin', 'branded.cjs'));
  const run = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, `${json('wasm/package.json').version}\n`);
});
