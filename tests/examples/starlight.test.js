// examples/starlight: Astro Starlight, the widgets imported by a component's client script.
import { siteSuite } from './sites.js';

siteSuite({
  name: 'starlight',
  served: 'dist',
  dark: (page) => page.addInitScript(() => localStorage.setItem('starlight-theme', 'dark')),
  toLight: (page) => page.locator('starlight-theme-select select').first().selectOption('light'),
});
