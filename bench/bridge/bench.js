// The bridge's end-to-end WebSocket enqueue rate against one real Valkey (with the EMQ.ENQUEUE module), and
// on the same server in the same run the connector's enqueueMany (script), so the ratio means something.
// The bridge is the real CLI process on a free loopback port; the clients are real `ws` sockets in this
// process, each keeping a window of requests in flight. Every ack must be `ok` (else this stage fails).
// The 50 clients share one loopback address, so the bridge runs with ONE_ADDRESS_LOAD (tests/bridge): the
// per-address caps and the bridge-wide command budget and queue lifted, the data TTL (an EXPIRE on every
// key written) kept at its default. With the defaults, --budget (Valkey commands per second for the whole
// bridge) bounds the end-to-end rate instead.
// Writes bench/out/bridge.jsonl. BENCH_BRIDGE_CPU_PROF=DIR writes the bridge's V8 CPU profile there
// (cpu-profile.js; read it with top.js).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { cli, startServer } from '../../scripts/valkey.js';
import { ENQUEUE_SCRIPT, ENQUEUE_SCRIPT_SHA1, createMinter } from '../../wasm/index.js';
import { connect } from '../../wasm/valkey.js';
import { ONE_ADDRESS_LOAD, open, startBridge } from '../../tests/bridge/support.js';
import { figure, stageFile } from '../lib/figures.js';

const JOBS = Number(process.env.BENCH_BRIDGE_JOBS ?? 30_000); // per round, for every side
const ROUNDS = Number(process.env.BENCH_BRIDGE_ROUNDS ?? 3);
const CLIENTS = Number(process.env.BENCH_BRIDGE_CLIENTS ?? 50);
const WINDOW = 64; // enqueue requests each client keeps in flight (the bridge's default --max-inflight)
const BATCH = 100; // items per enqueueMany frame
const BATCH_WINDOW = 2; // enqueueMany frames each client keeps in flight
const PAYLOAD = '{"task":"bench"}'; // 16 bytes, as in the enqueue stage
const QUEUE = 'demo.bench'; // inside the bridge's default allowlist (demo*)
const out = stageFile('bridge');

const minter = createMinter({ namespace: 'JOB', node: 2 });
const freshJobs = () => Array.from({ length: JOBS }, () => minter.next());

// Client c's share of the jobs: every CLIENTS-th one.
const shareOf = (jobs, c) => jobs.filter((_, i) => i % CLIENTS === c);

// Runs `tasks` (async functions: send one request, check its reply) with `window` of them in flight.
async function drain(tasks, window) {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: window }, lane));
}

function failIfNotEnqueued(reply, job) {
  if (!reply.ok || reply.result.verdict !== 'enqueued' || reply.result.job !== job) {
    throw new Error(`bridge enqueue of ${job} was not acked enqueued: ${JSON.stringify(reply)}`);
  }
}

function failIfBatchNotEnqueued(reply, size) {
  if (
    !reply.ok ||
    reply.result.enqueued !== size ||
    !reply.result.items.every((item) => item.ok && item.verdict === 'enqueued')
  ) {
    throw new Error(
      `bridge enqueueMany of ${size} jobs was not fully enqueued: ${JSON.stringify(reply).slice(0, 500)}`,
    );
  }
}

// CPU seconds a process has used so far (Linux /proc; user + system, in clock ticks of 1/100 s).
function cpuSecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// Commands the server has run so far (INFO commandstats, every command but INFO itself).
async function commandsRun(port) {
  const stats = await cli(port, 'INFO', 'commandstats');
  let calls = 0;
  for (const [, command, n] of stats.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
    if (command !== 'info') calls += Number(n);
  return calls;
}

// Runs work(); its wall seconds, the CPU seconds each process spent meanwhile, and the commands Valkey ran.
async function timed(pids, port, work) {
  const commandsBefore = await commandsRun(port);
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSecondsOf(pid)]));
  const start = performance.now();
  await work();
  const seconds = (performance.now() - start) / 1000;
  const cpu = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSecondsOf(pid) - before[name]]));
  return { seconds, cpu, commands: (await commandsRun(port)) - commandsBefore };
}

// Every client enqueues its share, one `enqueue` frame per job. Returns the run; shares are dealt before.
function bridgeSingles(clients, jobs) {
  const tasks = clients.map((client, c) =>
    shareOf(jobs, c).map((job) => async () => {
      failIfNotEnqueued(
        await client.request('enqueue', { queue: QUEUE, job, payload: PAYLOAD, executor: 'script' }),
        job,
      );
    }),
  );
  return () => Promise.all(tasks.map((share) => drain(share, WINDOW)));
}

// Every client enqueues its share in `enqueueMany` frames of BATCH items. Returns the run.
function bridgeBatches(clients, jobs) {
  const tasks = clients.map((client, c) => {
    const share = shareOf(jobs, c);
    const frames = [];
    for (let i = 0; i < share.length; i += BATCH)
      frames.push(share.slice(i, i + BATCH).map((job) => ({ job, payload: PAYLOAD })));
    return frames.map((items) => async () => {
      failIfBatchNotEnqueued(
        await client.request('enqueueMany', { queue: QUEUE, items, executor: 'script' }),
        items.length,
      );
    });
  });
  return () => Promise.all(tasks.map((frames) => drain(frames, BATCH_WINDOW)));
}

async function connectorEnqueue(connection, items) {
  const outcomes = await connection.enqueueMany('bench', items, { executor: 'script' });
  const enqueued = outcomes.filter((o) => o.verdict === 'enqueued').length;
  if (enqueued !== JOBS) throw new Error(`connector: ${JOBS - enqueued} of ${JOBS} jobs were not enqueued`);
}

const server = await startServer({ module: true });
const connection = await connect(`redis://${server.host}:${server.port}`);
const profileDir = process.env.BENCH_BRIDGE_CPU_PROF;
const bridge = await startBridge(
  [
    ...ONE_ADDRESS_LOAD,
    '--valkey',
    server.url,
    '--rate',
    '1000000',
    '--max-inflight',
    '1000',
    '--max-connections',
    String(CLIENTS + 5),
  ],
  { env: profileDir ? { NODE_OPTIONS: `--import=${new URL('./cpu-profile.js', import.meta.url)}` } : {} },
);
let clients = [];
try {
  const loaded = await connection.client.script('LOAD', ENQUEUE_SCRIPT);
  if (loaded !== ENQUEUE_SCRIPT_SHA1) throw new Error(`the server hashed the script to ${loaded}`);
  // Real ws clients, one frame per job, every ack checked; the frames a client sends in one turn share a
  // socket write, as the bridge's replies do.
  clients = await Promise.all(Array.from({ length: CLIENTS }, () => open(bridge.ws, { writesPerTurn: true })));

  // The sides take turns within each round, so a noisy moment on the shared machine hits them alike; each
  // side keeps its fastest round (and that round's CPU use). Ids are minted, and each side's work laid out,
  // before the clock starts.
  const pids = { bridge: bridge.child.pid, clients: process.pid, valkey: server.pid };
  const sides = {
    connector: (jobs) => {
      const items = jobs.map((job) => [job, PAYLOAD]);
      return () => connectorEnqueue(connection, items);
    },
    singles: (jobs) => bridgeSingles(clients, jobs),
    batches: (jobs) => bridgeBatches(clients, jobs),
  };
  const best = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [side, prepare] of Object.entries(sides)) {
      const run = await timed(pids, server.port, prepare(freshJobs()));
      if (!best[side] || run.seconds < best[side].seconds) best[side] = run;
    }
  }
  const rate = (side) => JOBS / best[side].seconds;
  const cpuMicrosPerJob = (side, where) => (best[side].cpu[where] / JOBS) * 1e6;

  const stored = Number(await cli(server.port, 'ZCARD', `emq:{${QUEUE}}:pending`));
  if (stored !== 2 * ROUNDS * JOBS)
    throw new Error(`the bridge acked ${2 * ROUNDS * JOBS} jobs but ${stored} are pending`);
  const errors = await cli(server.port, 'INFO', 'errorstats');
  if (/errorstat_/.test(errors)) throw new Error(`the server answered errors during the benchmark:\n${errors}`);

  out.add(figure('enqueue: bridge, WebSocket end to end', rate('singles') / 1000, 'k jobs/s'));
  out.add(figure('enqueue: bridge / connector enqueueMany', rate('singles') / rate('connector'), 'x', '>= 0.5x'));
  out.add(figure(`enqueue: bridge enqueueMany frames (${BATCH} jobs each)`, rate('batches') / 1000, 'k jobs/s'));
  out.add(figure('enqueue: bridge enqueueMany frames / connector', rate('batches') / rate('connector'), 'x'));
  out.add(figure('enqueue: connector enqueueMany, script (bridge stage)', rate('connector') / 1000, 'k jobs/s'));
  // Where the time goes (CPU per job in the fastest round): on 2 cores the three processes share them.
  for (const where of ['bridge', 'clients', 'valkey']) {
    out.add(figure(`enqueue: bridge end to end, CPU per job in ${where}`, cpuMicrosPerJob('singles', where), 'us'));
  }
  out.add(
    figure('enqueue: connector enqueueMany, CPU per job in valkey', cpuMicrosPerJob('connector', 'valkey'), 'us'),
  );
  // Commands per job Valkey ran for each side, the ones a script calls included (EVALSHA, EXISTS, HSET, ZADD:
  // 4 for the connector), so what else the bridge sends per job shows (the data's TTL: an EXPIRE per key).
  for (const [side, label] of [
    ['singles', 'bridge end to end'],
    ['batches', 'bridge enqueueMany frames'],
    ['connector', 'connector enqueueMany'],
  ]) {
    out.add(figure(`enqueue: ${label}, Valkey commands per job`, best[side].commands / JOBS, 'commands'));
  }
} finally {
  await Promise.all(clients.map((client) => client.close()));
  await bridge.stop();
  await connection.close();
  await server.stop();
}
