// Three builds of one entry (web/widgets/src/index.js):
//   default mode: dist/branded-widgets.js, ESM for bundlers and <script type="module">; @echomq/branded and its
//   explain and export subpaths stay imports, so a site that also uses the package loads each wasm module once;
//   --mode commonjs: dist/branded-widgets.cjs, the same for `require` (it requires @echomq/branded's CommonJS);
//   --mode classic: dist/branded-widgets.classic.js, one self-contained classic script (wasm embedded) for a
//   plain <script> tag or a CDN; it defines the elements and sets window.BrandedWidgets.
import { defineConfig } from 'vite';
import { scanOnMainThread, sharedBuild } from '../vite.shared.js';

const OUTPUTS = {
  production: { format: 'es', file: 'branded-widgets.js' },
  commonjs: { format: 'cjs', file: 'branded-widgets.cjs' },
  classic: { format: 'iife', file: 'branded-widgets.classic.js' },
};

export default defineConfig(({ mode }) => {
  const output = OUTPUTS[mode] ?? OUTPUTS.production;
  const classic = output.format === 'iife';
  return {
    root: import.meta.dirname,
    publicDir: false,
    // The widgets never scan (compact panels); no worker file travels with them.
    plugins: [scanOnMainThread()],
    build: {
      ...sharedBuild,
      outDir: 'dist',
      emptyOutDir: output.format === 'es',
      lib: {
        entry: './src/index.js',
        formats: [output.format],
        name: 'BrandedWidgets',
        fileName: () => output.file,
      },
      rolldownOptions: {
        external: classic ? [] : ['@echomq/branded', '@echomq/branded/explain', '@echomq/branded/export'],
        output: { minify: true },
      },
    },
  };
});
