// Until the explorer is built (web/dist), `npm start` serves bridge/public with the package beside it
// (public/page.js imports ./branded/index.js): the page decodes in the browser and enqueues via /ws.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const BRIDGE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = resolve(BRIDGE, '../wasm');
const PACKAGE_FILES = ['index.js', 'lib', 'dist/branded-wasm.js'];

export function buildFallbackPage(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'branded/dist'), { recursive: true });
  cpSync(join(BRIDGE, 'public'), dir, { recursive: true });
  for (const file of PACKAGE_FILES) cpSync(join(PACKAGE, file), join(dir, 'branded', file), { recursive: true });
  return dir;
}
