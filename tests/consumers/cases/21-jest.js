// Jest 30 in its default (CommonJS) mode: a test file requires the package and asserts the answer line.
import assert from 'node:assert/strict';

import { ANCHOR_ID, ANSWER_FUNCTION, assertRan, EXPECTED, PACKAGE_NAME, withConsumer } from '../support.js';

export const title = 'Jest 30 default (CJS) mode: a test requiring the package';
const expectedLine = `ANSWER ${JSON.stringify(EXPECTED)}`;
const testFile = `const { parse } = require('${PACKAGE_NAME}');
${ANSWER_FUNCTION}
test('parse gives the answer the contract gives', () => {
  expect(answer(parse('${ANCHOR_ID}'))).toBe(${JSON.stringify(expectedLine)});
});
`;
export default () =>
  withConsumer('jest', { type: 'commonjs', tools: ['jest'], files: { 'main.test.js': testFile } }, async (project) => {
    const result = assertRan(await project.tool('jest', ['--ci', '--watchman=false']), 'jest');
    assert.match(result.stderr, /Tests:\s+1 passed/, `jest ran no test:\n${result.output}`);
  });
