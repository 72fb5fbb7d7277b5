import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';

export default defineConfig({
  integrations: [starlight({ title: 'Branded widgets in Starlight', favicon: '/favicon.svg' })],
  telemetry: false,
});
