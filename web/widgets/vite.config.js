// Two builds of one entry (web/src/widgets/index.js):
//   default mode: dist/branded-widgets.js, ESM for bundlers and <script type="module">; @echomq/branded stays
//   an import, so a site that also uses the package loads its wasm once;
//   --mode classic: dist/branded-widgets.classic.js, one self-contained classic script (wasm embedded) for a
//   plain <script> tag or a CDN; it defines the elements and sets window.BrandedWidgets.
import { defineConfig } from 'vite';
import { scanOnMainThread, sharedBuild } from '../vite.shared.js';

export default defineConfig(({ mode }) => {
  const classic = mode === 'classic';
  return {
    root: import.meta.dirname,
    publicDir: false,
    // The widgets never scan (compact panels); no worker file travels with them.
    plugins: [scanOnMainThread()],
    build: {
      ...sharedBuild,
      outDir: 'dist',
      emptyOutDir: !classic,
      lib: {
        entry: '../src/widgets/index.js',
        formats: [classic ? 'iife' : 'es'],
        name: 'BrandedWidgets',
        fileName: () => (classic ? 'branded-widgets.classic.js' : 'branded-widgets.js'),
      },
      rolldownOptions: {
        external: classic ? [] : ['@echomq/branded'],
        output: { minify: true },
      },
    },
  };
});
