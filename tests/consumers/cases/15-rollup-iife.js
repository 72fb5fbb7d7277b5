// rollup, output format iife: a classic script in Chromium.
import { pageImportReady } from '../probes.js';
import { bundledPageCase, builtPage } from './bundled-page.js';
import { rollupBuild, rollupConfig } from './rollup.js';

export const title = 'rollup 4 (node-resolve), format iife, in Chromium';
export default bundledPageCase('rollup-iife', {
  tools: ['rollup', '@rollup/plugin-node-resolve'],
  files: {
    'main.js': pageImportReady,
    'rollup.config.js': rollupConfig('iife'),
    ...builtPage('main.js', { module: false }),
  },
  build: rollupBuild,
});
