// The cost of fleet-wide limits (issue 37): the bridge's end-to-end WebSocket enqueue rate with its budgets in
// Valkey (--limits valkey, the default) against the same bridge keeping them in its process (--limits local),
// both on one real Valkey in the same run, with the connector's enqueueMany (script) beside them so each side
// is also a ratio to the connector. Two bridge processes run side by side; the sides take turns within each
// round and each keeps its fastest round. Each client has a loopback address of its own (so the fleet side
// sends one FCALL per client per turn, its worst case); the per-address caps are lifted (ONE_ADDRESS_LOAD) but
// every budget is still charged: in Valkey for one side, in memory for the other. Every ack must be `ok`.
// Beside the wall rates, the CPU per job of the bridge and of Valkey in each side's fastest round (from /proc),
// which a busy machine disturbs less. Writes bench/out/bridge-fleet.jsonl; never gates.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import { startServer } from '../../scripts/valkey.js';
import { clientAt } from '../../tests/bridge/attack-support.js';
import { ONE_ADDRESS_LOAD, open, startBridge } from '../../tests/bridge/support.js';
import { createMinter } from '../../wasm/index.js';
import { connect } from '../../wasm/valkey.js';
import { figure, stageFile } from '../lib/figures.js';

const JOBS = Number(process.env.BENCH_FLEET_JOBS ?? 20_000); // per round, for every side
const ROUNDS = Number(process.env.BENCH_FLEET_ROUNDS ?? 5);
const CLIENTS = 20;
const WINDOW = 64; // enqueue frames each client keeps in flight
const BATCH = 100; // items per enqueueMany frame
const PAYLOAD = '{"task":"bench"}';
const QUEUE = 'demo.fleet';
const out = stageFile('bridge-fleet');
const minter = createMinter({ namespace: 'JOB', node: 3 });
const freshJobs = () => Array.from({ length: JOBS }, () => minter.next());

// CPU seconds a process has used so far (Linux /proc; user + system, in clock ticks of 1/100 s).
function cpuSecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// Runs `tasks` with `window` of them in flight.
async function drain(tasks, window) {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: window }, lane));
}

function checked(reply, expected) {
  const enqueued = reply.ok ? (reply.result.enqueued ?? (reply.result.verdict === 'enqueued' ? 1 : 0)) : 0;
  if (enqueued !== expected) throw new Error(`not every job was enqueued: ${JSON.stringify(reply).slice(0, 300)}`);
}

// Every client sends its share of the jobs: one `enqueue` frame each, or `enqueueMany` frames of BATCH.
function bridgeRun(clients, jobs, batched) {
  return () =>
    Promise.all(
      clients.map((client, c) => {
        const share = jobs.filter((_, i) => i % CLIENTS === c);
        const tasks = [];
        if (!batched) {
          for (const job of share)
            tasks.push(async () =>
              checked(await client.request('enqueue', { queue: QUEUE, job, payload: PAYLOAD }), 1),
            );
        } else {
          for (let i = 0; i < share.length; i += BATCH) {
            const items = share.slice(i, i + BATCH).map((job) => ({ job, payload: PAYLOAD }));
            tasks.push(async () => checked(await client.request('enqueueMany', { queue: QUEUE, items }), items.length));
          }
        }
        return drain(tasks, batched ? 2 : WINDOW);
      }),
    );
}

const server = await startServer({ module: true });
const connection = await connect(`redis://${server.host}:${server.port}`);
const common = ['--valkey', server.url, ...ONE_ADDRESS_LOAD, '--rate', '1000000', '--max-inflight', '1000'];
const bridges = {
  valkey: await startBridge([...common, '--limits', 'valkey']),
  local: await startBridge([...common, '--limits', 'local']),
};
const clients = {};
try {
  for (const [mode, bridge] of Object.entries(bridges))
    clients[mode] = await Promise.all(
      Array.from({ length: CLIENTS }, (_, c) =>
        open(bridge.ws, { writesPerTurn: true, localAddress: clientAt(10 + c) }),
      ),
    );
  const sides = {
    connector: (jobs) => async () => {
      const outcomes = await connection.enqueueMany(
        'bench.fleet',
        jobs.map((job) => [job, PAYLOAD]),
      );
      if (outcomes.some((o) => o.verdict !== 'enqueued')) throw new Error('the connector refused a job');
    },
    'valkey singles': (jobs) => bridgeRun(clients.valkey, jobs, false),
    'local singles': (jobs) => bridgeRun(clients.local, jobs, false),
    'valkey batches': (jobs) => bridgeRun(clients.valkey, jobs, true),
    'local batches': (jobs) => bridgeRun(clients.local, jobs, true),
  };
  const best = {};
  // The bridge process a side runs on (the connector's: none).
  const bridgeOf = (side) => bridges[side.split(' ')[0]]?.child.pid ?? null;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [side, prepare] of Object.entries(sides)) {
      const run = prepare(freshJobs());
      const pids = { bridge: bridgeOf(side), valkey: server.pid };
      const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, pid && cpuSecondsOf(pid)]));
      const start = performance.now();
      await run();
      const seconds = (performance.now() - start) / 1000;
      const cpu = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, pid && cpuSecondsOf(pid) - before[k]]));
      if (seconds < (best[side]?.seconds ?? Infinity)) best[side] = { seconds, cpu };
    }
  }
  const rate = (side) => JOBS / best[side].seconds;
  const cpuPerJob = (side, where) => (best[side].cpu[where] / JOBS) * 1e6;
  for (const mode of ['valkey', 'local']) {
    out.add(figure(`fleet: bridge --limits ${mode}, enqueue frames`, rate(`${mode} singles`) / 1000, 'k jobs/s'));
    out.add(figure(`fleet: bridge --limits ${mode} / connector`, rate(`${mode} singles`) / rate('connector'), 'x'));
    out.add(figure(`fleet: bridge --limits ${mode}, enqueueMany frames`, rate(`${mode} batches`) / 1000, 'k jobs/s'));
    for (const where of ['bridge', 'valkey'])
      out.add(
        figure(
          `fleet: --limits ${mode}, enqueue frames, CPU per job in ${where}`,
          cpuPerJob(`${mode} singles`, where),
          'us',
        ),
      );
  }
  const cost = (kind) => rate(`valkey ${kind}`) / rate(`local ${kind}`);
  out.add(figure('fleet: --limits valkey / local, enqueue frames', cost('singles'), 'x', '>= 0.85x'));
  out.add(figure('fleet: --limits valkey / local, enqueueMany frames', cost('batches'), 'x', '>= 0.85x'));
} finally {
  await Promise.all(Object.values(clients).flatMap((list) => list.map((c) => c.close())));
  await Promise.all(Object.values(bridges).map((b) => b.stop()));
  await connection.close();
  await server.stop();
}
