// CONTRIBUTING.md names real things: every path it writes in code exists, every function, constant, class or
// export it names (camelCase, PascalCase, UPPER_CASE in code) occurs in the sources, and a name it places in
// a file (`name` in `file`, `name` (`file`)) is in that file. A recipe that outlives the code it describes fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, codeSpans, inSources, misplacedNames, missingPaths, namesIn, namesInFiles, pathsIn } from './names.js';

const PAGE = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
const spans = codeSpans(PAGE);
// A path is written from the repository's root or from the room its section is about.
const ROOMS = ['', 'bridge/src', 'bridge/src/ops', 'scripts', 'scripts/test.d', 'tests'];
// Words in code that name a style, not a thing of the code.
const STYLE_WORDS = new Set(['camelCase', 'PascalCase', 'UPPER_CASE']);
// Spans shaped like paths that are not: ESLint rule names and a stage's name pattern.
const notPath = (span) => span.startsWith('jsdoc/') || span.includes('NN-name');

test('every path the page names exists', () => {
  const paths = pathsIn(spans).filter((span) => !notPath(span));
  assert.ok(paths.length > 20, `${paths.length} paths`);
  assert.deepEqual(missingPaths(paths, ROOMS), []);
});

test('every function, constant and class the page names is in the sources', () => {
  const pascal = [...new Set(spans.filter((s) => /^[A-Z][a-z0-9]+[A-Z]\w*$/.test(s) || /^[A-Z]{3,}$/.test(s)))];
  const names = [...namesIn(spans), ...pascal].filter((name) => !STYLE_WORDS.has(name));
  assert.ok(names.length > 15, `${names.length} names`);
  assert.deepEqual(
    names.filter((name) => !inSources(name)),
    [],
  );
});

test('every name the page places in a file is in that file', () => {
  assert.ok(namesInFiles(PAGE).length > 5, `${namesInFiles(PAGE).length} names placed in files`);
  assert.deepEqual(misplacedNames(PAGE, ROOMS), []);
});
