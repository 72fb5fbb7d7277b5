// branded decode streams stdin: 1,000,000 ids decode with bounded memory (peak RSS measured in the child).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';

import { createMinter } from '../../wasm/index.js';
import { CLI } from './support.js';

const REPORT_RSS = join(import.meta.dirname, 'report-rss.cjs');
const REFUSED_EVERY = 1000;

// Feeds `count` ids (every 1000th is `JOB-42`) to `branded decode --json` and reads every output line.
async function decode(count) {
  const child = spawn(process.execPath, ['--require', REPORT_RSS, CLI, 'decode', '--json'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const minter = createMinter({ namespace: 'JOB', node: 11 });
  let lastId = '';
  const feeding = (async () => {
    for (let written = 0; written < count;) {
      const lines = [];
      for (let i = 0; i < 10000 && written < count; i++, written++) {
        lastId = written % REFUSED_EVERY === REFUSED_EVERY - 1 ? 'JOB-42' : minter.next();
        lines.push(lastId);
      }
      if (!child.stdin.write(`${lines.join('\n')}\n`)) await once(child.stdin, 'drain');
    }
    child.stdin.end();
  })();
  let lines = 0;
  let refused = 0;
  let last = null;
  for await (const line of createInterface({ input: child.stdout })) {
    lines++;
    if (line.includes('"ok":false')) refused++;
    if (lines % 50000 === 1) assert.equal(JSON.parse(line).ok, true);
    last = line;
  }
  await feeding;
  const [code] = await once(child, 'close');
  const maxRSS = Number(/maxRSS=(\d+)/.exec(stderr)?.[1]);
  return { code, lines, refused, last: JSON.parse(last), lastId, maxRSS };
}

test('1,000,000 ids through stdin decode with flat memory', { timeout: 180000 }, async () => {
  const small = await decode(100000);
  const big = await decode(1000000);
  for (const [run, count] of [
    [small, 100000],
    [big, 1000000],
  ]) {
    assert.equal(run.code, 1); // some ids were refused
    assert.equal(run.lines, count);
    assert.equal(run.refused, count / REFUSED_EVERY);
    assert.equal(run.last.id, run.lastId);
  }
  console.log(
    `peak RSS: 100,000 ids ${(small.maxRSS / 1024).toFixed(1)} MiB, 1,000,000 ids ${(big.maxRSS / 1024).toFixed(1)} MiB`,
  );
  // The JSON output of 1,000,000 ids is ~210 MB and its input 15 MB: holding either would show here.
  assert.ok(big.maxRSS - small.maxRSS < 40 * 1024, `RSS grew from ${small.maxRSS} KiB to ${big.maxRSS} KiB`);
  assert.ok(big.maxRSS < 200 * 1024, `peak RSS ${big.maxRSS} KiB`);
});
