// Every code block of the docs site runs, and shows what it prints (the conventions: tests/docs-code/README.md).
// Each page runs in order in a network namespace of its own, on a reader's machine (reader.js); the contract
// page's decoders are also held to every vector of tests/vectors/, and the built site is held to the source.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT, pageBlocks, repositoryPages, sitePages, snippetPath } from './blocks.js';
import { RUNS } from './page-runner.js';
import { readerMachine } from './reader.js';

const BUILT = join(ROOT, 'web/dist/docs');
const MARK = /^not run\s*[—:-]\s*(.+)$/s;
const FILE = /^file\s+(\S+)$/;
const PAGE_DIRECTIVE = /^(?:cwd repository|python (\S+))$/;
const vectors = (name) => JSON.parse(readFileSync(join(ROOT, 'tests/vectors', name), 'utf8'));

const pages = sitePages().map((page) => ({ ...page, blocks: pageBlocks(page.text) }));
const readerPages = [...pages, ...repositoryPages().map((page) => ({ ...page, blocks: pageBlocks(page.text) }))];
const tally = new Map();
const count = (lang, what) => {
  const row = tally.get(lang) ?? { run: 0, marked: 0, example: 0, file: 0 };
  row[what]++;
  tally.set(lang, row);
};

let reader;
before(() => (reader = readerMachine()), { timeout: 600_000 });
after(() => {
  if (reader && !process.env.KEEP_DOCS_CODE) rmSync(reader.dir, { recursive: true, force: true });
  const rows = [...tally].sort(([a], [b]) => a.localeCompare(b));
  const total = rows.reduce((sum, [, r]) => sum + r.run + r.marked + r.example + r.file, 0);
  console.log(`docs code blocks: ${total} on ${pages.length} pages`);
  for (const [lang, r] of rows)
    console.log(
      `  ${lang.padEnd(10)} ran ${r.run}, files written ${r.file}, example files ${r.example}, not run ${r.marked}`,
    );
});

/** Each block's directive, checked: a mark needs its reason, a file its path; anything else is a typo. */
function classify(page) {
  const problems = [];
  let cwd = null;
  let python = null;
  for (const [, directive] of page.text.matchAll(/<!--\s*code:\s*(.*?)\s*-->/g)) {
    const match = PAGE_DIRECTIVE.exec(directive);
    if (match && match[1]) python = match[1];
    else if (match) cwd = ROOT;
  }
  const blocks = page.blocks.map((block) => {
    const where = `${page.source}:${block.line}`;
    const directive = block.directive ?? '';
    const mark = MARK.exec(directive);
    const file = FILE.exec(directive);
    if (block.kind === 'snippet') return { ...block, where };
    if (mark && mark[1].trim().length < 20) problems.push(`${where}: "not run" needs a reason a reader understands`);
    if (directive && !mark && !file && directive !== 'decoder' && !PAGE_DIRECTIVE.test(directive))
      problems.push(`${where}: unknown directive <!-- code: ${directive} -->`);
    return { ...block, where, marked: Boolean(mark), file: file?.[1] ?? null };
  });
  return { blocks, cwd, python, problems };
}

function runPage(page, blocks, cwd, python) {
  const dir = join(reader.dir, 'pages', page.route);
  mkdirSync(dir, { recursive: true });
  const env = { ...reader.env };
  if (!cwd) {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'reader-page', private: true }));
    if (/npm install -g /.test(page.text)) {
      env.npm_config_prefix = join(dir, '.global');
      env.PATH = `${join(dir, '.global/bin')}:${env.PATH}`;
    }
  }
  const ids = join(dir, '.ids.json');
  writeFileSync(ids, JSON.stringify([...vectors('valid.json'), ...vectors('invalid.json')].map((v) => v.id)));
  const input = join(dir, '.page.json');
  const output = join(dir, '.results.json');
  const context = { cwd: cwd ?? dir, scratch: join(dir, '.scratch'), env, ids, modules: reader.modules, python };
  writeFileSync(input, JSON.stringify({ blocks, context }));
  const runner = join(ROOT, 'tests/docs-code/page-runner.js');
  const child = spawnSync(
    'unshare',
    ['--net', '--', 'bash', '-c', 'ip link set lo up && exec node "$0" "$1" "$2"', runner, input, output],
    { encoding: 'utf8', timeout: 540_000, env: reader.env, maxBuffer: 64 << 20 },
  );
  assert.equal(child.status, 0, `the page runner failed: ${child.stderr}${child.stdout}${child.error ?? ''}`);
  return JSON.parse(readFileSync(output, 'utf8'));
}

const show = (text) => (text.length > 1200 ? `${text.slice(0, 1200)}…` : text);

describe('every code block of the docs site', () => {
  test('the site has pages, each block in a language the test runs or marked', () => {
    assert.ok(pages.length >= 10, `${pages.length} pages`);
    for (const page of readerPages)
      for (const block of classify(page).blocks)
        if (block.kind === 'fence' && !block.marked && !block.file)
          assert.ok(RUNS[block.lang], `${block.where}: \`${block.lang || '(none)'}\` has no runner; mark it`);
  });

  for (const page of readerPages)
    test(`${page.route}: its blocks run and print what they show`, { timeout: 600_000 }, () => {
      const { blocks, cwd, python, problems } = classify(page);
      assert.deepEqual(problems, []);
      const outcomes = blocks.length ? runPage(page, blocks, cwd, python) : [];
      const failures = [];
      for (const [n, block] of blocks.entries()) {
        const outcome = outcomes[n];
        if (block.kind === 'snippet') count('(example)', 'example');
        else count(block.lang || '(none)', block.marked ? 'marked' : block.file ? 'file' : 'run');
        if (outcome.skipped) continue;
        if (outcome.failure) failures.push(`${block.where} (${block.lang}): ${show(outcome.failure)}`);
        for (const check of outcome.checks)
          if (!check.ok)
            failures.push(
              `${block.where} (${block.lang}), shown at block line ${check.line}:\n    shows:  ${show(check.shown)}\n    prints: ${show(check.actual)}`,
            );
        if (outcome.stray)
          failures.push(`${block.where} (${block.lang}) prints what it does not show: ${show(outcome.stray)}`);
      }
      assert.equal(failures.length, 0, `\n${failures.join('\n')}`);
    });

  test("a snippet imported from an example is that example's file, which stage 65-examples builds and loads", () => {
    for (const page of pages)
      for (const block of classify(page).blocks.filter((b) => b.kind === 'snippet')) {
        const file = snippetPath(block.file.replace(/#.*$/, ''));
        assert.ok(existsSync(file), `${block.where}: ${block.file} does not exist`);
        const example = /^examples\/([^/]+)\//.exec(relative(ROOT, file))?.[1];
        assert.ok(example, `${block.where}: ${block.file} is not a file of an example under examples/`);
        assert.ok(
          existsSync(join(ROOT, `tests/examples/${example}.test.js`)),
          `${block.where}: no test loads ${example}`,
        );
      }
  });
});

describe('the contract page', () => {
  const contract = pages.find((p) => p.route === 'contract');
  const decoders = () => classify(contract).blocks.filter((b) => b.directive === 'decoder');

  test('has a decoder in JavaScript, Python and SQL', () => {
    assert.deepEqual(
      decoders()
        .map((b) => b.lang)
        .sort(),
      ['js', 'python', 'sql'],
    );
  });

  for (const lang of ['js', 'python', 'sql'])
    test(`its ${lang} decoder decodes every valid vector and refuses every invalid one with its error`, () => {
      const block = decoders().find((b) => b.lang === lang);
      const outcome = runPage({ ...contract, route: `contract-decoder-${lang}` }, [block], null)[0];
      assert.equal(outcome.failure, null);
      const field = (result, name) =>
        Object.entries(result).find(([k]) => k.replace(/_/g, '').toLowerCase() === name.toLowerCase())?.[1];
      const valid = vectors('valid.json');
      const invalid = vectors('invalid.json');
      assert.equal(outcome.decoded.length, valid.length + invalid.length);
      valid.forEach((v, i) => {
        const got = outcome.decoded[i];
        assert.equal(field(got, 'error') ?? null, null, `${v.name}: refused`);
        for (const name of ['namespace', 'snowflake', 'unixMs', 'node', 'seq'])
          assert.equal(field(got, name), String(v[name]), `${v.name}: ${name}`);
      });
      invalid.forEach((v, i) =>
        assert.equal(field(outcome.decoded[valid.length + i], 'error'), v.error, `${v.name} (${JSON.stringify(v.id)})`),
      );
    });
});

describe('the built site is the source', () => {
  test('every page is built, with as many code blocks as its source has', () => {
    assert.ok(existsSync(BUILT), 'build the site first (bash scripts/build.sh)');
    for (const page of pages) {
      const html = join(BUILT, `${page.route}.html`);
      assert.ok(existsSync(html), `${page.route}.html was not built`);
      const built = (readFileSync(html, 'utf8').match(/<div class="language-/g) ?? []).length;
      assert.equal(
        built,
        page.blocks.length,
        `${page.route}: ${built} blocks built, ${page.blocks.length} in the source`,
      );
    }
  });
});
