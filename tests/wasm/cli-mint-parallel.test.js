// Parallel `branded mint` never collides on one machine: each run leases its node (cli/nodes.js). Eight runs of
// 20,000 ids at once, runs on one explicit node (they take turns), a lease left by a killed run, and the cap.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

import { parseMany } from '../../wasm/index.js';
import { CLI } from './support.js';

const scratch = mkdtempSync(join(tmpdir(), 'branded-nodes-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const env = { ...process.env, BRANDED_NODE_DIR: scratch };

// Runs `branded mint ARGS`; `onStderr(text so far)` sees its stderr as it comes.
async function mint(args, onStderr = () => {}) {
  const child = spawn(process.execPath, [CLI, 'mint', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => onStderr((err += chunk)));
  const [code] = await once(child, 'close');
  return { code, ids: out.trimEnd().split('\n'), err };
}

function assertUnique(runs, total) {
  const ids = runs.flatMap((run) => run.ids);
  assert.equal(ids.length, total);
  assert.equal(new Set(ids).size, total, 'duplicate ids across parallel runs');
  assert.equal(parseMany(ids).refused, 0);
}

test('eight parallel mints of 20,000 ids without --node: 160,000 distinct ids', { timeout: 120000 }, async () => {
  const runs = await Promise.all(Array.from({ length: 8 }, () => mint(['JOB', '--count', '20000'])));
  for (const run of runs) assert.equal(run.code, 0, run.err);
  assertUnique(runs, 160000);
  // a run that found node 0 taken says which node it took
  const nodes = new Set(runs.map((run) => parseMany(run.ids.slice(0, 1), { fields: true }).node[0]));
  for (const run of runs.filter((r) => /minting on node (\d+)/.test(r.err)))
    assert.ok(nodes.has(Number(/minting on node (\d+)/.exec(run.err)[1])));
  assert.deepEqual(
    readdirSync(scratch).filter((name) => name.endsWith('.lock')),
    [],
  ); // every lease released
});

test(
  'parallel mints on one explicit --node wait while it is held, take turns, and never collide',
  { timeout: 120000 },
  async () => {
    const lock = join(scratch, 'node-5.lock');
    writeFileSync(lock, String(process.pid)); // held by a live process: this one, until a run says it waits
    let release;
    const waiting = new Promise((resolve) => (release = resolve));
    const saysWaiting = (err) =>
      err.includes(`node 5 is in use by another branded mint (pid ${process.pid}); waiting for it`) && release();
    const running = Array.from({ length: 4 }, () => mint(['JOB', '--node', '5', '--count', '20000'], saysWaiting));
    await waiting;
    unlinkSync(lock);
    const runs = await Promise.all(running);
    for (const run of runs) assert.equal(run.code, 0, run.err);
    assertUnique(runs, 80000);
    assert.deepEqual(
      new Set(
        parseMany(
          runs.map((run) => run.ids[0]),
          { fields: true },
        ).node,
      ),
      new Set([5]),
    );
  },
);

test('a lease left by a run that died is taken over', async () => {
  const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid; // a pid that no longer runs
  writeFileSync(join(scratch, 'node-0.lock'), String(dead));
  const run = await mint(['JOB']);
  assert.equal(run.code, 0);
  assert.equal(run.err, '');
  assert.equal(parseMany(run.ids, { fields: true }).node[0], 0);
});

test("--count has a hard cap with a clear error; --at mints that millisecond's first ids", async () => {
  const capped = await mint(['JOB', '--count', '1000000000000']);
  assert.equal(capped.code, 2);
  assert.match(
    capped.err,
    /--count must be at most 100000000 \(one run's limit; run again for more\), got 1000000000000/,
  );
  const at = await mint(['JOB', '--at', '2026-06-01T00:00:00Z', '--count', '4097', '--node', '3']);
  assert.equal(at.code, 0);
  const parsed = parseMany([at.ids[0], at.ids[4095], at.ids[4096]], { fields: true });
  assert.deepEqual([...parsed.unixMs], [Date.UTC(2026, 5, 1), Date.UTC(2026, 5, 1), Date.UTC(2026, 5, 1) + 1]);
  assert.deepEqual([...parsed.seq], [0, 4095, 0]);
  assert.deepEqual([...parsed.node], [3, 3, 3]);
});
