// A module Web Worker (`{ type: 'module' }`, Vite 8 with worker.format 'es').
import { workerImportReady, workerPage } from '../probes.js';
import { bundledPageCase } from './bundled-page.js';
import { viteBuild, viteFiles } from './vite.js';

export const title = 'module Web Worker (Vite 8, worker format es), in Chromium';
export default bundledPageCase('worker-module', {
  tools: ['vite'],
  files: viteFiles(workerPage("new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })"), {
    'worker.js': workerImportReady,
    'vite.config.js': "export default { worker: { format: 'es' } };\n",
  }),
  build: viteBuild('vite'),
});
