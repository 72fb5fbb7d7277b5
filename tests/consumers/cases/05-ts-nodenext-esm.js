import { typescriptCase } from './typescript.js';

export const title = 'TypeScript 5 nodenext, ESM file (.mts): type-check and run';
export default typescriptCase('ts-nodenext-esm', {
  module: 'nodenext',
  moduleResolution: 'nodenext',
  source: 'main.mts',
});
