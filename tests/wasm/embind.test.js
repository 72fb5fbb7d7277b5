// Every entry point the facade and the CLI call is an Embind binding, in both modules (the package's and the
// CLI's own): no C export is left in the bindings, neither linked wasm exports anything beyond what
// Emscripten's runtime calls, and each module's `wasm` object holds exactly the functions the
// EMSCRIPTEN_BINDINGS blocks it links register, each with a fixed-arity invoker.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import '../../wasm/index.js';
import { wasm as cliWasm } from '../../wasm/cli/module.js';
import { wasm } from '../../wasm/lib/module.js';
import { PACKAGE_DIR } from './support.js';

const BINDINGS = join(PACKAGE_DIR, 'bindings');
const sources = readdirSync(BINDINGS).filter((name) => /\.(cpp|hpp)$/.test(name));
const read = (name) => readFileSync(join(BINDINGS, name), 'utf8');
// The sources only the CLI's module links, from its add_branded_module line in wasm/CMakeLists.txt.
const CMAKE = readFileSync(join(PACKAGE_DIR, 'CMakeLists.txt'), 'utf8');
const CLI_ONLY = CMAKE.match(/add_branded_module\(branded_cli_wasm branded-cli-wasm ([^)]*)\)/)[1]
  .split(/\s+/)
  .map((path) => path.replace(/^bindings\//, ''));
const PACKAGE_SOURCES = sources.filter((name) => !CLI_ONLY.includes(name));

// "name" -> its C++ parameter count, from every emscripten::function("name", &cpp) and cpp's definition.
function registeredBindings(linked) {
  const bindings = new Map();
  for (const name of linked) {
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

test('the CLI-only sources are bindings sources, and they exist', () => {
  assert.deepEqual(CLI_ONLY, ['rows.cpp']);
  for (const name of CLI_ONLY) assert.ok(sources.includes(name), name);
});

for (const file of ['branded.wasm', 'branded-cli.wasm']) {
  test(`${file} exports only the runtime: memory, table, and at most two functions`, () => {
    const exports = WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(join(PACKAGE_DIR, 'dist', file))));
    const kinds = exports.map((e) => e.kind).sort();
    assert.deepEqual(
      kinds.filter((kind) => kind !== 'function'),
      ['memory', 'table'],
    );
    assert.ok(kinds.filter((kind) => kind === 'function').length <= 2, JSON.stringify(exports));
  });
}

test("the facade's wasm object is exactly the package's registered bindings, each invoked with its own arity", () => {
  const bindings = registeredBindings(PACKAGE_SOURCES);
  assert.ok(bindings.size >= 30, `${bindings.size} bindings found`);
  assert.ok(bindings.has('scan') && !bindings.has('format_found'), [...bindings.keys()].join(' '));
  assert.deepEqual(Object.keys(wasm).sort(), [...bindings.keys()].sort());
  for (const [name, arity] of bindings) assert.equal(wasm[name].length, arity, `${name} takes ${arity}`);
});

test("the CLI module's wasm object is exactly every registered binding (the package's and rows.cpp's)", () => {
  const bindings = registeredBindings(sources);
  assert.ok(bindings.has('format_found') && bindings.has('decode_lines') && bindings.has('format_lines'));
  assert.deepEqual(Object.keys(cliWasm).sort(), [...bindings.keys()].sort());
  for (const [name, arity] of bindings) assert.equal(cliWasm[name].length, arity, `${name} takes ${arity}`);
});

// The module functions the JavaScript in `folder` calls (as wasm.name(...)).
function calledIn(folder) {
  const called = new Set();
  for (const name of readdirSync(join(PACKAGE_DIR, folder))) {
    for (const [, fn] of readFileSync(join(PACKAGE_DIR, folder, name), 'utf8').matchAll(/\bwasm\.(\w+)\(/g))
      called.add(fn);
  }
  return called;
}

test('every module function the facade calls is one of them', () => {
  const called = calledIn('lib');
  assert.ok(called.size >= 30, [...called].join(' '));
  for (const fn of called) assert.equal(typeof wasm[fn], 'function', `wasm.${fn}`);
});

test("every module function the CLI calls is one of its module's bindings", () => {
  const called = calledIn('cli');
  assert.ok(called.has('format_found') && called.has('decode_lines') && called.has('input'), [...called].join(' '));
  for (const fn of called) assert.equal(typeof cliWasm[fn], 'function', `wasm.${fn}`);
});

test('no entry or glue evaluates code (a strict CSP allows neither eval nor new Function)', () => {
  for (const file of [
    'index.js',
    'index.cjs',
    'workerd.js',
    'branded.iife.js',
    'branded-wasm.js',
    'branded-cli-wasm.js',
    'cli.cjs',
  ]) {
    assert.doesNotMatch(readFileSync(join(PACKAGE_DIR, 'dist', file), 'utf8'), /new Function|\beval\(/, file);
  }
});
