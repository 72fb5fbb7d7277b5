// Node, CommonJS: `require('@echomq/branded')`, then a synchronous call.
import { nodeRequire } from '../probes.js';
import { assertAnswer, assertRan, withConsumer } from '../support.js';

export const title = 'Node CJS: require, then parse synchronously';
export default () =>
  withConsumer('node-cjs', { type: 'commonjs', files: { 'main.js': nodeRequire } }, async (project) => {
    assertAnswer(assertRan(await project.node(['main.js']), 'node main.js', { silent: true }).stdout, 'node main.js');
  });
