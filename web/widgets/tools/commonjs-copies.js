// The package's CommonJS faces, made after the Vite builds: each declaration file again as .d.cts (its
// relative imports pointing at the .d.cts copies) and the classic script as .cjs, so a `require` of any entry
// resolves to a CommonJS file typed as one (arethetypeswrong clean under node16 and the bundlers).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PACKAGE = join(import.meta.dirname, '..');
const DIST = join(PACKAGE, 'dist');
const DECLARATIONS = ['index', 'attributes', 'classic', 'react', 'vue', 'svelte', 'solid', 'jsx'];

for (const name of DECLARATIONS) {
  const text = readFileSync(join(PACKAGE, `${name}.d.ts`), 'utf8');
  const commonjs = text.replace(/(from |import\()'\.\/([\w-]+)\.js'/g, "$1'./$2.cjs'");
  writeFileSync(join(DIST, `${name}.d.cts`), commonjs);
}
copyFileSync(join(DIST, 'branded-widgets.classic.js'), join(DIST, 'branded-widgets.classic.cjs'));
