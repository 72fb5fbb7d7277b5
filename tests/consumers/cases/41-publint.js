// publint on the tarball, warnings as errors, and not one suggestion left.
import assert from 'node:assert/strict';
import { join } from 'node:path';

import { assertRan, ROOT, run, tarball } from '../support.js';

export const title = 'publint on the tarball (--strict, no message at all)';
export default async () => {
  const cli = join(ROOT, 'node_modules/publint/src/cli.js');
  const result = assertRan(await run(process.execPath, [cli, 'run', tarball(), '--strict'], { cwd: ROOT }), 'publint');
  assert.match(result.stdout, /All good!/, `publint has messages:\n${result.output}`);
};
