// examples/docusaurus: the classic theme, the widgets as a client module, an MDX page.
import { siteSuite } from './sites.js';

siteSuite({
  name: 'docusaurus',
  served: 'build',
  storage: ['theme', 'dark'],
  toLight: async (page) => {
    // The toggle steps through the modes; click until the site is light.
    const toggle = page.locator('nav button[class*="toggleButton"]');
    for (let i = 0; i < 3; i++) {
      if (await page.evaluate(() => document.documentElement.dataset.theme === 'light')) return;
      await toggle.click();
    }
  },
});
