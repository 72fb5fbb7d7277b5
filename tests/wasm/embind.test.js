// Every entry point the facade, the ./explain, ./fleet and ./export subpaths and the CLI call is an Embind binding,
// in each module (the package's, the subpaths' and the CLI's own): no C export is left in the bindings, no linked wasm exports anything
// beyond what Emscripten's runtime calls, and each module's `wasm` object holds exactly the functions the
// EMSCRIPTEN_BINDINGS blocks it links register, each with a fixed-arity invoker.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import '../../wasm/index.js';
import { wasm as cliWasm } from '../../wasm/cli/module.js';
import { wasm } from '../../wasm/lib/module.js';
import createExplainModule from '../../wasm/dist/branded-explain-wasm.js';
import createFleetModule from '../../wasm/dist/branded-fleet-wasm.js';
import createExportModule from '../../wasm/dist/branded-export-wasm.js';
import { PACKAGE_DIR } from './support.js';

const BINDINGS = join(PACKAGE_DIR, 'bindings');
const sources = readdirSync(BINDINGS).filter((name) => /\.(cpp|hpp)$/.test(name));
const read = (name) => readFileSync(join(BINDINGS, name), 'utf8');
// What each module links, from wasm/CMakeLists.txt: its bindings library's sources (add_library(NAME OBJECT ...))
// and the sources its add_branded_module line adds (an add_placed_module line adds none: what follows its
// library is the prefix of its placed files).
const CMAKE = readFileSync(join(PACKAGE_DIR, 'CMakeLists.txt'), 'utf8');
const bindingsSources = (path) => path.replace(/^bindings\//, '');
const LIBRARIES = Object.fromEntries(
  [...CMAKE.matchAll(/add_library\((\w+) OBJECT\s+([^)]*)\)/g)].map(([, name, list]) => [
    name,
    list.split(/\s+/).filter(Boolean).map(bindingsSources),
  ]),
);
function linked(target) {
  const [, kind, library, extra] = CMAKE.match(
    new RegExp(`add_(branded|placed)_module\\(${target} [\\w-]+ (\\w+)([^)]*)\\)`),
  );
  const added = kind === 'placed' ? [] : extra.split(/\s+/).filter(Boolean).map(bindingsSources);
  return [...LIBRARIES[library], ...added];
}
const PACKAGE_SOURCES = linked('branded_wasm');
const CLI_SOURCES = linked('branded_cli_wasm');
const EXPLAIN_SOURCES = linked('branded_explain_wasm');
const FLEET_SOURCES = linked('branded_fleet_wasm');
const EXPORT_SOURCES = linked('branded_export_wasm');

// A subpath's module, instantiated as its entry does (its wasm object is not exported).
function subpathModuleWasm(createModule, wasmFile) {
  const emscripten = {
    instantiateWasm(imports, receive) {
      const bytes = readFileSync(join(PACKAGE_DIR, 'dist', wasmFile));
      receive(new WebAssembly.Instance(new WebAssembly.Module(bytes), imports));
      return {};
    },
  };
  createModule(emscripten);
  return { ...emscripten.embindBindings };
}
const explainModuleWasm = () => subpathModuleWasm(createExplainModule, 'branded-explain.wasm');
const fleetModuleWasm = () => subpathModuleWasm(createFleetModule, 'branded-fleet.wasm');
const exportModuleWasm = () => subpathModuleWasm(createExportModule, 'branded-export.wasm');

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

test("each module's sources are bindings sources, and they exist", () => {
  assert.deepEqual(CLI_SOURCES, ['types.cpp', 'shared.cpp', 'cli.cpp']);
  assert.deepEqual(EXPLAIN_SOURCES, ['types.cpp', 'shared.cpp', 'explain.cpp']);
  assert.deepEqual(FLEET_SOURCES, ['types.cpp', 'shared.cpp', 'fleet.cpp']);
  assert.deepEqual(EXPORT_SOURCES, ['types.cpp', 'shared.cpp', 'export.cpp']);
  assert.ok(PACKAGE_SOURCES.includes('scan.cpp') && !PACKAGE_SOURCES.includes('cli.cpp'));
  for (const name of [...CLI_SOURCES, ...EXPLAIN_SOURCES, ...FLEET_SOURCES, ...EXPORT_SOURCES])
    assert.ok(sources.includes(name), name);
});

for (const file of [
  'branded.wasm',
  'branded-cli.wasm',
  'branded-explain.wasm',
  'branded-fleet.wasm',
  'branded-export.wasm',
]) {
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

test("the CLI module's wasm object is exactly the bindings it links (the CLI's program, none of the package's)", () => {
  const bindings = registeredBindings(CLI_SOURCES);
  assert.ok(bindings.has('cli_start') && bindings.has('cli_read') && !bindings.has('parse'));
  assert.deepEqual(Object.keys(cliWasm).sort(), [...bindings.keys()].sort());
  for (const [name, arity] of bindings) assert.equal(cliWasm[name].length, arity, `${name} takes ${arity}`);
});

test("the ./explain module's wasm object is exactly the bindings it links", () => {
  const bindings = registeredBindings(EXPLAIN_SOURCES);
  assert.ok(bindings.has('explain_id') && bindings.has('parse_instant') && !bindings.has('parse'));
  const explainWasm = explainModuleWasm();
  assert.deepEqual(Object.keys(explainWasm).sort(), [...bindings.keys()].sort());
  for (const [name, arity] of bindings) assert.equal(explainWasm[name].length, arity, `${name} takes ${arity}`);
});

test("the ./fleet module's wasm object is exactly the bindings it links", () => {
  const bindings = registeredBindings(FLEET_SOURCES);
  assert.ok(bindings.has('fleet_check') && !bindings.has('parse') && !bindings.has('explain_id'));
  const fleetWasm = fleetModuleWasm();
  assert.deepEqual(Object.keys(fleetWasm).sort(), [...bindings.keys()].sort());
  for (const [name, arity] of bindings) assert.equal(fleetWasm[name].length, arity, `${name} takes ${arity}`);
});

test("the ./export module's wasm object is exactly the bindings it links", () => {
  const bindings = registeredBindings(EXPORT_SOURCES);
  assert.ok(bindings.has('export_rows') && !bindings.has('parse') && !bindings.has('fleet_check'));
  const exportWasm = exportModuleWasm();
  assert.deepEqual(Object.keys(exportWasm).sort(), [...bindings.keys()].sort());
  for (const [name, arity] of bindings) assert.equal(exportWasm[name].length, arity, `${name} takes ${arity}`);
});

// The module functions the JavaScript in `folder` calls (as wasm.name(...)), in the files `keep` keeps.
function calledIn(folder, keep = () => true) {
  const called = new Set();
  for (const name of readdirSync(join(PACKAGE_DIR, folder)).filter(keep)) {
    for (const [, fn] of readFileSync(join(PACKAGE_DIR, folder, name), 'utf8').matchAll(/\bwasm\.(\w+)\(/g))
      called.add(fn);
  }
  return called;
}

// lib/explain.js and lib/fleet.js run over their subpaths' modules, never over the package's.
const EXPLAIN_API = 'explain.js';
const FLEET_API = 'fleet.js';
const EXPORT_API = 'export.js';

test('every module function the facade calls is one of them', () => {
  const called = calledIn('lib', (name) => ![EXPLAIN_API, FLEET_API, EXPORT_API].includes(name));
  assert.ok(called.size >= 30, [...called].join(' '));
  for (const fn of called) assert.equal(typeof wasm[fn], 'function', `wasm.${fn}`);
});

test("every module function the CLI calls is one of its module's bindings", () => {
  const called = calledIn('cli');
  assert.ok(called.has('cli_start') && called.has('cli_done') && called.has('input'), [...called].join(' '));
  for (const fn of called) assert.equal(typeof cliWasm[fn], 'function', `wasm.${fn}`);
});

test("every module function lib/explain.js calls is one of the ./explain module's", () => {
  const called = calledIn('lib', (name) => name === EXPLAIN_API);
  assert.ok(called.has('explain_id') && called.has('parse_instant'), [...called].join(' '));
  const explainWasm = explainModuleWasm();
  for (const fn of called) assert.equal(typeof explainWasm[fn], 'function', `explain module: wasm.${fn}`);
});

test("every module function lib/fleet.js calls is one of the ./fleet module's", () => {
  const called = calledIn('lib', (name) => name === FLEET_API);
  assert.ok(called.has('fleet_check') && called.has('fleet_finding'), [...called].join(' '));
  const fleetWasm = fleetModuleWasm();
  for (const fn of called) assert.equal(typeof fleetWasm[fn], 'function', `fleet module: wasm.${fn}`);
});

test("every module function lib/export.js calls is one of the ./export module's", () => {
  const called = calledIn('lib', (name) => name === EXPORT_API);
  assert.ok(called.has('export_rows') && called.has('export_area'), [...called].join(' '));
  const exportWasm = exportModuleWasm();
  for (const fn of called) assert.equal(typeof exportWasm[fn], 'function', `export module: wasm.${fn}`);
});

test('no entry or glue evaluates code (a strict CSP allows neither eval nor new Function)', () => {
  for (const file of [
    'index.js',
    'index.cjs',
    'workerd.js',
    'branded.iife.js',
    'branded-wasm.js',
    'branded-cli-wasm.js',
    'branded-explain-wasm.js',
    'explain.js',
    'explain.cjs',
    'branded-fleet-wasm.js',
    'fleet.js',
    'fleet.cjs',
    'branded-export-wasm.js',
    'export.js',
    'export.cjs',
    'cli.cjs',
  ]) {
    assert.doesNotMatch(readFileSync(join(PACKAGE_DIR, 'dist', file), 'utf8'), /new Function|\beval\(/, file);
  }
});
