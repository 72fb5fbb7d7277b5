// Preloaded into the bridge process (NODE_OPTIONS=--import, since Node refuses --cpu-prof there) when
// BENCH_BRIDGE_CPU_PROF names a directory: samples the whole process and writes bridge-<pid>.cpuprofile
// at exit, for Chrome DevTools' Performance panel or `node bench/bridge/top.js`.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.BENCH_BRIDGE_CPU_PROF;
const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.start');
// The in-process session answers synchronously, so the profile is written before the process is gone.
process.once('exit', () => {
  session.post('Profiler.stop', (error, { profile } = {}) => {
    if (!error) writeFileSync(join(dir, `bridge-${process.pid}.cpuprofile`), JSON.stringify(profile));
  });
});
