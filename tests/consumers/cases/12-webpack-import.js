// webpack 5 with `import` in the consumer: the bundle as a classic script in Chromium.
import { pageImport } from '../probes.js';
import { bundledPageCase, builtPage } from './bundled-page.js';
import { webpackBuild } from './webpack.js';

export const title = 'webpack 5, import, in Chromium';
export default bundledPageCase('webpack-import', {
  tools: ['webpack'],
  files: { 'main.js': pageImport, 'build.js': webpackBuild('main.js'), ...builtPage('main.js', { module: false }) },
  build: (project) => project.node(['build.js']),
});
