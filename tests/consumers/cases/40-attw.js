// @arethetypeswrong/cli on the tarball, default (strict) profile: every entry point's types resolve right
// for node10, node16 (CJS and ESM) and bundler.
import { assertRan, ROOT, run, tarball } from '../support.js';
import { join } from 'node:path';

export const title = 'attw (@arethetypeswrong/cli) on the tarball, no profile flag';
export default async () => {
  const cli = join(ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js');
  assertRan(
    await run(process.execPath, [cli, tarball(), '--no-color', '--no-emoji', '--format', 'ascii'], { cwd: ROOT }),
    'attw',
  );
};
