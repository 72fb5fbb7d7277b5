// Every entry point the facade calls is an Embind binding: no C export is left in the bindings, the linked
// wasm exports nothing beyond what Emscripten's runtime calls, and the facade's `wasm` object holds exactly
// the functions the EMSCRIPTEN_BINDINGS blocks register, each with a fixed-arity invoker.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import '../../wasm/index.js';
import { wasm } from '../../wasm/lib/module.js';
import { PACKAGE_DIR } from './support.js';

const BINDINGS = join(PACKAGE_DIR, 'bindings');
const sources = readdirSync(BINDINGS).filter((name) => /\.(cpp|hpp)$/.test(name));
const read = (name) => readFileSync(join(BINDINGS, name), 'utf8');

// "name" -> its C++ parameter count, from every emscripten::function("name", &cpp) and cpp's definition.
function registeredBindings() {
  const bindings = new Map();
  for (const name of sources) {
    const code = read(name);
    for (const [, js, cpp] of code.matchAll(/emscripten::function\("(\w+)", &(\w+)\)/g)) {
      const signature = code.match(new RegExp(`\\b${cpp}\\(([^)]*)\\)\\s*\\{`));
      assert.ok(signature, `${name}: the definition of ${cpp}`);
      bindings.set(js, signature[1].trim() === '' ? 0 : signature[1].split(',').length);
    }
  }
  return bindings;
}

test('the bindings export nothing around Embind (no EMSCRIPTEN_KEEPALIVE, no extern "C")', () => {
  for (const name of sources) {
    assert.doesNotMatch(read(name), /EMSCRIPTEN_KEEPALIVE|extern\s+"C"|EMSCRIPTEN_EXPORT/, name);
  }
  assert.doesNotMatch(readFileSync(join(PACKAGE_DIR, 'CMakeLists.txt'), 'utf8'), /EXPORTED_FUNCTIONS/);
});

test('the linked wasm exports only the runtime: memory, table, and at most two functions', () => {
  const exports = WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(join(PACKAGE_DIR, 'dist', 'branded.wasm'))));
  const kinds = exports.map((e) => e.kind).sort();
  assert.deepEqual(kinds.filter((kind) => kind !== 'function'), ['memory', 'table']);
  assert.ok(kinds.filter((kind) => kind === 'function').length <= 2, JSON.stringify(exports));
});

test("the facade's wasm object is exactly the registered bindings, each invoked with its own arity", () => {
  const bindings = registeredBindings();
  assert.ok(bindings.size >= 30, `${bindings.size} bindings found`);
  assert.deepEqual(Object.keys(wasm).sort(), [...bindings.keys()].sort());
  for (const [name, arity] of bindings) assert.equal(wasm[name].length, arity, `${name} takes ${arity}`);
});

test('every module function the facade calls is one of them', () => {
  const lib = join(PACKAGE_DIR, 'lib');
  const called = new Set();
  for (const name of readdirSync(lib)) {
    for (const [, fn] of readFileSync(join(lib, name), 'utf8').matchAll(/\bwasm\.(\w+)\(/g)) called.add(fn);
  }
  assert.ok(called.size >= 30, [...called].join(' '));
  for (const fn of called) assert.equal(typeof wasm[fn], 'function', `wasm.${fn}`);
});

test('no entry or glue evaluates code (a strict CSP allows neither eval nor new Function)', () => {
  for (const file of ['index.js', 'index.cjs', 'workerd.js', 'branded.iife.js', 'branded-wasm.js']) {
    assert.doesNotMatch(readFileSync(join(PACKAGE_DIR, 'dist', file), 'utf8'), /new Function|\beval\(/, file);
  }
});
