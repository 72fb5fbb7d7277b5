import { defineConfig } from 'vitepress';

export default defineConfig({
  title: 'Branded widgets in VitePress',
  head: [['link', { rel: 'icon', href: '/favicon.svg' }]],
  // Vue must leave the four tags to the browser's custom-element registry.
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('branded-') } } },
});
