// examples/sphinx: Sphinx with the furo theme, both from Debian, the widgets' classic script in _static/. furo marks
// its scheme on <body> (data-theme: light, dark or auto), stored in localStorage; its toggle cycles through them.
import { siteSuite } from './sites.js';

siteSuite({
  name: 'sphinx',
  served: '_build/html',
  storage: ['theme', 'dark'],
  toLight: async (page) => {
    const toggle = page.locator('.theme-toggle-content button.theme-toggle');
    for (let i = 0; i < 3; i++) {
      if (await page.evaluate(() => document.body.dataset.theme === 'light')) return;
      await toggle.click();
    }
  },
  // furo 2022.12's own page: two unlabelled <aside> landmarks, and its overlays and icon labels outside landmarks.
  hostIssues: [
    { id: 'landmark-unique', target: /^\.sidebar-drawer$|^\.toc-drawer$/ },
    { id: 'region', target: /^\.sidebar-overlay$|^\.toc-overlay$|^\.toc-content-icon > \.visually-hidden$/ },
  ],
});
