// Bundles the package's entries from its ES module sources (index.js, workerd.js, lib/, the placed module in
// dist/) with vite's library mode (rolldown): dist/index.js (ES module), dist/index.cjs (CommonJS, types
// dist/index.d.cts), dist/workerd.js (imports dist/branded.wasm), dist/branded.iife.js (the global `branded`,
// minified), dist/explain.js and dist/explain.cjs (types dist/explain.d.cts) for the ./explain subpath,
// dist/fleet.js and dist/fleet.cjs (types dist/fleet.d.cts) for ./fleet, the same for ./export, and dist/valkey.cjs (types
// dist/valkey.d.cts) for the ./valkey subpath, dist/schema.cjs (types dist/schema.d.cts) for ./schema. One file
// per entry: one instance of the module whichever way it is loaded, and one gzip stream.
// Run by scripts/build.d/20-wasm.sh after the module is placed in dist/.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { build as esbuild, transform } from 'esbuild';
import { build } from 'vite';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(PACKAGE_DIR, 'dist');

// Node ≥ 20 and current bundlers take ES2022 as written; the classic-script build is lowered to ES2020.
async function bundle(entry, format, fileName, { minify = false, target = 'es2022', external, paths } = {}) {
  await build({
    configFile: false,
    root: PACKAGE_DIR,
    logLevel: 'warn',
    build: {
      outDir: DIST,
      emptyOutDir: false,
      copyPublicDir: false,
      minify,
      target,
      lib: { entry: join(PACKAGE_DIR, entry), formats: [format], name: 'branded', fileName: () => fileName },
      rollupOptions: external ? { external, output: { paths } } : {},
    },
  });
  if (!minify) await dropComments(join(DIST, fileName));
}

// The readable bundles keep the code as written but not its comments: the sources carry them, and the size
// budget counts what users download. esbuild keeps legal comments and the module format as they are.
async function dropComments(file) {
  const { code } = await transform(readFileSync(file, 'utf8'), { target: 'esnext', legalComments: 'inline' });
  writeFileSync(file, code);
}

await bundle('index.js', 'es', 'index.js');
await bundle('index.js', 'cjs', 'index.cjs');
await bundle('index.js', 'iife', 'branded.iife.js', { minify: true, target: 'es2020' });
// workerd compiles the .wasm itself: the import stays an import, of the file beside the bundle.
const isWasm = (id) => id.endsWith('.wasm');
await bundle('workerd.js', 'es', 'workerd.js', {
  external: isWasm,
  paths: (id) => (isWasm(id) ? './branded.wasm' : id),
});
// The Valkey connector for `require`: it requires the CommonJS entry beside it (one instance) and loads
// iovalkey when connect() first runs, as the ES module does.
await bundle('valkey.js', 'cjs', 'valkey.cjs', {
  external: (id) => id === '@echomq/branded' || id === 'iovalkey',
  paths: (id) => (id === '@echomq/branded' ? './index.cjs' : id),
});
// The Standard Schema validators for `require`: they require the CommonJS entry and explain module beside them.
const SCHEMA_IMPORTS = { '@echomq/branded': './index.cjs', '@echomq/branded/explain': './explain.cjs' };
await bundle('schema.js', 'cjs', 'schema.cjs', {
  external: (id) => id in SCHEMA_IMPORTS,
  paths: (id) => SCHEMA_IMPORTS[id] ?? id,
});
// The ./explain subpath: its own module, embedded as the entry embeds the package's.
await bundle('explain.js', 'es', 'explain.js');
await bundle('explain.js', 'cjs', 'explain.cjs');
// The ./fleet and ./export subpaths: their own modules too.
await bundle('fleet.js', 'es', 'fleet.js');
await bundle('fleet.js', 'cjs', 'fleet.cjs');
await bundle('export.js', 'es', 'export.js');
await bundle('export.js', 'cjs', 'export.cjs');
// The same declarations, read as CommonJS types by `require` consumers.
copyFileSync(join(PACKAGE_DIR, 'index.d.ts'), join(DIST, 'index.d.cts'));
copyFileSync(join(PACKAGE_DIR, 'explain.d.ts'), join(DIST, 'explain.d.cts'));
copyFileSync(join(PACKAGE_DIR, 'fleet.d.ts'), join(DIST, 'fleet.d.cts'));
copyFileSync(join(PACKAGE_DIR, 'export.d.ts'), join(DIST, 'export.d.cts'));
const valkeyTypes = readFileSync(join(PACKAGE_DIR, 'valkey.d.ts'), 'utf8');
if (!valkeyTypes.includes("from './index.js'")) throw new Error("valkey.d.ts no longer imports from './index.js'");
writeFileSync(join(DIST, 'valkey.d.cts'), valkeyTypes.replaceAll("from './index.js'", "from './index.cjs'"));
const schemaTypes = readFileSync(join(PACKAGE_DIR, 'schema.d.ts'), 'utf8');
writeFileSync(join(DIST, 'schema.d.cts'), schemaTypes.replaceAll("from './index.js'", "from './index.cjs'"));

// The CLI (cli/run.js, its commands and the CLI module's glue) as one CommonJS file: Node starts CommonJS without
// the ES module loader's work per file and per built-in. `import.meta.url` is the bundle's own URL (dist/ and
// cli/ are siblings, so the sources' relative URLs hold), and the package entries it loads stay ./index.cjs and
// ./valkey.cjs.
await esbuild({
  entryPoints: [join(PACKAGE_DIR, 'cli', 'run.js')],
  outfile: join(DIST, 'cli.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  banner: { js: "const import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': 'import_meta_url' },
  plugins: [
    {
      name: 'package-entry',
      setup(build) {
        build.onResolve({ filter: /^@echomq\/branded$/ }, () => ({ path: './index.cjs', external: true }));
        // mint --lease's connector, loaded only when a run asks for a lease
        build.onResolve({ filter: /^@echomq\/branded\/valkey$/ }, () => ({ path: './valkey.cjs', external: true }));
      },
    },
  ],
});
