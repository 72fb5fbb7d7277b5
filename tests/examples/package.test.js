// @echomq/branded-widgets as npm ships it: the tarball's files and fields, a harmless import on a server
// (both entries), the Custom Elements Manifest against the real classes, the README against the manifest,
// and the types as a TypeScript user meets them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, prepareExample, sh } from './support.js';

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
  for (const file of [
    pkg.customElements,
    pkg.types,
    pkg.unpkg,
    pkg.jsdelivr,
    pkg.exports['.'].node,
    pkg.exports['.'].default,
    pkg.exports['./vue'].types,
    pkg.exports['./jsx'].types,
    pkg.exports['./react'].types,
    'README.md',
  ]) {
    assert.ok(existsSync(join(pkgDir, file)), `${file} is in the tarball`);
  }
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

test('types: tag names, properties and event details check; a wrong property type is an error', async () => {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const write = (name, code) => {
    writeFileSync(join(example.dir, name), code);
    return name;
  };
  const good = write(
    'good.ts',
    `
    import type { BrandedDecodeDetail } from '@echomq/branded-widgets';
    const decode = document.querySelector('branded-decode')!;
    decode.value = 'JOB0KHTOWnGLuC';
    decode.multiple = false;
    decode.theme = 'dark';
    decode.addEventListener('branded-decode', (event) => {
      const detail = event.detail as BrandedDecodeDetail;
      if ('ok' in detail && detail.ok) { const s: bigint = detail.snowflake; const iso: string = detail.iso; console.log(s, iso); }
    });
    document.querySelector('branded-gate')!.addEventListener('branded-verdict', (e) => console.log(e.detail.wire.admitted));
    document.createElement('branded-window').bridge = null;
  `,
  );
  const bad = write(
    'bad.ts',
    `import type {} from '@echomq/branded-widgets';\ndocument.querySelector('branded-decode')!.multiple = 'yes';\n`,
  );
  const args = [
    '--noEmit',
    '--strict',
    '--target',
    'es2022',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--lib',
    'es2022,dom',
  ];
  await sh(process.execPath, [tsc, ...args, good], { cwd: example.dir });
  await assert.rejects(
    sh(process.execPath, [tsc, ...args, bad], { cwd: example.dir }),
    /not assignable to type 'boolean'/,
  );
});
