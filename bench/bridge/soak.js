// The bridge soak as a measurement: tests/bridge/soak.test.js run for 60 s with 500 enqueues per visitor, and
// the visitors' p99 held to 250 ms (BRANDED_SOAK_P99_MS). The test in stage 50 runs the same floods without
// a latency bound, so that it passes on any machine; this figure is for a quiet one. Never gates CI.
//   node bench/bridge/soak.js [P99_MS]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
const bound = process.argv[2] ?? '250';
const run = spawnSync(process.execPath, ['--test', '--test-reporter=spec', join(ROOT, 'tests/bridge/soak.test.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    BRANDED_SOAK_MS: process.env.BRANDED_SOAK_MS ?? '60000',
    BRANDED_SOAK_VISITS: process.env.BRANDED_SOAK_VISITS ?? '500',
    BRANDED_SOAK_P99_MS: bound,
  },
});
process.exit(run.status ?? 1);
