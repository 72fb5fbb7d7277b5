import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import svelte from '@astrojs/svelte';

export default defineConfig({
  // No search: a one-page site needs none, and Starlight's search button is named "Search" while it also
  // shows its shortcut, which axe-core reports (label-content-name-mismatch).
  integrations: [
    starlight({ title: 'Branded widgets in Starlight', favicon: '/favicon.svg', pagefind: false }),
    svelte(),
  ],
  telemetry: false,
});
