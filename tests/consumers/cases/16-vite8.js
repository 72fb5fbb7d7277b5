// Vite 8 with its default build target.
import { pageImport } from '../probes.js';
import { bundledPageCase } from './bundled-page.js';
import { viteBuild, viteFiles } from './vite.js';

export const title = 'Vite 8 build (default target), in Chromium';
export default bundledPageCase('vite8', { tools: ['vite'], files: viteFiles(pageImport), build: viteBuild('vite') });
