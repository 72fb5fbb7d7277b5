// A minimal Docusaurus 3 site: one MDX page with the widgets, the classic theme's light/dark toggle.
export default {
  title: 'Branded widgets in Docusaurus',
  url: 'http://localhost',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  favicon: 'favicon.svg',
  themes: ['@docusaurus/theme-classic'],
  plugins: ['@docusaurus/plugin-content-pages'],
  // Loaded on every page; the server render gets the package's no-op entry.
  clientModules: ['./src/widgets.js'],
  themeConfig: {
    colorMode: { respectPrefersColorScheme: true },
    navbar: { title: 'Branded widgets' },
  },
};
