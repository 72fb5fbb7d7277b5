// webpack 5 through its Node API, production mode, default (web) target; the build fails on any error.
export const webpackBuild = (entry) => `import webpack from 'webpack';
import { resolve } from 'node:path';
webpack({ mode: 'production', context: process.cwd(), entry: './${entry}', output: { path: resolve('dist'), filename: 'main.js' } }, (error, stats) => {
  if (error) { console.error(error); process.exit(1); }
  console.log(stats.toString({ colors: false, preset: 'errors-warnings' }));
  process.exit(stats.hasErrors() ? 1 : 0);
});
`;
