// Server rendering at build time: the app's HTML goes into dist/index.html, which the client then hydrates.
// The widgets' import resolves to their server stand-in here (the `node` condition): it defines nothing.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { render } from './dist-server/entry-server.js';

const page = readFileSync('dist/index.html', 'utf8');
writeFileSync('dist/index.html', page.replace('<!--app-->', render()));
rmSync('dist-server', { recursive: true });
