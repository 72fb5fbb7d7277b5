// Before sphinx-build: the widgets' classic script into _static/, and furo's own script bundled into
// _static/scripts/furo.js, which Sphinx copies over the theme's file of that name. Debian's furo (2022.12.07+dfsg)
// ships that script as its ES module sources, which a page cannot run as the classic script furo includes;
// the upstream wheel ships this bundle.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

mkdirSync('_static/scripts', { recursive: true });
copyFileSync(
  'node_modules/@echomq/branded-widgets/dist/branded-widgets.classic.js',
  '_static/branded-widgets.classic.js',
);

// furo is a Debian package of the system Python, the one sphinx-build runs on.
const furo = execFileSync('/usr/bin/python3', ['-c', 'import furo, os; print(os.path.dirname(furo.__file__))'], {
  encoding: 'utf8',
}).trim();
await build({
  entryPoints: [join(furo, 'theme/furo/static/scripts/furo.js')],
  bundle: true,
  format: 'iife',
  minify: true,
  outfile: '_static/scripts/furo.js',
  logLevel: 'warning',
});
