// The docs widgets: one self-contained ES module, dist/widgets.js (the wasm is embedded in the package).
import { defineConfig } from 'vite';
import { sharedBuild } from './vite.shared.js';

export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  build: {
    ...sharedBuild,
    outDir: 'dist',
    emptyOutDir: false,
    lib: {
      entry: 'src/widgets/index.js',
      formats: ['es'],
      fileName: () => 'widgets.js',
    },
    // A page includes this file as it is, so it is minified like an app (lib mode would keep whitespace).
    rolldownOptions: { output: { minify: true } },
  },
});
