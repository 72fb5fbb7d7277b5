// The consumer matrix (issue 12): every case installs the packed tarball into a fresh project the way a
// user does, builds it with a pinned toolchain from the workspace and runs the result (Node, Chromium,
// workerd), which must print the contract's answer for parse('JOB0KHTOWnGLuC'). One test per consumer, and a
// one-line-per-consumer summary at the end.
// CONSUMERS_JOBS: cases at once (default 3); CONSUMERS_KEEP=1 keeps the projects; BRANDED_TARBALL: a tgz.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, test } from 'node:test';

import { closeBrowser } from './browser.js';
import { tarball } from './support.js';

const CASES = join(dirname(fileURLToPath(import.meta.url)), 'cases');
const cases = await Promise.all(
  readdirSync(CASES)
    .filter((file) => /^\d\d-.*\.js$/.test(file))
    .sort()
    .map(async (file) => ({ name: file.replace(/\.js$/, ''), ...(await import(join(CASES, file))) })),
);

const outcomes = new Map();
// A failure in one line: the assertion's own first line, then the first line of the tool's output that says
// what went wrong.
function briefly(error) {
  const [head, ...rest] = String(error?.message ?? error)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const said = rest.filter(
    (line) =>
      !line.startsWith('$ ') &&
      !line.endsWith(':') &&
      !/^(at |https?:|error in |✗ build failed|build failed with|\[plugin )/i.test(line),
  );
  const detail =
    said.find((line) => line.length > 40 && /error|cannot|refus|violat|disallow|warn/i.test(line)) ??
    said.find((line) => /not |fail/i.test(line));
  return detail ? `${head} ${detail}` : head;
}
async function recorded(name, run) {
  const start = performance.now();
  try {
    await run();
    outcomes.set(name, { ok: true, seconds: (performance.now() - start) / 1000 });
  } catch (error) {
    outcomes.set(name, { ok: false, seconds: (performance.now() - start) / 1000, reason: briefly(error) });
    throw error;
  }
}

const jobs = Number(process.env.CONSUMERS_JOBS ?? 3);
describe(`consumers of ${tarball().split('/').pop()}`, { concurrency: jobs }, () => {
  for (const { name, title, default: run } of cases)
    test(`${title} [${name}]`, { timeout: 180_000 }, () => recorded(name, run));
});

after(async () => {
  await closeBrowser();
  const lines = cases
    .filter(({ name }) => outcomes.has(name))
    .map(({ name, title }) => {
      const outcome = outcomes.get(name);
      const mark = outcome.ok ? 'ok' : 'FAIL';
      return `  ${mark.padEnd(4)} ${name.padEnd(26)} ${outcome.seconds.toFixed(1).padStart(5)} s  ${title}${outcome.ok ? '' : `\n${' '.repeat(7)}${outcome.reason.slice(0, 300)}`}`;
    });
  const passed = [...outcomes.values()].filter((o) => o.ok).length;
  console.log(`\nconsumer matrix: ${passed} of ${outcomes.size} consumers pass\n${lines.join('\n')}`);
});
