// Vite 6 with its default build target ('modules': es2020, edge88, firefox78, chrome87, safari14), which is
// also what a VitePress 1.x site builds for.
import { pageImport } from '../probes.js';
import { bundledPageCase } from './bundled-page.js';
import { viteBuild, viteFiles } from './vite.js';

export const title = 'Vite 6 / VitePress-style default target (es2020, chrome87...), in Chromium';
export default bundledPageCase('vite6', { tools: ['vite6'], files: viteFiles(pageImport), build: viteBuild('vite6') });
