// @echomq/branded as a user installs it: its tarball and its platform packages' packed, then installed into a fresh
// project (the platform packages are not published: npm takes them from their tarballs through the project's
// overrides, as it would take them from the registry). Shared by the install tests and the start-up bench.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
export const PACKAGES = ['wasm', 'wasm/platforms/linux-x64', 'wasm/platforms/linux-arm64'];

/** Packs PACKAGES into `folder`; answers {package folder: its tarball}. */
export function packAll(folder) {
  const tarballs = {};
  for (const dir of PACKAGES) {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', folder], { cwd: join(ROOT, dir), encoding: 'utf8' }),
    );
    tarballs[dir] = join(folder, packed.filename);
  }
  return tarballs;
}

/** A fresh project `folder/name` with @echomq/branded installed from `tarballs` (packAll's) with npm `flags`. */
export function installProject(folder, name, tarballs, flags = []) {
  const dir = join(folder, name);
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
