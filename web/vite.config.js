// The hosted explorer: a static site with a relative base, so it works from any host and any subpath.
// Public files (the demo docs page) are copied as they are; widgets.js comes from vite.widgets.config.js.
import { defineConfig } from 'vite';
import { sharedBuild } from './vite.shared.js';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  // The Decode panel's scan worker (src/scan/scan-worker.js) is a module worker: a same-origin file.
  worker: { format: 'es' },
  build: {
    ...sharedBuild,
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: false,
  },
});
