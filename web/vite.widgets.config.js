// The docs widgets: one self-contained ES module, dist/widgets.js (the wasm is embedded in the package).
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    reportCompressedSize: false,
    lib: {
      entry: 'src/widgets/index.js',
      formats: ['es'],
      fileName: () => 'widgets.js',
    },
  },
});
