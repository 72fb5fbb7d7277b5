// Builds the package's CommonJS entry (dist/index.cjs, its types dist/index.d.cts) and its classic-script build (dist/branded.iife.js,
// the global `branded`) from the ES module sources, with vite's library mode (rolldown). Run by
// scripts/build.d/20-wasm.sh after the module is placed in dist/.
import { copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'vite';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

async function bundle(format, fileName, minify) {
  await build({
    configFile: false,
    root: PACKAGE_DIR,
    logLevel: 'warn',
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      copyPublicDir: false,
      minify,
      target: 'es2020',
      lib: { entry: join(PACKAGE_DIR, 'index.js'), formats: [format], name: 'branded', fileName: () => fileName },
    },
  });
}

await bundle('cjs', 'index.cjs', false);
// The same declarations, read as CommonJS types by `require` consumers.
copyFileSync(join(PACKAGE_DIR, 'index.d.ts'), join(PACKAGE_DIR, 'dist', 'index.d.cts'));
await bundle('iife', 'branded.iife.js', true);
