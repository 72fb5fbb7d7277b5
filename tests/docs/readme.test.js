// The README stays short and true: its figures are bench/results.json's, and every link in it resolves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { headlineTable, withTable } from '../../bench/readme.js';

const root = new URL('../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');

test('README.md is at most 120 lines', () => {
  assert.ok(readme.split('\n').length <= 121, `${readme.split('\n').length} lines`);
});

test("README.md's headline figures are bench/results.json's goals", () => {
  const results = JSON.parse(readFileSync(new URL('bench/results.json', root), 'utf8'));
  assert.equal(withTable(readme, headlineTable(results)), readme, 'run `node bench/readme.js`');
});

test('every relative link in README.md names a file of the repository', () => {
  const links = [...readme.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
    .map((m) => m[1])
    .filter((href) => !/^[a-z]+:/.test(href));
  assert.ok(links.length > 5, 'the README links its docs');
  for (const href of links) assert.ok(existsSync(new URL(href, root)), `${href} does not exist`);
});
