// rollup 4 with @rollup/plugin-node-resolve for the browser, as a web project configures it.
export const rollupConfig = (format) => `import { nodeResolve } from '@rollup/plugin-node-resolve';
export default { input: 'main.js', output: { file: 'dist/main.js', format: '${format}' }, plugins: [nodeResolve({ browser: true })] };
`;
export const rollupBuild = (project) => project.tool('rollup', ['-c', 'rollup.config.js']);
