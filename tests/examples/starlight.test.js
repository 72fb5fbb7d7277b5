// examples/starlight: Astro Starlight, the widgets imported by a component's client script; a Svelte island reads
// the decode widget's state in onMount, after hydration, then listens.
import { siteSuite } from './sites.js';

siteSuite({
  name: 'starlight',
  served: 'dist',
  storage: ['starlight-theme', 'dark'],
  listener: 'Svelte onMount after hydration (an Astro island)',
  // The shim has no selectOption: the value is chosen and the select's change event fired, as a reader's pick does.
  toLight: (page) =>
    page
      .locator('starlight-theme-select select')
      .first()
      .evaluate((select) => {
        select.value = 'light';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }),
});
