// Shared by the native CLI's suites: the binaries (built by scripts/build.d/10-native.sh into their npm packages),
// a run of each build on the same stdin file, and the WebAssembly CLI's program run in this process (its driver,
// wasm/cli/main.js, given files for stdin, stdout and stderr), so a differential of thousands of runs does not pay
// a Node start each.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const NATIVE = join(ROOT, 'wasm', 'platforms', 'linux-x64', 'bin', 'branded');
export const NATIVE_ARM64 = join(ROOT, 'wasm', 'platforms', 'linux-arm64', 'bin', 'branded');
export const BIN = join(ROOT, 'wasm', 'bin', 'branded.cjs');
export const QEMU = 'qemu-aarch64-static';

for (const binary of [NATIVE, NATIVE_ARM64])
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run bash scripts/build.d/10-native.sh`);

export const scratch = mkdtempSync(join(tmpdir(), 'branded-cli-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

let files = 0;
/** A file in the scratch folder holding `content`; answers its path. */
export function scratchFile(content, name = `input-${files++}`) {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
}

const EMPTY = scratchFile('', 'empty');

/** Runs a native binary (`command`: [program, ...prefix]) on `args` with stdin read from `stdinFile`. */
export function runNative(args, { stdinFile = EMPTY, command = [NATIVE], env = {} } = {}) {
  const stdin = openSync(stdinFile, 'r');
  try {
    const [program, ...prefix] = command;
    const run = spawnSync(program, [...prefix, ...args], {
      stdio: [stdin, 'pipe', 'pipe'],
      maxBuffer: 1 << 30,
      env: { ...process.env, ...env },
    });
    if (run.error) throw run.error;
    return { status: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr };
  } finally {
    closeSync(stdin);
  }
}

let wasmMain = null;
/** Runs the WebAssembly CLI's program in this process on `args`, stdin read from `stdinFile`: {status, stdout, stderr}. */
export async function runWasm(args, { stdinFile = EMPTY } = {}) {
  wasmMain ??= (await import('../../wasm/cli/main.js')).main;
  const out = join(scratch, 'wasm-stdout');
  const err = join(scratch, 'wasm-stderr');
  const io = { stdin: openSync(stdinFile, 'r'), stdout: openSync(out, 'w'), stderr: openSync(err, 'w') };
  let status;
  try {
    status = await wasmMain(args, io);
  } finally {
    for (const fd of Object.values(io)) closeSync(fd);
  }
  return { status, signal: null, stdout: readFileSync(out), stderr: readFileSync(err) };
}

/** Where two runs differ (status, stdout, stderr), in words; null when they are the same bytes. */
export function difference(a, b) {
  if (a.status !== b.status || a.signal !== b.signal)
    return `exit ${a.status}${a.signal ? ` (${a.signal})` : ''} vs ${b.status}${b.signal ? ` (${b.signal})` : ''}`;
  for (const stream of ['stdout', 'stderr']) {
    if (a[stream].equals(b[stream])) continue;
    let at = 0;
    while (a[stream][at] === b[stream][at]) at++;
    const show = (bytes) => JSON.stringify(bytes.subarray(Math.max(0, at - 40), at + 40).toString('utf8'));
    return `${stream} differs at byte ${at}: ${show(a[stream])} vs ${show(b[stream])}`;
  }
  return null;
}
