// Leased minting vs a fixed node (issue 37): ids per second of createMinter({ lease }) (a deadline and bounds
// check per id, renewals on a timer) against createMinter({ node }), on one real Valkey. The two take turns each
// round; CPU time of this process (user + system), best of BENCH_LEASE_ROUNDS (5) rounds of BENCH_LEASE_IDS
// (1,000,000) ids each.
import { startServer } from '../../scripts/valkey.js';
import { createMinter } from '../../wasm/index.js';
import { connect } from '../../wasm/valkey.js';
import { figure, stageFile } from '../lib/figures.js';

const IDS = Number(process.env.BENCH_LEASE_IDS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_LEASE_ROUNDS ?? 5);

// ids per CPU second of minting IDS ids with `minter`.
function rate(minter) {
  const before = process.cpuUsage();
  let last;
  for (let i = 0; i < IDS; i++) last = minter.next();
  const { user, system } = process.cpuUsage(before);
  if (last.length !== 14) throw new Error(`minted ${last}`);
  return IDS / ((user + system) / 1e6);
}

const server = await startServer();
const out = stageFile('lease');
try {
  const valkey = await connect(server.url);
  const leased = await createMinter({ namespace: 'JOB', lease: valkey });
  const fixed = createMinter({ namespace: 'JOB', node: 1000 });
  const best = { leased: 0, fixed: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const sides = round % 2 === 0 ? ['leased', 'fixed'] : ['fixed', 'leased'];
    for (const side of sides) best[side] = Math.max(best[side], rate(side === 'leased' ? leased : fixed));
    await new Promise((next) => setImmediate(next)); // a due renewal runs between rounds, as in an app
  }
  out.add(figure('mint: leased node (createMinter({ lease }))', best.leased / 1e6, 'M ids/s'));
  out.add(figure('mint: fixed node (createMinter({ node }))', best.fixed / 1e6, 'M ids/s'));
  out.add(figure('mint: leased / fixed', best.leased / best.fixed, 'x'));
  await leased.close();
  await valkey.close();
} finally {
  await server.stop();
}
