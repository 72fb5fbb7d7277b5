// The Custom Elements Manifest is read from the widget sources' JSDoc by the analyzer. The manifest
// names the file a user imports (dist/branded-widgets.js) rather than the source path, everywhere a module is named
// (declarations, exports, inherited members).
const SHIPPED = 'dist/branded-widgets.js';

/** Replaces every `module` or `path` naming a source file under src/ with the shipped file. */
function shipped(node) {
  if (Array.isArray(node)) node.forEach(shipped);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'module' || key === 'path') && typeof value === 'string' && value.includes('src/'))
        node[key] = SHIPPED;
      else shipped(value);
    }
  }
}

export default {
  globs: ['src/elements.js'],
  outdir: '.',
  dependencies: false,
  plugins: [
    {
      name: 'branded-shipped-path',
      packageLinkPhase({ customElementsManifest }) {
        shipped(customElementsManifest.modules);
      },
    },
  ],
};
