// The docs build's CSP step (web/docs/.vitepress/strict-csp.mjs): inline scripts become files the page
// loads from 'self', scripts a browser never runs stay, and an inline style attribute it cannot drop fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropInlineStyles, externaliseScripts } from '../../web/docs/.vitepress/strict-csp.mjs';

const withOutDir = (run) => {
  const outDir = mkdtempSync(join(tmpdir(), 'strict-csp-'));
  try {
    return run(outDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
};

test('an inline script becomes a file under assets/inline/, loaded by src with its attributes kept', () =>
  withOutDir((outDir) => {
    const body = "document.documentElement.classList.add('dark')";
    const html = externaliseScripts(`<head><script id="check-dark-mode">${body}</script></head>`, {
      outDir,
      base: '/docs/',
      assetsDir: 'assets',
    });
    const [file] = readdirSync(join(outDir, 'assets/inline'));
    assert.match(file, /^check-dark-mode\.[0-9a-f]{8}\.js$/);
    assert.equal(readFileSync(join(outDir, 'assets/inline', file), 'utf8'), body);
    assert.equal(html, `<head><script id="check-dark-mode" src="/docs/assets/inline/${file}"></script></head>`);
  }));

test('scripts with a src, and data blocks a browser never runs, are left as they are', () =>
  withOutDir((outDir) => {
    const html =
      '<script type="module" src="/docs/assets/app.js"></script><script type="application/ld+json">{"a":1}</script>';
    assert.equal(externaliseScripts(html, { outDir, base: '/docs/', assetsDir: 'assets' }), html);
    assert.deepEqual(readdirSync(outDir), []);
  }));

test('an inline module script keeps its type and runs from its file', () =>
  withOutDir((outDir) => {
    const html = externaliseScripts('<script type="module">import "x";</script>', {
      outDir,
      base: '/',
      assetsDir: 'assets',
    });
    assert.match(html, /^<script type="module" src="\/assets\/inline\/script\.[0-9a-f]{8}\.js"><\/script>$/);
  }));

test("the outline dropdown's initial --vp-vh is dropped; any other style attribute fails the build, naming the page", () => {
  for (const style of ['--vp-vh:0px', '--vp-vh:0px;']) {
    assert.equal(
      dropInlineStyles(`<div class="VPLocalNavOutlineDropdown" style="${style}"><p>x</p></div>`, 'a.md'),
      '<div class="VPLocalNavOutlineDropdown"><p>x</p></div>',
    );
  }
  assert.throws(
    () => dropInlineStyles('<main><div class="vp-doc" style="position:relative"></div></main>', 'streams.md'),
    /streams\.md: inline style="position:relative" would be refused/,
  );
  const text = '<pre><code>&lt;div style="color:red"&gt;</code></pre>';
  assert.equal(dropInlineStyles(text, 'a.md'), text, 'markup shown as text is not an attribute');
});
