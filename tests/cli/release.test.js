// The release path (scripts/release.js): the version check over every manifest, and the dry run on the built
// tree: the tarballs packed, publint and attw clean, a fresh project's first decode, then the publish commands
// it would run, platform packages first, nothing published.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

import { PACKAGES, versionProblems } from '../../scripts/release/versions.js';
import { ROOT } from './support.js';

const scratch = mkdtempSync(join(tmpdir(), 'branded-release-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

test('the version check names each manifest that disagrees, and each dependency on another version', () => {
  assert.deepEqual(versionProblems(ROOT), []);
  for (const dir of PACKAGES) cpSync(join(ROOT, dir, 'package.json'), join(scratch, dir, 'package.json'));
  const edit = (dir, change) => {
    const file = join(scratch, dir, 'package.json');
    writeFileSync(file, JSON.stringify(change(JSON.parse(readFileSync(file, 'utf8')))));
  };
  edit('wasm/platforms/linux-arm64', (m) => ({ ...m, version: '0.0.9' }));
  edit('web/widgets', (m) => ({ ...m, dependencies: { ...m.dependencies, '@echomq/branded': '^0.1.0' } }));
  const version = JSON.parse(readFileSync(join(ROOT, 'wasm/package.json'), 'utf8')).version;
  assert.deepEqual(versionProblems(scratch), [
    `wasm/platforms/linux-arm64/package.json is @echomq/branded-linux-arm64@0.0.9, not ${version}`,
    `web/widgets/package.json's dependencies asks @echomq/branded@^0.1.0, not ${version}`,
  ]);
});

test(
  'npm run release -- --dry-run (built tree): packs, lints, installs, decodes, prints the publish order',
  { timeout: 600_000 },
  () => {
    const run = spawnSync('npm', ['run', '--silent', 'release', '--', '--dry-run', '--no-build'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^release: version \d+\.\d+\.\d+ in every manifest$/m);
    assert.match(run.stdout, /^release: publint and attw: no problem$/m);
    assert.match(run.stdout, /first decode of JOB0KHTOWnGLuC gave 274557032793636864 \(JavaScript and CLI\)$/m);
    const order = [
      ...run.stdout.matchAll(/^ {2}npm publish --provenance --access public \S+\/(\S+)-\d+\.\d+\.\d+\.tgz$/gm),
    ].map((m) => m[1]);
    assert.deepEqual(order, [
      'echomq-branded-linux-x64',
      'echomq-branded-linux-arm64',
      'echomq-branded',
      'echomq-branded-widgets',
    ]);
    assert.match(run.stdout, /would publish, in this order:/);
  },
);
