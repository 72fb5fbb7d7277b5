// Shared by the wasm suites: paths and the conformance vectors (the files the Catch2 suite reads).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PACKAGE_DIR = join(ROOT, 'wasm');
export const CLI = join(PACKAGE_DIR, 'bin', 'branded.js');

export function vectors(name) {
  return JSON.parse(readFileSync(join(ROOT, 'tests', 'vectors', `${name}.json`), 'utf8'));
}

// Asserts that `work` throws a BrandedError with the given code.
export function brandedError(code) {
  return (error) => error.name === 'BrandedError' && error.code === code;
}
