// The package's classic-script (IIFE/UMD) build: the file its `unpkg` / `jsdelivr` field names, as a CDN
// serves it, found in the consumer's install.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';

import { installedManifest, PACKAGE_NAME } from '../support.js';

/** The classic build's path relative to the consumer project, e.g. node_modules/@echomq/branded/dist/x.js. */
export function classicBuild(project) {
  const manifest = installedManifest(project);
  const file = manifest.unpkg ?? manifest.jsdelivr;
  assert.ok(
    file,
    `${PACKAGE_NAME}'s package.json has no "unpkg" or "jsdelivr" field: the package names no classic-script (IIFE) build`,
  );
  const path = `node_modules/${PACKAGE_NAME}/${file.replace(/^\.\//, '')}`;
  assert.ok(existsSync(project.path(path)), `the classic build its package.json names (${file}) is not in the tarball`);
  return path;
}
