// Node, an ES module: `import { parse }`, then a synchronous call.
import { nodeImport } from '../probes.js';
import { assertAnswer, assertRan, withConsumer } from '../support.js';

export const title = 'Node ESM: import, then parse synchronously';
export default () =>
  withConsumer('node-esm', { files: { 'main.js': nodeImport } }, async (project) => {
    assertAnswer(assertRan(await project.node(['main.js']), 'node main.js', { silent: true }).stdout, 'node main.js');
  });
