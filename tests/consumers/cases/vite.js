// Vite projects: index.html + main.js at the root, `vite build` with the version's defaults unless a config
// says otherwise; the dist/ folder is what runs in Chromium.
import { pageHtml } from '../browser.js';

export const viteFiles = (main, more = {}) => ({
  'index.html': pageHtml([{ src: './main.js', module: true }]),
  'main.js': main,
  ...more,
});
export const viteBuild = (tool) => (project) => project.tool(tool, ['build', '--logLevel', 'warn'], { bin: 'vite' });
