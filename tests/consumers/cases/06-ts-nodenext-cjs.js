import { typescriptCase } from './typescript.js';

export const title = 'TypeScript 5 nodenext, CJS file (.cts): type-check and run';
export default typescriptCase('ts-nodenext-cjs', {
  module: 'nodenext',
  moduleResolution: 'nodenext',
  source: 'main.cts',
});
