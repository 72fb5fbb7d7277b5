import { typescriptCase } from './typescript.js';

export const title = 'TypeScript 5 node16, ESM file (.mts): type-check and run';
export default typescriptCase('ts-node16-esm', { module: 'node16', moduleResolution: 'node16', source: 'main.mts' });
