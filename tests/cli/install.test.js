// @echomq/branded and its platform packages as a user installs them: the three tarballs packed, then installed into
// fresh projects (the platform packages are not published: npm takes them from their tarballs through the project's
// overrides, as it would take them from the registry). Where npm installs linux-x64's package (its os and cpu match;
// linux-arm64's it leaves out), the package's postinstall copies its binary over the bin, so `branded` is the
// native program itself; with install scripts off, the JavaScript bin runs that binary; with --omit=optional, or on
// another platform, it runs the WebAssembly CLI. The same bytes every way, and nothing said about which.
// BRANDED_CLI picks one.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { before, describe, it } from 'node:test';

import { startServer } from '../../scripts/valkey.js';
import { installProject, packAll } from './installed.js';
import { ROOT, scratch } from './support.js';

const ID = 'JOB0KHTOWnGLuC';
let tarballs = {};
const project = (name, flags) => installProject(scratch, name, tarballs, flags);

// Runs the project's `branded` on `args` (stdin `input`); while it runs, looks at its process and for a child: the
// program it runs natively, if any. Answers {status, stdout, stderr, self: the process's executable once it ran a
// while, child: the child's executable or null}.
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
  let self = null;
  for (let tries = 0; tries < 40 && child === null; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    child = childExecutable(run.pid);
    self = executable(run.pid) ?? self;
  }
  run.stdin.on('error', () => {}); // a run that ended without reading its stdin
  run.stdin.end(input);
  const [status] = await closed;
  return { status, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), self, child };
}

function executable(pid) {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return null; // gone already
  }
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
    tarballs = packAll(scratch);
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

  it('installed with its optional dependencies: linux-x64 is, linux-arm64 is not, and its binary is the bin', async () => {
    const dir = project('with-native');
    const platforms = join(dir, 'node_modules', '@echomq');
    const binary = join(platforms, 'branded-linux-x64', 'bin', 'branded');
    const bin = join(platforms, 'branded', 'bin', 'branded.cjs');
    assert.ok(existsSync(binary));
    assert.ok(!existsSync(join(platforms, 'branded-linux-arm64')));
    assert.ok(readFileSync(bin).equals(readFileSync(binary)), 'the postinstall copied the binary over the bin');
    assert.deepEqual(
      readdirSync(join(platforms, 'branded', 'bin')).filter((name) => name.endsWith('.tmp')),
      [],
      'no staged copy left',
    );
    const run = await branded(dir, ['decode', '--json'], { input: `${ID}\n` });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.self, bin, 'branded is the native program itself');
    assert.equal(run.child, null);
    assert.equal(JSON.parse(run.stdout).snowflake, '274557032793636864');
    assert.equal(run.stderr, '');

    const wasm = await branded(dir, ['decode', '--json'], { input: `${ID}\n`, env: { BRANDED_CLI: 'wasm' } });
    assert.equal(wasm.status, 0, wasm.stderr);
    assert.match(basename(wasm.self), /^node/, 'BRANDED_CLI=wasm: the binary hands over to Node');
    assert.equal(wasm.stdout, run.stdout);
    const native = await branded(dir, ['decode', '--json'], { input: `${ID}\n`, env: { BRANDED_CLI: 'native' } });
    assert.deepEqual([native.self, native.stdout], [bin, run.stdout]);
    const refused = await branded(dir, ['decode', 'job-42']);
    assert.equal(refused.status, 1);
  });

  it('installed with install scripts off: the JavaScript bin runs the native binary, the same bytes', async () => {
    const dir = project('with-native-no-scripts', ['--ignore-scripts']);
    const platforms = join(dir, 'node_modules', '@echomq');
    const bin = join(platforms, 'branded', 'bin', 'branded.cjs');
    assert.match(readFileSync(bin, 'utf8'), /^#!\/usr\/bin\/env node\n/);
    const run = await branded(dir, ['decode', '--json'], { input: `${ID}\n` });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.child, join(platforms, 'branded-linux-x64', 'bin', 'branded'));
    assert.equal(run.stderr, '');
    const swapped = await branded(join(scratch, 'with-native'), ['decode', '--json'], { input: `${ID}\n` });
    assert.equal(run.stdout, swapped.stdout);
    const wasm = await branded(dir, ['decode', '--json'], { input: `${ID}\n`, env: { BRANDED_CLI: 'wasm' } });
    assert.equal(wasm.child, null);
    assert.equal(wasm.stdout, run.stdout);
  });

  it('a BRANDED_CLI that is neither native nor wasm: the same refusal from the binary as from the JavaScript bin', async () => {
    for (const value of ['fast', 'wa"sm\t']) {
      const [swapped, script] = await Promise.all(
        ['with-native', 'with-native-no-scripts'].map((name) =>
          branded(join(scratch, name), ['--version'], { env: { BRANDED_CLI: value } }),
        ),
      );
      assert.equal(script.status, 2);
      assert.equal(
        script.stderr,
        `branded: BRANDED_CLI must be native or wasm (or unset: native where installed), not ${JSON.stringify(value)}\n`,
      );
      assert.deepEqual([swapped.status, swapped.stdout, swapped.stderr], [script.status, script.stdout, script.stderr]);
    }
  });

  it("the repository's own bin stays the JavaScript one (its postinstall swaps only an installed copy)", () => {
    assert.match(readFileSync(join(ROOT, 'wasm', 'bin', 'branded.cjs'), 'utf8'), /^#!\/usr\/bin\/env node\n/);
    execFileSync(process.execPath, [join(ROOT, 'wasm', 'bin', 'install.cjs')]);
    assert.match(readFileSync(join(ROOT, 'wasm', 'bin', 'branded.cjs'), 'utf8'), /^#!\/usr\/bin\/env node\n/);
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

  it('mint --lease: the native bin hands the run to the WebAssembly CLI, which needs iovalkey beside the package', async (t) => {
    const server = await startServer();
    t.after(() => server.stop());
    const dir = join(scratch, 'with-native');
    const args = ['mint', 'JOB', '--count', '3', '--lease', server.url];
    const missing = await branded(dir, args);
    assert.equal(missing.status, 3);
    assert.equal(missing.stdout, '');
    assert.match(missing.stderr, /^branded mint: lease: .*needs the iovalkey package: npm install iovalkey/);
    const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'iovalkey', 'package.json'), 'utf8'));
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', `iovalkey@${version}`], {
      cwd: dir,
      stdio: 'pipe',
    });
    const leased = await branded(dir, args);
    assert.equal(leased.status, 0, leased.stderr);
    assert.match(basename(leased.self), /^node/, 'the binary handed the run to Node');
    assert.match(leased.stdout, /^(JOB[0-9A-Za-z]{11}\n){3}$/);
    assert.equal(leased.stderr, '');
  });

  it('on another platform (macOS, Windows, an unknown CPU), the WebAssembly CLI runs, saying nothing', async () => {
    const dir = join(scratch, 'with-native-no-scripts');
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
