// wasm/README.md's JavaScript blocks run as written: each as an ES module under Node, against the package as the
// workspace builds it, in a folder that holds the app.log a block reads. A block after
// `<!-- code: not run — why -->` is left out (a browser worker's module); every other one must exit 0.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

import { PACKAGE_DIR, ROOT } from './support.js';

const readme = readFileSync(join(PACKAGE_DIR, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/(<!-- code: not run[^>]*-->\n)?```js\n([\s\S]*?)```/g)].map((m) => ({
  line: readme.slice(0, m.index).split('\n').length + (m[1] ? 1 : 0),
  run: !m[1],
  code: m[2],
}));
const folder = mkdtempSync(join(tmpdir(), 'branded-readme-'));
symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'));
writeFileSync(join(folder, 'app.log'), 'GET /jobs/JOB0KHTOWnGLuC 200\nuser USR0NgWEfAEJfs\n');
after(() => rmSync(folder, { recursive: true, force: true }));

test('wasm/README.md has JavaScript blocks, few of them not run', () => {
  assert.ok(blocks.length >= 4, `${blocks.length} blocks`);
  assert.ok(blocks.filter((block) => !block.run).length <= 1);
});

for (const block of blocks.filter((b) => b.run))
  test(`wasm/README.md:${block.line} runs`, () => {
    const file = join(folder, `block-${block.line}.mjs`);
    writeFileSync(file, block.code);
    const run = spawnSync(process.execPath, [file], { cwd: folder, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
  });
