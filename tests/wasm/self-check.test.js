// The load-time self-check: a package whose compiled core disagrees with the contract's anchors refuses to
// load, with the failing anchor's sentence. The failing module is a test build (wasm/CMakeLists.txt).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';

import { PACKAGE_DIR, ROOT } from './support.js';

const FAILING_MODULE = join(ROOT, 'build', 'wasm', 'wasm', 'branded-wasm-failing-self-check.js');

test('a module whose self-check fails makes the import throw that sentence', async () => {
  assert.ok(existsSync(FAILING_MODULE), `${FAILING_MODULE} is built by scripts/build.d/20-wasm.sh`);
  const copy = mkdtempSync(join(tmpdir(), 'branded-self-check-'));
  try {
    for (const part of ['index.js', 'lib', 'package.json'])
      cpSync(join(PACKAGE_DIR, part), join(copy, part), { recursive: true });
    execFileSync(process.execPath, [join(PACKAGE_DIR, 'tools', 'place-module.js'), FAILING_MODULE, join(copy, 'dist')]);
    await assert.rejects(import(pathToFileURL(join(copy, 'index.js')).href), {
      name: 'Error',
      message: 'self-check failed: hash32(274557032793636864) != 234878118 (test build)',
    });
    // The real package, beside it, loads.
    assert.equal((await import('../../wasm/index.js')).hash32(274557032793636864n), 234878118);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
