// examples/react: a React 19 + Vite app, server-rendered at build time and hydrated; the widgets in typed JSX,
// a listener attached in useEffect, the app's own dark-mode switch (`dark` on <html>, stored in localStorage).
import { siteSuite } from './sites.js';

siteSuite({
  name: 'react',
  served: 'dist',
  storage: ['theme', 'dark'],
  toLight: (page) => page.locator('#theme-switch').click(),
  listener: 'a useEffect after hydration',
});
