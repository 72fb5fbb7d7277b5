// vitest 4 (on the workspace's Vite 8): a test file imports the package and asserts the answer line.
import assert from 'node:assert/strict';

import { ANSWER_FUNCTION, assertRan, EXPECTED, PACKAGE_NAME, ANCHOR_ID, withConsumer } from '../support.js';

export const title = 'vitest 4: a test importing the package';
const expectedLine = `ANSWER ${JSON.stringify(EXPECTED)}`;
const testFile = `import { expect, test } from 'vitest';
import { parse } from '${PACKAGE_NAME}';
${ANSWER_FUNCTION}
test('parse gives the answer the contract gives', () => {
  expect(answer(parse('${ANCHOR_ID}'))).toBe(${JSON.stringify(expectedLine)});
});
`;
export default () =>
  withConsumer('vitest', { tools: ['vitest'], files: { 'main.test.js': testFile } }, async (project) => {
    const result = assertRan(await project.tool('vitest', ['run', '--reporter=verbose']), 'vitest run');
    assert.match(result.stdout, /Tests\s+1 passed/, `vitest ran no test:\n${result.output}`);
  });
