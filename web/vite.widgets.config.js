// The docs widgets for the demo page: one self-contained classic script, dist/widgets.js (the wasm is
// embedded), so docs.html also works opened from disk, where module scripts are blocked.
import { defineConfig } from 'vite';
import { scanOnMainThread, sharedBuild } from './vite.shared.js';

export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  plugins: [scanOnMainThread()],
  build: {
    ...sharedBuild,
    outDir: 'dist',
    emptyOutDir: false,
    lib: {
      entry: 'widgets/src/index.js',
      formats: ['iife'],
      name: 'BrandedWidgets',
      fileName: () => 'widgets.js',
    },
    // A page includes this file as it is, so it is minified like an app (lib mode would keep whitespace).
    rolldownOptions: { output: { minify: true } },
  },
});
