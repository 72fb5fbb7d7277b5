// The TypeScript cases' shared part: a strict tsc over one typed file (the package's .d.ts checked too, no
// skipLibCheck), then the emitted JavaScript run in Node.
import { typedImport } from '../probes.js';
import { assertAnswer, assertRan, withConsumer } from '../support.js';

const EMITTED = { '.mts': '.mjs', '.cts': '.cjs', '.ts': '.js' };

export function typescriptCase(name, { module, moduleResolution, source, type = 'module', program = typedImport }) {
  const tsconfig = {
    compilerOptions: {
      module,
      moduleResolution,
      target: 'es2022',
      lib: ['es2022', 'dom'],
      types: [],
      strict: true,
      outDir: 'out',
    },
    files: [source],
  };
  const extension = source.slice(source.lastIndexOf('.'));
  const emitted = `out/${source.slice(0, -extension.length)}${EMITTED[extension]}`;
  return () =>
    withConsumer(
      name,
      { type, tools: ['typescript'], files: { 'tsconfig.json': JSON.stringify(tsconfig, null, 2), [source]: program } },
      async (project) => {
        assertRan(
          await project.tool('typescript', ['-p', '.'], { bin: 'tsc' }),
          `tsc (module ${module}, moduleResolution ${moduleResolution}, ${source})`,
        );
        assertAnswer(
          assertRan(await project.node([emitted]), `node ${emitted}`, { silent: true }).stdout,
          `node ${emitted}`,
        );
      },
    );
}
