// examples/plain-html: one classic <script> tag, no build; the page follows the system's colour scheme.
import { siteSuite } from './sites.js';

siteSuite({
  name: 'plain-html',
  served: '',
  build: false,
  toLight: (page) => page.emulateMedia({ colorScheme: 'light' }),
});
