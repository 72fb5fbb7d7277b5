// npm's postinstall of @echomq/branded. Where npm installed this platform's native build, its binary is copied over
// bin/branded.cjs, so `branded` starts without Node (esbuild does the same); the binary still honours BRANDED_CLI.
// Anything unexpected leaves the JavaScript bin, which runs the same program. Says nothing either way.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const { nativeBinary } = require('./native.cjs');

const packageDir = path.join(__dirname, '..');
const bin = path.join(__dirname, 'branded.cjs');

// Only a copy npm installed as a dependency: never the repository's own bin.
function installedAsDependency() {
  return fs.realpathSync(packageDir).split(path.sep).includes('node_modules');
}

// The binary runs here and is this package's version.
function runsAsThisVersion(binary) {
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  try {
    const said = execFileSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: 'pipe' });
    return said.trim() === version;
  } catch {
    return false;
  }
}

function swapIn(binary) {
  const staged = `${bin}.${process.pid}.tmp`;
  try {
    fs.copyFileSync(binary, staged);
    fs.chmodSync(staged, 0o755);
    fs.renameSync(staged, bin);
  } catch {
    fs.rmSync(staged, { force: true });
  }
}

if (installedAsDependency()) {
  const binary = nativeBinary();
  if (binary !== null && runsAsThisVersion(binary)) swapIn(binary);
}
