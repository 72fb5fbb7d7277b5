// rollup, output format es: a module script in Chromium.
import { pageImport } from '../probes.js';
import { bundledPageCase, builtPage } from './bundled-page.js';
import { rollupBuild, rollupConfig } from './rollup.js';

export const title = 'rollup 4 (node-resolve), format es, in Chromium';
export default bundledPageCase('rollup-esm', {
  tools: ['rollup', '@rollup/plugin-node-resolve'],
  files: { 'main.js': pageImport, 'rollup.config.js': rollupConfig('es'), ...builtPage('main.js', { module: true }) },
  build: rollupBuild,
});
