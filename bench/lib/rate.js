// Timing for the JavaScript benchmarks: the best of several rounds (noise on a shared machine only ever
// adds time), each round long enough for the JIT's steady state, after a warm-up round. Time is the
// process's CPU time, not the wall clock: on a machine shared with other work, time spent waiting for a
// core is not time spent computing (the same choice as Google Benchmark's cpu_time on the native side).

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 250);

// Something every result feeds, so no call can be optimised away.
export let sink = 0;
export function consume(value) {
  sink = (sink + (typeof value === 'number' ? value : 1)) | 0;
}

function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

// Calls run() (which does `work` items and returns a value to consume) until a round's time is up;
// returns the best items per second over the rounds.
export function bestRate(run, work) {
  let best = 0;
  for (let round = -1; round < ROUNDS; round++) {
    let items = 0;
    const start = cpuMs();
    let elapsed;
    do {
      consume(run());
      items += work;
      elapsed = cpuMs() - start;
    } while (elapsed < ROUND_MS);
    if (round >= 0) best = Math.max(best, (items / elapsed) * 1000);
  }
  return best;
}

// Single calls over a list of inputs, walked inside one timed run (the loop costs an increment and a compare
// per call). Every result is stored where the caller could read it, so none can be optimised away.
const kept = new Array(1024).fill(null);
export function callsPerSecond(fn, inputs) {
  const n = inputs.length;
  return bestRate(() => {
    for (let i = 0; i < n; i++) kept[i & 1023] = fn(inputs[i]);
    return kept[0] === null ? 0 : 1;
  }, n);
}
