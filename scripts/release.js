// The release a maintainer runs: `npm run release -- --dry-run` checks that every manifest names one version,
// builds, packs every published package into build/release/, runs publint and attw on the tarballs, installs
// them into a fresh project and runs its first decode (JavaScript and CLI), then prints the `npm publish`
// commands, platform packages first. Without --dry-run it runs those commands (from CI, which can sign
// provenance). --no-build skips the build (a tree built already).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { PACKAGES, manifest, versionProblems } from './release/versions.js';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'build', 'release');
const ID = 'JOB0KHTOWnGLuC';
const SNOWFLAKE = '274557032793636864';
const dryRun = process.argv.includes('--dry-run');
const build = !process.argv.includes('--no-build');

const step = (what) => console.log(`release: ${what}`);
const run = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
const tool = (path, args) => run(process.execPath, [join(ROOT, 'node_modules', path), ...args]);

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

// Packs the published packages (not private) into OUT: [{dir, name, tarball}] in publishing order.
function pack() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  return PACKAGES.filter((dir) => !manifest(ROOT, dir).private).map((dir) => {
    const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', OUT], { cwd: join(ROOT, dir) }));
    return { dir, name: packed.name, tarball: join(OUT, packed.filename) };
  });
}

// publint on every tarball; attw on those with types.
function lint(packed) {
  for (const { dir, tarball } of packed) {
    tool('publint/src/cli.js', ['run', tarball, '--strict']);
    if (manifest(ROOT, dir).types || manifest(ROOT, dir).exports)
      tool('@arethetypeswrong/cli/dist/index.js', [tarball, '--no-color', '--no-emoji', '--format', 'ascii']);
  }
}

// A fresh project with the tarballs installed as a user would (the platform packages through overrides, as the
// registry would serve them); its first decode in JavaScript and with the CLI must give the anchor's Snowflake.
function firstDecode(packed) {
  const project = join(OUT, 'first-decode');
  mkdirSync(project);
  const overrides = Object.fromEntries(
    packed.filter((p) => p.dir.startsWith('wasm/platforms/')).map((p) => [p.name, `file:${p.tarball}`]),
  );
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'first-decode', private: true, overrides }));
  const main = packed.filter((p) => !p.dir.startsWith('wasm/platforms/')).map((p) => p.tarball);
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', ...main], { cwd: project });
  const js = run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { parse } from '@echomq/branded'; console.log(String(parse('${ID}').snowflake))`,
    ],
    { cwd: project },
  );
  const cli = run(join(project, 'node_modules', '.bin', 'branded'), ['decode', '--json', ID], { cwd: project });
  if (js.trim() !== SNOWFLAKE) fail(`the installed package decoded ${ID} as ${js.trim()}, not ${SNOWFLAKE}`);
  if (JSON.parse(cli).snowflake !== SNOWFLAKE) fail(`the installed CLI decoded ${ID} as ${cli.trim()}`);
}

const problems = versionProblems(ROOT);
if (problems.length > 0) fail(`the versions disagree:\n  ${problems.join('\n  ')}`);
const version = manifest(ROOT, 'wasm').version;
step(`version ${version} in every manifest`);
if (build) {
  step('building (scripts/build.sh)');
  execFileSync('bash', ['scripts/build.sh'], { cwd: ROOT, stdio: 'inherit' });
}
const packed = pack();
step(`packed ${packed.length} tarballs into ${OUT}`);
try {
  lint(packed);
} catch (error) {
  fail(`publint or attw refused a tarball:\n${error.stdout ?? ''}${error.stderr ?? error.message}`);
}
step('publint and attw: no problem');
firstDecode(packed);
step(`a fresh project installed them; its first decode of ${ID} gave ${SNOWFLAKE} (JavaScript and CLI)`);
const commands = packed.map(({ tarball }) => ['npm', 'publish', '--provenance', '--access', 'public', tarball]);
step(dryRun ? 'would publish, in this order:' : 'publishing, in this order:');
for (const command of commands) {
  console.log(`  ${command.join(' ')}`);
  if (!dryRun) execFileSync(command[0], command.slice(1), { cwd: ROOT, stdio: 'inherit' });
}
