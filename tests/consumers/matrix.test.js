// The consumer matrix (issue 12): every case installs the packed tarball into a fresh project the way a
// user does, builds it with a pinned toolchain from the workspace and runs the result (Node, Chromium,
// workerd), which must print the SPEC answer for parse('JOB0KHTOWnGLuC'). One test per consumer.
// CONSUMERS_JOBS: cases at once (default 3); CONSUMERS_KEEP=1 keeps the projects; BRANDED_TARBALL: a tgz.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, test } from 'node:test';

import { closeBrowser } from './browser.js';
import { tarball } from './support.js';

const CASES = join(dirname(fileURLToPath(import.meta.url)), 'cases');
const cases = await Promise.all(readdirSync(CASES).filter((file) => /^\d\d-.*\.js$/.test(file)).sort()
  .map(async (file) => ({ file, ...(await import(join(CASES, file))) })));

const jobs = Number(process.env.CONSUMERS_JOBS ?? 3);
describe(`consumers of ${tarball().split('/').pop()}`, { concurrency: jobs }, () => {
  for (const { file, title, default: run } of cases) test(`${title} [${file.replace(/\.js$/, '')}]`, { timeout: 180_000 }, run);
});

after(closeBrowser);
