// webpack 5 with `require()` in the consumer (a .cjs entry): the bundle as a classic script in Chromium.
import { pageRequireReady } from '../probes.js';
import { bundledPageCase, builtPage } from './bundled-page.js';
import { webpackBuild } from './webpack.js';

export const title = 'webpack 5, require(), in Chromium';
export default bundledPageCase('webpack-require', {
  tools: ['webpack'],
  files: {
    'main.cjs': pageRequireReady,
    'build.js': webpackBuild('main.cjs'),
    ...builtPage('main.js', { module: false }),
  },
  build: (project) => project.node(['build.js']),
});
