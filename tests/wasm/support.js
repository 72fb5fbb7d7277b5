// Shared by the wasm suites: paths and the conformance vectors (the files the Catch2 suite reads).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PACKAGE_DIR = join(ROOT, 'wasm');
export const CLI = join(PACKAGE_DIR, 'bin', 'branded.cjs');
// The CLI suites run the WebAssembly CLI (the bin runs the native one where the repository built it); with
// BRANDED_CLI=native set, the same suites run the native binary (tests/cli runs some of them so).
process.env.BRANDED_CLI ??= 'wasm';

// python3's arguments to set O_NONBLOCK on stdin and stdout, then exec the command that follows (a spawned
// child's stdio is always blocking: libuv clears the flag, so a parent sharing a non-blocking fd is simulated
// with python3, which emcc needs).
export const NON_BLOCKING = [
  '-c',
  'import fcntl, os, sys\n' +
    'for fd in (0, 1): fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_NONBLOCK)\n' +
    'os.execv(sys.argv[1], sys.argv[1:])',
];

export function vectors(name) {
  return JSON.parse(readFileSync(join(ROOT, 'tests', 'vectors', `${name}.json`), 'utf8'));
}

// Asserts that `work` throws a BrandedError with the given code.
export function brandedError(code) {
  return (error) => error.name === 'BrandedError' && error.code === code;
}
