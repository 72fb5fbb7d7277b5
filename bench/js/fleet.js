// The package's fleet check (@echomq/branded/fleet, core's FleetCheck) over a clean log of 1,000,000 ids from
// eight nodes, as the explorer runs it after a million-id file: the median and best of ROUNDS calls in this
// process (the first one grows the module's memory). Not part of `npm run bench`: node bench/js/fleet.js.
import { encode, parseMany } from '../../wasm/index.js';
import { fleetCheck } from '../../wasm/fleet.js';
import { compose } from '../../tests/e2e/support/snowflake.js';

const IDS = Number(process.env.BENCH_FLEET_IDS ?? 1_000_000);
const ROUNDS = 7;
const NODES = [3, 5, 7, 11, 64, 100, 512, 1023];

/** A clean log: the nodes take turns, four ids a millisecond, each minting by the minting law. */
function cleanLog() {
  const last = new Map();
  const ids = new Array(IDS);
  for (let i = 0; i < IDS; i++) {
    const node = NODES[i % NODES.length];
    const now = compose(1781000000000 + Math.floor(i / 4), node, 0);
    const state = last.get(node) ?? -1n;
    last.set(node, now > state ? now : state + 1n);
    ids[i] = encode('JOB', last.get(node));
  }
  return parseMany(ids);
}

const columns = cleanLog();
const times = [];
for (let round = 0; round < ROUNDS; round++) {
  const start = performance.now();
  const findings = fleetCheck(columns);
  times.push(performance.now() - start);
  if (findings.length !== 0) throw new Error(`a clean log has no finding, got ${JSON.stringify(findings[0])}`);
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `fleetCheck over ${IDS.toLocaleString('en')} ids: median ${sorted[ROUNDS >> 1].toFixed(0)} ms, best ${sorted[0].toFixed(0)} ms (first call ${times[0].toFixed(0)} ms)`,
);
