// The project's own docs site: the package, CLI and widgets reference, and two interactive pages that use
// the widgets and the package. Built into web/dist/docs, so `npm start` serves it at /docs/ beside the explorer.
import { defineConfig } from 'vitepress';
import { fileURLToPath } from 'node:url';
import { codeTokenClasses, dropInlineStyles, externaliseScripts } from './strict-csp.mjs';
import { repositoryLinks } from './repository-links.mjs';

const BASE = '/docs/';
const ASSETS = 'assets';
const codeTokens = codeTokenClasses({ base: BASE, assetsDir: ASSETS });

export default defineConfig({
  title: 'branded',
  description: 'EchoMQ branded ids: one C++ core, in the browser, in Node and in Valkey',
  base: BASE,
  assetsDir: ASSETS,
  outDir: fileURLToPath(new URL('../../dist/docs', import.meta.url)),
  cleanUrls: false,
  // The bridge serves the site under `script-src 'self'; style-src 'self'`: the site data goes into a chunk,
  // the content root's default inline style into a class (custom.css), code colours into code-tokens.css,
  // and transformHtml does the rest.
  metaChunk: true,
  contentProps: { class: 'content-root' },
  // VueUse's dark-mode switch otherwise inserts a <style> to pause transitions, which style-src 'self' refuses.
  appearance: { disableTransition: false },
  transformHtml: (html, page, { siteConfig }) =>
    dropInlineStyles(externaliseScripts(html, { outDir: siteConfig.outDir, base: BASE, assetsDir: ASSETS }), page),
  buildEnd: (siteConfig) => codeTokens.write(siteConfig.outDir),
  vite: { plugins: [codeTokens.devPlugin] },
  head: [
    ['link', { rel: 'icon', href: '/docs/favicon.svg' }],
    ['link', { rel: 'stylesheet', href: codeTokens.href }],
  ],
  markdown: {
    // The default themes' (github-light/-dark) token colours fall below 4.5:1 on the code background; these meet it.
    theme: { light: 'github-light-high-contrast', dark: 'github-dark-default' },
    codeTransformers: [codeTokens.transformer],
    // contract.md and changelog.md include their one source; links inside included files are made to work here.
    config: (md) =>
      md.use(repositoryLinks, {
        srcDir: fileURLToPath(new URL('..', import.meta.url)),
        root: fileURLToPath(new URL('../../..', import.meta.url)),
        sitePages: { 'docs/contract.md': 'contract.md', 'CHANGELOG.md': 'changelog.md' },
      }),
  },
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('branded-') } } },
  themeConfig: {
    nav: [
      { text: 'Getting started', link: '/getting-started' },
      { text: 'Guides', link: '/guide/logs' },
      { text: 'Contract', link: '/contract' },
      { text: 'The gate', link: '/gate' },
      { text: 'Streams horizon', link: '/streams' },
      { text: 'Reference', link: '/reference/package' },
    ],
    sidebar: [
      { text: 'Getting started', link: '/getting-started' },
      {
        text: 'Guides',
        items: [
          { text: 'Find ids in logs', link: '/guide/logs' },
          { text: 'Use the explorer', link: '/guide/explorer' },
          { text: 'Embed the widgets in your docs', link: '/guide/widgets' },
          { text: 'Decode and enqueue from JavaScript', link: '/guide/javascript' },
          { text: 'Compare with ULID, UUIDv7, TypeID, Snowflake', link: '/guide/compare' },
          { text: 'Run the bridge in public', link: '/guide/bridge' },
          { text: 'Run a fleet', link: '/guide/fleet' },
          { text: 'Lease node ids', link: '/guide/leases' },
          { text: 'Load the Valkey module', link: '/guide/valkey-module' },
          { text: 'Decode ids in Python', link: '/guide/python' },
          { text: 'Decode ids in SQLite', link: '/guide/sqlite' },
          { text: 'Decode ids in PostgreSQL', link: '/guide/postgres' },
        ],
      },
      { text: 'The contract', link: '/contract' },
      {
        text: 'Interactive',
        items: [
          { text: 'The branded-id gate', link: '/gate' },
          { text: 'The streams horizon', link: '/streams' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'Package @echomq/branded', link: '/reference/package' },
          { text: 'CLI branded', link: '/reference/cli' },
          { text: 'Widgets @echomq/branded-widgets', link: '/reference/widgets' },
        ],
      },
      { text: 'Changelog', link: '/changelog' },
    ],
    // Offline: the index is built with the site and searched in the page (no service).
    search: { provider: 'local' },
    outline: [2, 3],
  },
});
