// The ./valkey entry's types in a project without iovalkey installed: tsc must still pass.
import { typedImport } from '../probes.js';
import { PACKAGE_NAME } from '../support.js';
import { typescriptCase } from './typescript.js';

export const title = 'TypeScript 5 nodenext: ./valkey types type-check without iovalkey';
export default typescriptCase('ts-valkey-types', {
  module: 'nodenext',
  moduleResolution: 'nodenext',
  source: 'main.mts',
  program: `import type * as connector from '${PACKAGE_NAME}/valkey';\nexport type Connector = typeof connector;\n${typedImport}`,
});
