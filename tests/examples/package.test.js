// @echomq/branded-widgets as npm ships it: the tarball's files and fields, a harmless import on a server
// (both entries, ESM and CommonJS), the Custom Elements Manifest against the real classes, the README against
// the manifest. The types per framework: types.test.js.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { prepareExample, sh } from './support.js';

let example;
let pkgDir;
before(
  async () => {
    example = await prepareExample('plain-html', { build: false });
    pkgDir = join(example.dir, 'node_modules/@echomq/branded-widgets');
  },
  { timeout: 600_000 },
);
after(() => example?.remove());

const manifest = () => JSON.parse(readFileSync(join(pkgDir, 'custom-elements.json'), 'utf8'));
const node = (code) => sh(process.execPath, ['--input-type=module', '-e', code], { cwd: example.dir });

test('the packed package is public, names its manifest, types, classic build and server entry', () => {
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  assert.equal(pkg.name, '@echomq/branded-widgets');
  assert.notEqual(pkg.private, true);
  assert.equal(pkg.publishConfig.access, 'public');
  const exported = [];
  const walk = (target) => {
    if (typeof target === 'string') exported.push(target);
    else for (const value of Object.values(target)) walk(value);
  };
  walk(pkg.exports);
  for (const file of [
    pkg.customElements,
    pkg.types,
    pkg.main,
    pkg.unpkg,
    pkg.jsdelivr,
    ...exported,
    'README.md',
    'LICENSE',
  ]) {
    assert.ok(existsSync(join(pkgDir, file)), `${file} is in the tarball`);
  }
  for (const subpath of ['.', './browser', './classic', './react', './vue', './svelte', './solid', './jsx'])
    assert.deepEqual(
      Object.keys(pkg.exports[subpath]),
      ['import', 'require'],
      `${subpath}: an ESM and a CommonJS face`,
    );
  assert.match(pkg.dependencies['@echomq/branded'], /^\d+\.\d+\.\d+$/);
});

test('on a server the import is a no-op: nothing defined, no DOM touched, no wasm loaded', async () => {
  const out = await node(`
    const widgets = await import('@echomq/branded-widgets');
    console.log(JSON.stringify({ defined: widgets.defineBrandedWidgets(), customElements: typeof customElements,
      tags: Object.keys(widgets.ELEMENTS), entry: import.meta.resolve('@echomq/branded-widgets') }));`);
  const result = JSON.parse(out);
  assert.deepEqual(
    { ...result, entry: undefined },
    { defined: false, customElements: 'undefined', tags: [], entry: undefined },
  );
  assert.match(result.entry, /\/server\.js$/);
  assert.doesNotMatch(
    readFileSync(new URL(result.entry), 'utf8'),
    /^\s*import\b/m,
    'the server entry imports nothing (no wasm)',
  );
});

test('required from CommonJS on a server: the same no-op; the browser build required defines nothing', async () => {
  const out = await sh(
    process.execPath,
    [
      '-e',
      `const server = require('@echomq/branded-widgets');
      const browser = require('@echomq/branded-widgets/browser');
      console.log(JSON.stringify({ server: server.defineBrandedWidgets(), entry: require.resolve('@echomq/branded-widgets'),
        browser: browser.defineBrandedWidgets(), tags: Object.keys(browser.ELEMENTS) }));`,
    ],
    { cwd: example.dir },
  );
  const result = JSON.parse(out);
  assert.match(result.entry, /\/server\.cjs$/);
  assert.deepEqual(
    { ...result, entry: undefined },
    {
      server: false,
      entry: undefined,
      browser: false,
      tags: ['branded-decode', 'branded-gate', 'branded-window', 'branded-enqueue'],
    },
  );
});

test('the browser build imported where there is no DOM does not throw and defines nothing', async () => {
  const out = await node(`
    const widgets = await import('@echomq/branded-widgets/browser');
    console.log(JSON.stringify({ defined: widgets.defineBrandedWidgets(), tags: Object.keys(widgets.ELEMENTS) }));`);
  assert.deepEqual(JSON.parse(out), {
    defined: false,
    tags: ['branded-decode', 'branded-gate', 'branded-window', 'branded-enqueue'],
  });
});

test('the manifest lists each tag with exactly the attributes its class observes, and its events', async () => {
  const observed = JSON.parse(
    await node(`
    const { ELEMENTS } = await import('@echomq/branded-widgets/browser');
    console.log(JSON.stringify(Object.fromEntries(Object.entries(ELEMENTS).map(([tag, c]) => [tag, c.observedAttributes]))));`),
  );
  const declarations = manifest()
    .modules.flatMap((m) => m.declarations)
    .filter((d) => d.tagName);
  assert.deepEqual(declarations.map((d) => d.tagName).sort(), Object.keys(observed).sort());
  for (const d of declarations) {
    const attributes = d.attributes.map((a) => a.name).filter((a) => a !== 'multiple');
    assert.deepEqual(attributes.sort(), [...observed[d.tagName]].sort(), d.tagName);
    assert.ok(
      d.events.some((e) => e.name === 'branded-change'),
      `${d.tagName} fires branded-change`,
    );
    assert.ok(
      d.cssParts.some((p) => p.name === 'panel') && d.cssProperties.some((p) => p.name === '--branded-surface'),
      d.tagName,
    );
  }
  const byTag = Object.fromEntries(declarations.map((d) => [d.tagName, d]));
  assert.ok(byTag['branded-decode'].events.some((e) => e.name === 'branded-decode'));
  assert.ok(byTag['branded-gate'].events.some((e) => e.name === 'branded-verdict'));
  assert.ok(byTag['branded-decode'].attributes.some((a) => a.name === 'multiple'));
});

test('the README documents every attribute, event, CSS part and custom property in the manifest', () => {
  const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');
  const names = new Set();
  for (const d of manifest()
    .modules.flatMap((m) => m.declarations)
    .filter((x) => x.tagName)) {
    for (const list of [d.attributes, d.events, d.cssParts, d.cssProperties])
      for (const item of list ?? []) names.add(item.name);
  }
  assert.ok(names.size > 25);
  const missing = [...names].filter((name) => !readme.includes(`\`${name}\``));
  assert.deepEqual(missing, []);
});
