// The Custom Elements Manifest is read from the widget sources' JSDoc by the analyzer. The manifest
// names the file a user imports (dist/branded-widgets.js) rather than the source path.
const SHIPPED = 'dist/branded-widgets.js';

export default {
  globs: ['../src/widgets/elements.js'],
  outdir: '.',
  dependencies: false,
  plugins: [
    {
      name: 'branded-shipped-path',
      packageLinkPhase({ customElementsManifest }) {
        const modules = customElementsManifest.modules;
        for (const module of modules) {
          module.path = SHIPPED;
          for (const entry of module.exports ?? []) {
            if (entry.declaration?.module) entry.declaration.module = SHIPPED;
          }
        }
      },
    },
  ],
};
