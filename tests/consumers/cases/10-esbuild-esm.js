// esbuild, format esm, the default (browser) platform: a module script in Chromium.
import { pageImport } from '../probes.js';
import { bundledPageCase, builtPage } from './bundled-page.js';

export const title = 'esbuild --bundle --format=esm, in Chromium';
export default bundledPageCase('esbuild-esm', {
  tools: ['esbuild'],
  files: {
    'main.js': pageImport,
    'build.js':
      "import { build } from 'esbuild';\nawait build({ entryPoints: ['main.js'], bundle: true, format: 'esm', outfile: 'dist/main.js', logLevel: 'warning' });\n",
    ...builtPage('main.js', { module: true }),
  },
  build: (project) => project.node(['build.js']),
});
