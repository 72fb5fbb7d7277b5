import { typescriptCase } from './typescript.js';

export const title = 'TypeScript 5 bundler (module preserve): type-check and run';
export default typescriptCase('ts-bundler', { module: 'preserve', moduleResolution: 'bundler', source: 'main.ts' });
