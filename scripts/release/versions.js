// The packages a release publishes, and the check that every manifest of the workspace names one version: the
// four workspace packages, the platform packages, and each dependency of one on another.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The workspace's packages, in the order they are published: a package after those it depends on. */
export const PACKAGES = [
  'wasm/platforms/linux-x64',
  'wasm/platforms/linux-arm64',
  'wasm',
  'web/widgets',
  'bridge',
  'web',
];

/** A package folder's manifest. */
export function manifest(root, dir) {
  return JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
}

/** What disagrees about the release's version (the main package's), one sentence each; empty when all agree. */
export function versionProblems(root) {
  const manifests = PACKAGES.map((dir) => ({ dir, ...manifest(root, dir) }));
  const version = manifests.find((m) => m.dir === 'wasm').version;
  const names = new Set(manifests.map((m) => m.name));
  const problems = [];
  for (const m of manifests) {
    if (m.version !== version) problems.push(`${m.dir}/package.json is ${m.name}@${m.version}, not ${version}`);
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies'])
      for (const [name, range] of Object.entries(m[field] ?? {}))
        if (names.has(name) && range !== version)
          problems.push(`${m.dir}/package.json's ${field} asks ${name}@${range}, not ${version}`);
  }
  return problems;
}
