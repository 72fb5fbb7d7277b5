// One leased minter in its own process, for the lease tests: it connects to the Valkey URL it is given, takes
// a lease, and reports on stdout, one JSON line each: { held: node } whenever it holds a lease, { refused: reason }
// when a mint is refused, and at the end { done: minted }. With --count N it mints N ids and prints each on its
// own line (bare ids, not JSON), once a first line arrives on stdin (so a test holds every lease before any
// mints); without, it mints at once until stdin closes and prints none.
// argv: URL [--count N] [--ttl MS] [--margin MS]
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

import { createMinter } from '@echomq/branded';
import { LeaseError, connect } from '@echomq/branded/valkey';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { count: { type: 'string' }, ttl: { type: 'string' }, margin: { type: 'string' } },
});
const leaseOptions = {};
if (values.ttl) leaseOptions.ttlMs = Number(values.ttl);
if (values.margin) leaseOptions.marginMs = Number(values.margin);

const report = (event) => process.stdout.write(`${JSON.stringify(event)}\n`);
const BATCH = 1000;

async function main() {
  const connection = await connect(positionals[0]);
  const minter = await createMinter({ namespace: 'JOB', lease: connection, leaseOptions });
  report({ held: minter.node });
  const target = values.count === undefined ? Infinity : Number(values.count);
  let stopping = false;
  const input = createInterface({ input: process.stdin });
  if (target === Infinity) input.on('close', () => (stopping = true));
  else {
    await new Promise((go) => input.once('line', go));
    input.close();
    process.stdin.destroy();
  }
  let minted = 0;
  let lines = [];
  while (minted < target && !stopping) {
    try {
      for (let i = 0; i < BATCH && minted < target; i++, minted++) {
        const id = minter.next();
        if (values.count !== undefined) lines.push(id);
      }
    } catch (error) {
      if (!(error instanceof LeaseError)) throw error;
      report({ refused: error.reason });
      report({ held: await minter.waitForLease() });
    }
    if (lines.length > 0 && values.count !== undefined) {
      process.stdout.write(`${lines.join('\n')}\n`);
      lines = [];
    }
    // Without --count, paced below a node's 4,096 ids per ms, so its ids never run ahead of the clock.
    await new Promise((next) => (values.count === undefined ? setTimeout(next, 1) : setImmediate(next)));
  }
  await minter.close();
  await connection.close();
  report({ done: minted });
}

main().catch((error) => {
  report({ failed: error.code ?? error.name, reason: error.reason, message: error.message });
  process.exitCode = 1;
});
