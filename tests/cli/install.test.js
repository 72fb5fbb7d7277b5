// @echomq/branded and its platform packages as a user installs them: the three tarballs packed, then installed into
// fresh projects (the platform packages are not published: npm takes them from their tarballs through the project's
// overrides, as it would take them from the registry). Where npm installs linux-x64's package (its os and cpu match;
// linux-arm64's it leaves out), `branded` runs the native binary; with --omit=optional, or on another platform, it
// runs the WebAssembly CLI; the same bytes either way, and nothing said about which. BRANDED_CLI picks one.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { ROOT, scratch } from './support.js';

const ID = 'JOB0KHTOWnGLuC';
const PACKAGES = ['wasm', 'wasm/platforms/linux-x64', 'wasm/platforms/linux-arm64'];
const tarballs = {};

function pack(dir) {
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: join(ROOT, dir), encoding: 'utf8' }),
  );
  return join(scratch, packed.filename);
}

// A fresh project with the platform packages' tarballs as what npm resolves their names to, and
// @echomq/branded installed from its tarball with `flags`; answers its folder.
function project(name, flags = []) {
  const dir = join(scratch, name);
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name,
      private: true,
      overrides: {
        '@echomq/branded-linux-x64': `file:${tarballs['wasm/platforms/linux-x64']}`,
        '@echomq/branded-linux-arm64': `file:${tarballs['wasm/platforms/linux-arm64']}`,
      },
    }),
  );
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', ...flags, tarballs.wasm], {
    cwd: dir,
    stdio: 'pipe',
  });
  return dir;
}

// Runs the project's `branded` on `args` (stdin `input`); while it runs, looks at its process for a child: the
// program it runs natively, if any. Answers {status, stdout, stderr, child: the child's executable or null}.
async function branded(dir, args, { input = '', env = {} } = {}) {
  const { BRANDED_CLI: _unset, ...inherited } = process.env;
  const run = spawn(join(dir, 'node_modules', '.bin', 'branded'), args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...inherited, ...env },
  });
  const closed = once(run, 'close');
  const out = [];
  const err = [];
  run.stdout.on('data', (chunk) => out.push(chunk));
  run.stderr.on('data', (chunk) => err.push(chunk));
  // stdin stays open until the child (if any) has been seen: `branded` waits for it meanwhile
  let child = null;
  for (let tries = 0; tries < 40 && child === null; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    child = childExecutable(run.pid);
  }
  run.stdin.on('error', () => {}); // a run that ended without reading its stdin
  run.stdin.end(input);
  const [status] = await closed;
  return { status, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), child };
}

function childExecutable(pid) {
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (children !== '') return readlinkSync(`/proc/${children.split(' ')[0]}/exe`);
    }
  } catch {
    // gone already
  }
  return null;
}

describe('the packed packages, installed into fresh projects', () => {
  before(() => {
    for (const dir of PACKAGES) tarballs[dir] = pack(dir);
  });

  it('the packages: one version, os and cpu set, the binary executable, optionalDependencies of @echomq/branded', () => {
    const manifest = (dir) => JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
    const main = manifest('wasm');
    for (const cpu of ['x64', 'arm64']) {
      const platform = manifest(`wasm/platforms/linux-${cpu}`);
      assert.equal(platform.version, main.version);
      assert.deepEqual([platform.os, platform.cpu], [['linux'], [cpu]]);
      assert.equal(main.optionalDependencies[platform.name], main.version);
      const listing = execFileSync('tar', ['tvzf', tarballs[`wasm/platforms/linux-${cpu}`]], { encoding: 'utf8' });
      assert.match(listing, /^-rwxr-xr-x .* package\/bin\/branded$/m);
    }
  });

  it('installed with its optional dependencies: linux-x64 is, linux-arm64 is not, and branded runs the native binary', async () => {
    const dir = project('with-native');
    const platforms = join(dir, 'node_modules', '@echomq');
    assert.ok(existsSync(join(platforms, 'branded-linux-x64', 'bin', 'branded')));
    assert.ok(!existsSync(join(platforms, 'branded-linux-arm64')));
    const run = await branded(dir, ['decode', '--json'], { input: `${ID}\n` });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.child, join(platforms, 'branded-linux-x64', 'bin', 'branded'));
    assert.equal(JSON.parse(run.stdout).snowflake, '274557032793636864');
    assert.equal(run.stderr, '');

    const wasm = await branded(dir, ['decode', '--json'], { input: `${ID}\n`, env: { BRANDED_CLI: 'wasm' } });
    assert.equal(wasm.child, null);
    assert.equal(wasm.stdout, run.stdout);
    const refused = await branded(dir, ['decode', 'job-42']);
    assert.equal(refused.status, 1);
    const bogus = await branded(dir, ['--version'], { env: { BRANDED_CLI: 'fast' } });
    assert.equal(bogus.status, 2);
    assert.match(bogus.stderr, /^branded: BRANDED_CLI must be native or wasm/);
  });

  it('installed with --omit=optional: no native binary, branded runs the WebAssembly CLI, the same bytes', async () => {
    const dir = project('without-native', ['--omit=optional']);
    assert.ok(!existsSync(join(dir, 'node_modules', '@echomq', 'branded-linux-x64')));
    const input = `${ID}\nusr0NgWEfAEJfs\nGET /jobs/${ID}\n`;
    const run = await branded(dir, ['decode', '--json'], { input });
    assert.equal(run.status, 1, run.stderr);
    assert.equal(run.child, null);
    assert.equal(run.stderr, '');
    const native = spawnSync(join(ROOT, 'wasm', 'platforms', 'linux-x64', 'bin', 'branded'), ['decode', '--json'], {
      input,
      encoding: 'utf8',
    });
    assert.equal(run.stdout, native.stdout);
    const forced = await branded(dir, ['--version'], { env: { BRANDED_CLI: 'native' } });
    assert.equal(forced.status, 2);
    assert.match(forced.stderr, /^branded: BRANDED_CLI=native, but no native build is installed for linux-x64/);
  });

  it('on another platform (macOS, Windows, an unknown CPU), the WebAssembly CLI runs, saying nothing', async () => {
    const dir = join(scratch, 'with-native');
    const preload = join(scratch, 'other-platform.cjs');
    writeFileSync(preload, "Object.defineProperty(process, 'platform', { value: 'darwin' });\n");
    for (const env of [{ NODE_OPTIONS: `--require ${preload}` }]) {
      const run = await branded(dir, ['gate', 'JOB-42'], { env });
      assert.equal(run.child, null);
      assert.equal(run.status, 1);
      assert.equal(run.stderr, '');
      assert.match(run.stdout, /^id {9}JOB-42\nhost {7}refused: length/);
    }
  });
});
