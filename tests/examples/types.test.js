// The widgets' types as each framework's own checker reads them, strict and not: tsc for the DOM (with the
// package's results narrowing on `!r.ok`), React 19, Solid and a global JSX namespace; vue-tsc for a Vue SFC;
// svelte-check for Svelte components. Each usage file also holds lines that must be errors (`@ts-expect-error`,
// `@vue-expect-error`; Svelte: Bad.svelte's two), so a type that accepts anything fails here too. Every tsc cell
// runs again under TypeScript 7's native preview (tsgo, @typescript/native-preview). Beside it:
// arethetypeswrong on the widgets' tarball under every profile, and a LICENSE in both tarballs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, packTarballs, prepareExample, sh } from './support.js';

const FIXTURE = join(ROOT, 'tests/examples/types');
// framework → the checker and the files it reads (relative to the installed fixture).
const FRAMEWORKS = {
  dom: { checker: 'tsc', files: ['dom.ts'] },
  react: { checker: 'tsc', files: ['react.tsx'], options: { jsx: 'react-jsx' } },
  solid: { checker: 'tsc', files: ['solid.tsx'], options: { jsx: 'preserve', jsxImportSource: 'solid-js' } },
  jsx: { checker: 'tsc', files: ['jsx.tsx'], options: { jsx: 'preserve' } },
  vue: { checker: 'vue-tsc', files: ['vue/Decoder.vue'], options: { jsx: 'preserve' } },
  svelte: { checker: 'svelte-check', files: ['svelte-props.ts'], include: ['svelte/*.svelte'] },
};
const MODES = { strict: true, 'non-strict': false };
// What svelte-check must report in svelte/Bad.svelte, and nothing else.
const SVELTE_BAD = [
  /Bad\.svelte" 6:\d+ "Type '."blue."' is not assignable to type 'BrandedTheme/,
  /Bad\.svelte" 7:\d+ "Property 'iso' does not exist on type 'BrandedVerdictDetail'/,
];

let fixture;
before(
  async () => {
    fixture = await prepareExample('types', { build: false, from: FIXTURE });
  },
  { timeout: 600_000 },
);
after(() => fixture?.remove());

/** Writes the tsconfig for one cell of the matrix; returns its absolute path. */
function tsconfig(framework, mode) {
  const { files, include, options = {} } = FRAMEWORKS[framework];
  const path = join(fixture.dir, `tsconfig.${framework}.${mode}.json`);
  const config = { extends: './tsconfig.base.json', compilerOptions: { strict: MODES[mode], ...options }, files };
  writeFileSync(path, JSON.stringify(include ? { ...config, include } : config, null, 2));
  return path;
}

const bin = (path) => join(fixture.dir, 'node_modules', path);

async function check(framework, mode) {
  const config = tsconfig(framework, mode);
  const { checker } = FRAMEWORKS[framework];
  const cwd = fixture.dir;
  if (checker === 'tsc') return sh(process.execPath, [bin('typescript/bin/tsc'), '-p', config], { cwd });
  if (checker === 'vue-tsc') return sh(process.execPath, [bin('vue-tsc/bin/vue-tsc.js'), '-p', config], { cwd });
  // svelte-check: the .svelte files of svelte/ (the workspace), and the plain .ts through tsc.
  await sh(process.execPath, [bin('typescript/bin/tsc'), '-p', config], { cwd });
  const output = await sh(
    process.execPath,
    [
      bin('svelte-check/bin/svelte-check'),
      '--workspace',
      join(cwd, 'svelte'),
      '--tsconfig',
      config,
      '--output',
      'machine',
    ],
    { cwd },
  ).catch((error) => error.message);
  const errors = output.split('\n').filter((line) => / ERROR /.test(line));
  assert.equal(errors.length, SVELTE_BAD.length, output);
  for (const expected of SVELTE_BAD)
    assert.ok(
      errors.some((line) => expected.test(line)),
      `${expected}\n${output}`,
    );
  return output;
}

// TypeScript 7 (tsgo): the same tsconfig, the same files, the same expected errors as tsc's cells.
const TSGO_FRAMEWORKS = Object.keys(FRAMEWORKS).filter((framework) => FRAMEWORKS[framework].checker === 'tsc');

async function checkWithTsgo(framework, mode) {
  const tsgo = bin('@typescript/native-preview/bin/tsgo');
  return sh(process.execPath, [tsgo, '-p', tsconfig(framework, mode)], { cwd: fixture.dir });
}

describe('the types matrix under TypeScript 7 (tsgo)', { concurrency: 2 }, () => {
  test('tsgo is TypeScript 7', async () => {
    const version = await sh(process.execPath, [bin('@typescript/native-preview/bin/tsgo'), '--version'], {
      cwd: fixture.dir,
    });
    assert.match(version, /Version 7\./);
  });
  for (const framework of TSGO_FRAMEWORKS)
    for (const mode of Object.keys(MODES))
      test(`${framework} × ${mode}: tsgo accepts the usage and rejects the wrong lines`, async () => {
        await checkWithTsgo(framework, mode);
      });
});

describe('the types matrix: each framework, strict and non-strict', { concurrency: 2 }, () => {
  for (const framework of Object.keys(FRAMEWORKS))
    for (const mode of Object.keys(MODES))
      test(`${framework} × ${mode}: ${FRAMEWORKS[framework].checker} accepts the usage and rejects the wrong lines`, async () => {
        await check(framework, mode);
      });
});

test('arethetypeswrong: the widgets tarball resolves cleanly under every profile and resolution', async () => {
  const tarball = join(await packTarballs(), 'echomq-branded-widgets-0.1.0.tgz');
  const attw = join(ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js');
  for (const profile of ['strict', 'node16', 'esm-only']) {
    const out = await sh(process.execPath, [attw, '--profile', profile, '--format', 'json', tarball], { cwd: ROOT });
    const { analysis } = JSON.parse(out);
    assert.deepEqual(analysis.problems ?? [], [], `${profile}: ${out.slice(0, 2000)}`);
    const entries = Object.keys(analysis.entrypoints);
    for (const subpath of ['.', './browser', './classic', './react', './vue', './svelte', './solid', './jsx'])
      assert.ok(entries.includes(subpath), `${profile} checked ${subpath} (${entries})`);
  }
});

test('both tarballs carry the LICENSE, the same text as the repository', async () => {
  const dir = await packTarballs();
  const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
  for (const tarball of ['echomq-branded-0.1.0.tgz', 'echomq-branded-widgets-0.1.0.tgz']) {
    const text = await sh('tar', ['-xOzf', join(dir, tarball), 'package/LICENSE'], { cwd: dir });
    assert.equal(text, license, tarball);
  }
});
