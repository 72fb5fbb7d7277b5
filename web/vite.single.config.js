// The single-file explorer: one HTML file with the code (and the wasm embedded in it) inlined, for
// opening straight from disk. A small plugin moves the one JS chunk into the page and pins it in the
// page's CSP by hash, so even this file needs no 'unsafe-inline'.
import { createHash } from 'node:crypto';
import { defineConfig } from 'vite';
import { scanOnMainThread, sharedBuild } from './vite.shared.js';

const OUTPUT_NAME = 'branded.html';

function inlineIntoHtml() {
  return {
    name: 'branded-inline-single-file',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = Object.values(bundle).find((item) => item.type === 'asset' && item.fileName.endsWith('.html'));
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      if (!html || chunks.length !== 1)
        throw new Error(`single file: expected one page and one chunk, got ${chunks.length} chunks`);
      const [chunk] = chunks;
      const code = chunk.code.replaceAll('</script', '<\\/script');
      const hash = createHash('sha256').update(code).digest('base64');
      const tag = new RegExp(
        `<script type="module"[^>]*src="[^"]*${chunk.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*></script>`,
      );
      let page = String(html.source);
      if (!tag.test(page)) throw new Error(`single file: no script tag for ${chunk.fileName}`);
      page = page.replace(tag, () => `<script type="module">${code}</script>`);
      page = page.replace("script-src 'self'", `script-src 'sha256-${hash}'`);
      delete bundle[chunk.fileName];
      delete bundle[html.fileName];
      this.emitFile({ type: 'asset', fileName: OUTPUT_NAME, source: page });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  publicDir: false,
  plugins: [scanOnMainThread(), inlineIntoHtml()],
  build: {
    ...sharedBuild,
    outDir: 'dist-single',
    emptyOutDir: true,
    modulePreload: false,
    assetsInlineLimit: () => true,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
