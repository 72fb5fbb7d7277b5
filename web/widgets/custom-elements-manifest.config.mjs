// The Custom Elements Manifest is read from the widget sources' JSDoc by the analyzer (a folder per widget, the
// base class apart). The manifest names the file a user imports (dist/branded-widgets.js) rather than the source
// paths, everywhere a module is named (declarations, exports, inherited members), and lists one module: that file.
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

// The elements in the order of ELEMENTS (src/elements.js), whatever order the analyzer reads their folders in.
const ORDER = ['branded-decode', 'branded-gate', 'branded-window', 'branded-enqueue'];

/** The source modules' declarations and exports as the one module a user imports (exports once by name). */
function oneModule(modules) {
  // The base class, then the tags as ELEMENTS lists them, then the rest (ELEMENTS, defineBrandedWidgets).
  const rank = (d) => (d.name === 'BrandedElement' ? -1 : d.tagName ? ORDER.indexOf(d.tagName) : ORDER.length);
  const declarations = modules.flatMap((m) => m.declarations ?? []).sort((a, b) => rank(a) - rank(b));
  const exports = new Map();
  for (const entry of modules.flatMap((m) => m.exports ?? [])) {
    if (entry.kind === 'js' && declarations.some((d) => d.name === entry.name))
      exports.set(entry.name, { ...entry, declaration: { name: entry.name, module: SHIPPED } });
    else if (entry.kind === 'custom-element-definition') exports.set(`<${entry.name}>`, entry);
  }
  return [{ kind: 'javascript-module', path: SHIPPED, declarations, exports: [...exports.values()] }];
}

export default {
  globs: ['src/base/branded-element.js', 'src/*/branded-*.js', 'src/elements.js'],
  outdir: '.',
  dependencies: false,
  plugins: [
    {
      name: 'branded-shipped-path',
      packageLinkPhase({ customElementsManifest }) {
        customElementsManifest.modules = oneModule(customElementsManifest.modules);
        shipped(customElementsManifest.modules);
      },
    },
  ],
};
