// The code-block test's own conventions (README.md): a block that prints other than it shows, prints what it
// does not show, or puts an arrow where nothing is shown must fail, in every language the site uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageBlocks } from './blocks.js';
import { instrument } from './js-block.js';
import { runTranscript, transcript } from './shell.js';
import { matchesShown } from './shown.js';

const HERE = new URL('.', import.meta.url).pathname;

function inScratch(run) {
  const dir = mkdtempSync(join(tmpdir(), 'docs-code-conventions-'));
  try {
    return run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs a JS block as page-runner.js does; answers { checks, stray } with each check's ok. */
const runJs = (code) =>
  inScratch((dir) => {
    const file = join(dir, 'block.mjs');
    const results = join(dir, 'results.json');
    writeFileSync(file, instrument(code).source);
    const run = spawnSync('node', [file], { env: { ...process.env, DOCS_CODE_RESULTS: results }, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const out = JSON.parse(readFileSync(results, 'utf8'));
    return { ...out, checks: out.checks.map((c) => ({ ...c, ok: matchesShown(c.shown, c.actual) })) };
  });

/** Runs a Python or SQL block through run_block.py. */
const runPython = (kind, code) =>
  inScratch((dir) => {
    const file = join(dir, 'block');
    const results = join(dir, 'results.json');
    writeFileSync(file, code);
    const run = spawnSync('python3', [join(HERE, 'run_block.py'), kind, file, results], { encoding: 'utf8' });
    if (run.status !== 0) return { failure: run.stderr + run.stdout };
    const out = JSON.parse(readFileSync(results, 'utf8'));
    return { ...out, checks: out.checks.map((c) => ({ ...c, ok: matchesShown(c.shown, c.actual) })) };
  });

test('shown output: whitespace runs are one space, … is any text, anything else must match', () => {
  assert.ok(matchesShown('{ a: 1,\n  b: 2 }', '{ a: 1, b: 2 }'));
  assert.ok(matchesShown('added 1 package in …', 'added 1 package in 812ms'));
  assert.ok(!matchesShown('added 1 package', 'added 2 packages'));
  assert.ok(!matchesShown('', 'something printed'));
});

test('js: a value, a print, a throw and a wrapped arrow are compared; a wrong one fails', () => {
  const { checks, stray } = runJs(
    [
      "'a' + 'b'; // → 'ab'",
      "console.log('x'); // → x",
      "JSON.parse('{'); // → throws SyntaxError: …",
      '({ one: 1, two: 2 });',
      '// → { one: 1,',
      '//     two: 2 }',
      '1 + 1; // → 3',
    ].join('\n'),
  );
  assert.equal(stray, '');
  assert.deepEqual(
    checks.map((c) => c.ok),
    [true, true, true, true, false],
  );
});

test('js: output a block does not show is stray; an arrow after a declaration is refused', () => {
  assert.equal(runJs("console.log('unshown');").stray, 'unshown\n');
  assert.throws(() => instrument('const a = 1; // → 1'), /after a declaration/);
  assert.throws(() => instrument('// → 1'), /follows no top-level statement/);
});

test('python and sql: values, prints and rows are compared; unshown rows are stray', () => {
  const python = runPython('python', "1 + 1  # → 2\nprint('hi')  # → hi\n'a' * 2  # → 'b'\n");
  assert.deepEqual(
    python.checks.map((c) => c.ok),
    [true, true, false],
  );
  const sql = runPython(
    'sql',
    'CREATE TABLE t (a, b);\nINSERT INTO t VALUES (1, 2), (3, NULL);\nSELECT * FROM t;\n-- → 1|2\n--   3|\nSELECT 9;\n',
  );
  assert.deepEqual(
    sql.checks.map((c) => c.ok),
    [true],
  );
  assert.equal(sql.stray, '9');
});

test('shell: a transcript is `$ ` commands and what they print; `$?` reads the last status; prose is refused', async () => {
  assert.deepEqual(
    transcript("$ echo a \\\n  b\na b\n$ cat <<'X'\nline\nX\nline").map((c) => [c.command, c.shown]),
    [
      ['echo a \n  b', 'a b'],
      ["cat <<'X'\nline\nX", 'line'],
    ],
  );
  assert.throws(() => transcript('npm install x'), /start each command with "\$ "/);
  const checks = await inScratch((cwd) =>
    runTranscript('$ false\n$ echo $?\n1\n$ echo yes\nno', { cwd, env: process.env, background: [] }),
  );
  assert.deepEqual(
    checks.map((c) => c.ok),
    [true, true, false],
  );
});

test('a block takes the directive written just before it, and only that block', () => {
  const blocks = pageBlocks(
    '<!-- code: not run — a reason long enough -->\n\n```js\n1\n```\n\ntext\n\n```sh\n$ true\n```\n',
  );
  assert.deepEqual(
    blocks.map((b) => [b.lang, b.directive]),
    [
      ['js', 'not run — a reason long enough'],
      ['sh', null],
    ],
  );
});
