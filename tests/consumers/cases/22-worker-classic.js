// A classic Web Worker as Vite 8 builds it by default (`new Worker(new URL(...))`, worker format iife).
import { workerImportReady, workerPage } from '../probes.js';
import { bundledPageCase } from './bundled-page.js';
import { viteBuild, viteFiles } from './vite.js';

export const title = 'classic Web Worker (Vite 8 default iife worker build), in Chromium';
export default bundledPageCase('worker-classic', {
  tools: ['vite'],
  files: viteFiles(workerPage("new Worker(new URL('./worker.js', import.meta.url))"), {
    'worker.js': workerImportReady,
  }),
  build: viteBuild('vite'),
});
