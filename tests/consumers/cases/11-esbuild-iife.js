// esbuild, format iife: a classic script in Chromium.
import { pageImportReady } from '../probes.js';
import { bundledPageCase, builtPage } from './bundled-page.js';

export const title = 'esbuild --bundle --format=iife, in Chromium';
export default bundledPageCase('esbuild-iife', {
  tools: ['esbuild'],
  files: {
    'main.js': pageImportReady,
    'build.js':
      "import { build } from 'esbuild';\nawait build({ entryPoints: ['main.js'], bundle: true, format: 'iife', outfile: 'dist/main.js', logLevel: 'warning' });\n",
    ...builtPage('main.js', { module: false }),
  },
  build: (project) => project.node(['build.js']),
});
