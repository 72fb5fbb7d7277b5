// The machine of a reader who follows the docs: the two packages packed as npm would publish them and
// installed in a scratch project (with iovalkey for the connector, and the id libraries the comparison page
// runs) and globally (the `branded` command), and an `npm` that installs @echomq/branded and
// @echomq/branded-widgets from those tarballs, so `npm install @echomq/branded` on a page runs for real,
// offline. Nothing the reader runs sees the repository's node_modules.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { ROOT } from './blocks.js';

const npm = (args, cwd, env = process.env) =>
  execFileSync('npm', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });

/** Builds the reader's machine in a fresh temporary folder; answers { dir, env, modules, cleanup() }. */
export function readerMachine() {
  const dir = mkdtempSync(join(tmpdir(), 'branded-docs-code-'));
  const vendor = join(dir, 'vendor');
  mkdirSync(vendor);
  npm(['pack', '--silent', '--workspace', 'wasm', '--workspace', 'web/widgets', '--pack-destination', vendor], ROOT);
  const tarballs = readdirSync(vendor).map((f) => join(vendor, f));
  const tarball = (name) => tarballs.find((f) => f.endsWith('.tgz') && f.includes(`${name}-0`));
  const branded = tarball('echomq-branded');
  const widgets = tarball('echomq-branded-widgets');
  const version = (name) => JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
  // the id libraries guide/compare.md sets beside branded ids, at the versions the workspace pins
  const peers = ['iovalkey', 'ulid', 'typeid-js', '@sapphire/snowflake'].map((name) => `${name}@${version(name)}`);

  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const realNpm = execFileSync('bash', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  writeFileSync(
    join(bin, 'npm'),
    `#!/usr/bin/env bash
# npm, with the two packages of this repository answered from their packed tarballs (the widgets' dependency
# on the package too, since a page's namespace has no network). The package's optional platform packages (the
# native CLI) are on no registry a page can reach: npm is told not to retry them, and the CLI runs as WebAssembly.
args=()
for arg in "$@"; do
  case "$arg" in
    @echomq/branded|@echomq/branded@*) args+=("${branded}") ;;
    @echomq/branded-widgets|@echomq/branded-widgets@*) args+=("${widgets}" "${branded}") ;;
    *) args+=("$arg") ;;
  esac
done
case "$1" in install|i|add) args+=(--no-audit --no-fund --prefer-offline --fetch-retries=0) ;; esac
exec "${realNpm}" "\${args[@]}"
`,
  );
  chmodSync(join(bin, 'npm'), 0o755);

  const global = join(dir, 'global');
  const path = [bin, join(global, 'bin'), ...process.env.PATH.split(delimiter).filter((p) => !p.startsWith(ROOT))];
  const env = {
    ...process.env,
    PATH: path.join(delimiter),
    npm_config_prefix: global,
    BRANDED_NODE_DIR: join(dir, 'node-leases'),
    NO_COLOR: '1',
  };
  for (const key of Object.keys(env)) if (key.startsWith('npm_') && key !== 'npm_config_prefix') delete env[key];
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'reader', private: true, type: 'module' }));
  npm(['install', branded, widgets, ...peers], dir, env);
  npm(['install', '-g', branded], dir, env);
  return { dir, env, modules: join(dir, 'node_modules'), global };
}
