// examples/vitepress: the default theme, the widgets imported in the theme (so also during the server render); a Vue
// component reads the decode widget's state in onMounted, after hydration, then listens.
import { siteSuite } from './sites.js';

siteSuite({
  name: 'vitepress',
  served: 'docs/.vitepress/dist',
  storage: ['vitepress-theme-appearance', 'dark'],
  toLight: (page) => page.locator('.VPNavBarAppearance button.VPSwitchAppearance').click(),
  listener: 'Vue onMounted after hydration',
});
