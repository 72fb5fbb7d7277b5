import { typescriptCase } from './typescript.js';

export const title = 'TypeScript 5 node16, CJS file (.cts): type-check and run';
export default typescriptCase('ts-node16-cjs', { module: 'node16', moduleResolution: 'node16', source: 'main.cts' });
