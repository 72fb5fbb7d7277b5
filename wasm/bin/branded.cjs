#!/usr/bin/env node
// The `branded` command (`branded --help`). Where npm installed this platform's native build (the optional
// dependency @echomq/branded-<os>-<cpu>, as esbuild and biome ship theirs), it runs that binary with this
// process's stdio, arguments and exit status; everywhere else (macOS, Windows, --omit=optional, an unknown
// platform) it runs the WebAssembly CLI in this process. Either way silently: the two are one program, byte for
// byte. BRANDED_CLI=native or BRANDED_CLI=wasm picks one. What the native build cannot do (mint --lease: it has no
// Valkey client) it hands to the WebAssembly CLI, whose path it is given in BRANDED_WASM_CLI.
'use strict';

const { nativeBinary } = require('./native.cjs');

const choice = process.env.BRANDED_CLI ?? '';

function fail(message) {
  process.stderr.write(`branded: ${message}\n`);
  process.exitCode = 2;
}

// Runs the native binary; false when it could not be started (the WebAssembly CLI runs instead).
function runNative(binary) {
  const { spawnSync } = require('node:child_process');
  const wasmCli = require('node:path').join(__dirname, '..', 'dist', 'cli.cjs');
  const env = { ...process.env, BRANDED_WASM_CLI: wasmCli };
  const run = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit', env });
  if (run.error) {
    if (choice === 'native') fail(`BRANDED_CLI=native, but ${binary} did not start: ${run.error.message}`);
    return choice === 'native';
  }
  if (run.signal) process.kill(process.pid, run.signal);
  process.exitCode = run.status;
  return true;
}

// stdout is left untouched here: the WebAssembly CLI writes to fd 1 directly (cli/stdio.js), which
// process.stdout would make non-blocking. It is bundled as CommonJS, which Node starts faster than ES modules.
const runWasm = () => require('../dist/cli.cjs');

if (choice !== '' && choice !== 'native' && choice !== 'wasm') {
  fail(`BRANDED_CLI must be native or wasm (or unset: native where installed), not ${JSON.stringify(choice)}`);
} else if (choice === 'wasm') {
  runWasm();
} else {
  const binary = nativeBinary();
  if (binary !== null) {
    if (!runNative(binary)) runWasm();
  } else if (choice === 'native') {
    fail(
      `BRANDED_CLI=native, but no native build is installed for ${process.platform}-${process.arch} ` +
        `(@echomq/branded-${process.platform}-${process.arch}; builds exist for linux-x64 and linux-arm64)`,
    );
  } else {
    runWasm();
  }
}
