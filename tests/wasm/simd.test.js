// The modules carry wasm SIMD128 code where core asks for it (wasm/CMakeLists.txt builds scan.cpp and format.cpp
// with -msimd128): scan's classifier, 16 bytes per compare, and the row writer's digit words, two numbers at
// once. Without the flag the modules still pass every other suite, a byte at a time; this is what notices.
// Read with binaryen's disassembler (wasm-dis, a dependency of Debian's emscripten).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

import { PACKAGE_DIR } from './support.js';

const instructions = (module, name) => {
  const text = execFileSync('wasm-dis', [join(PACKAGE_DIR, 'dist', module)], { maxBuffer: 1 << 28 }).toString();
  return text.split(`(${name}`).length - 1;
};

test("the package's module scans with SIMD128 (i8x16.bitmask: scan's classifier)", () => {
  assert.ok(instructions('branded.wasm', 'i8x16.bitmask') > 0);
});

test("the CLI's module scans and writes digits with SIMD128 (i8x16.bitmask, i32x4.mul and i16x8.mul)", () => {
  for (const name of ['i8x16.bitmask', 'i32x4.mul', 'i16x8.mul'])
    assert.ok(instructions('branded-cli.wasm', name) > 0, `no ${name} in branded-cli.wasm`);
});
