// docs/ARCHITECTURE.md names real things: every path it writes in code exists, and every function or constant
// it names (a camelCase or UPPER_CASE word in code) occurs in the sources, and in the file it places it in.
// Its sentences stay short.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, codeSpans, inSources, misplacedNames, missingPaths, namesIn, pathsIn, sentences } from './names.js';

const PAGE = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
const spans = codeSpans(PAGE);

// A path is written from the repository's root or from the room the sentence is about.
const ROOMS = ['', 'wasm', 'web', 'core', 'core/include/branded', 'tests', 'scripts', 'bridge', 'bridge/src'];

test('every path the page names exists', () => {
  const paths = pathsIn(spans);
  assert.ok(paths.length > 20, `${paths.length} paths`);
  assert.deepEqual(missingPaths(paths, ROOMS), []);
});

test('every function and constant the page names is in the sources', () => {
  const names = namesIn(spans);
  assert.ok(names.length > 20, `${names.length} names`);
  assert.deepEqual(
    names.filter((name) => !inSources(name)),
    [],
  );
});

test('every name the page places in a file is in that file', () => {
  assert.deepEqual(misplacedNames(PAGE, ROOMS), []);
});

test('no sentence of the page runs over 40 words', () => {
  const long = sentences(PAGE).filter((words) => words.length > 40);
  assert.deepEqual(
    long.map((words) => `${words.length} words: ${words.slice(0, 8).join(' ')} …`),
    [],
  );
});
