#!/usr/bin/env node
// Runs the fault and load scenarios (not part of npm test: they take minutes) and prints one JSON result
// per scenario; exits 1 when any scenario's invariants fail.
//   node tests/faults/run.js [kill9|script-flush|fence|maxmemory|load]...
const SCENARIOS = {
  kill9: './kill9.js',
  'script-flush': './script-flush.js',
  fence: './fence.js',
  maxmemory: './maxmemory.js',
  load: './load.js',
};

const names = process.argv.slice(2);
for (const name of names) {
  if (!(name in SCENARIOS)) {
    console.error(`usage: node tests/faults/run.js [${Object.keys(SCENARIOS).join('|')}]...`);
    process.exit(2);
  }
}
let failed = 0;
for (const name of names.length > 0 ? names : Object.keys(SCENARIOS)) {
  const { run } = await import(SCENARIOS[name]);
  const result = await run();
  console.log(JSON.stringify({ scenario: name, ...result }, null, 1));
  if (!result.ok) failed++;
}
process.exit(failed === 0 ? 0 : 1);
