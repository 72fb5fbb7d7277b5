// Enqueue throughput against one real Valkey (with the EMQ.ENQUEUE module), every side in this run and on
// this server: the connector's enqueueMany through the @enqueue script (EVALSHA, pipelined), the same
// through the native EMQ.ENQUEUE, and valkey-benchmark running EVALSHA of the same script (-P 32).
// Writes bench/out/enqueue.jsonl.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { performance } from 'node:perf_hooks';
import { cli, startServer } from '../../scripts/valkey.js';
import { ENQUEUE_SCRIPT, ENQUEUE_SCRIPT_SHA1, createMinter } from '../../wasm/index.js';
import { connect } from '../../wasm/valkey.js';
import { figure, stageFile } from '../lib/figures.js';

const run = promisify(execFile);
const JOBS = Number(process.env.BENCH_ENQUEUE_JOBS ?? 30_000); // per round
const ROUNDS = Number(process.env.BENCH_ENQUEUE_ROUNDS ?? 5);
const PAYLOAD = '{"task":"bench"}'; // 16 bytes, the same for every side
const out = stageFile('enqueue');

const server = await startServer({ module: true });
const connection = await connect(`redis://${server.host}:${server.port}`);
try {
  const loaded = await connection.client.script('LOAD', ENQUEUE_SCRIPT);
  if (loaded !== ENQUEUE_SCRIPT_SHA1) throw new Error(`the server hashed the script to ${loaded}`);
  const minter = createMinter({ namespace: 'JOB', node: 1 });

  // Best of the rounds (each with fresh ids, so every call takes the write path), in jobs per second.
  async function connectorRate(executor) {
    let best = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const items = Array.from({ length: JOBS }, () => [minter.next(), PAYLOAD]);
      const start = performance.now();
      const outcomes = await connection.enqueueMany('bench', items, { executor });
      const seconds = (performance.now() - start) / 1000;
      const enqueued = outcomes.filter((o) => o.verdict === 'enqueued').length;
      if (enqueued !== JOBS) throw new Error(`${executor}: ${JOBS - enqueued} of ${JOBS} jobs were not enqueued`);
      best = Math.max(best, JOBS / seconds);
    }
    return best;
  }

  // valkey-benchmark: the same script by SHA, random ids under JOB (only the first three bytes matter to the
  // script), 50 connections, 32 commands per pipeline; the requests/s it reports, best of the rounds. Every
  // call must take the write path: the pending set grows by one per call, but for the few random ids drawn
  // twice (about 1 in 10^4 here).
  const VB_KEYSPACE = 2_000_000_000; // valkey-benchmark reads -r as a C int
  const VB_REPEATS_ALLOWED = 0.001;
  async function valkeyBenchmarkRate() {
    const requests = JOBS * 2;
    let best = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const before = Number(await cli(server.port, 'ZCARD', 'emq:{vb}:pending'));
      const { stdout } = await run('valkey-benchmark', [
        '-h', server.host, '-p', String(server.port), '-n', String(requests), '-P', '32', '-r', String(VB_KEYSPACE), '--csv',
        'EVALSHA', ENQUEUE_SCRIPT_SHA1, '2', 'emq:{vb}:job:JOB__rand_int__', 'emq:{vb}:pending', 'JOB__rand_int__', PAYLOAD,
      ], { timeout: 120_000 });
      const written = Number(await cli(server.port, 'ZCARD', 'emq:{vb}:pending')) - before;
      if (written < requests * (1 - VB_REPEATS_ALLOWED)) {
        throw new Error(`valkey-benchmark: only ${written} of ${requests} calls took the write path`);
      }
      const row = stdout.trim().split('\n').at(-1).split(',');
      best = Math.max(best, Number(JSON.parse(row[1])));
    }
    return best;
  }

  // The server's own time per call (INFO commandstats), apart from the client and the round trips.
  async function serverMicrosPerCall(command) {
    const stats = await cli(server.port, 'INFO', 'commandstats');
    const line = stats.split('\n').find((l) => l.startsWith(`cmdstat_${command}:`));
    if (!line) throw new Error(`no commandstats for ${command}`);
    return Number(/usec_per_call=([0-9.]+)/.exec(line)[1]);
  }

  await cli(server.port, 'CONFIG', 'RESETSTAT');
  const script = await connectorRate('script');
  const scriptMicros = await serverMicrosPerCall('evalsha');
  const native = await connectorRate('native');
  const nativeMicros = await serverMicrosPerCall('EMQ.ENQUEUE');
  const evalsha = await valkeyBenchmarkRate();
  const errors = await cli(server.port, 'INFO', 'errorstats');
  if (/errorstat_/.test(errors)) throw new Error(`the server answered errors during the benchmark:\n${errors}`);

  out.add(figure('enqueue: connector enqueueMany, script (EVALSHA)', script / 1000, 'k jobs/s'));
  out.add(figure('enqueue: connector enqueueMany, native EMQ.ENQUEUE', native / 1000, 'k jobs/s'));
  out.add(figure('enqueue: valkey-benchmark EVALSHA -P 32 (50 clients)', evalsha / 1000, 'k jobs/s'));
  out.add(figure('enqueue: enqueueMany script / valkey-benchmark EVALSHA', script / evalsha, 'x', '>= 0.8x'));
  out.add(figure('enqueue: native EMQ.ENQUEUE / script', native / script, 'x', '>= 1.5x'));
  out.add(figure('enqueue: server time per call, script (EVALSHA)', scriptMicros, 'us'));
  out.add(figure('enqueue: server time per call, native EMQ.ENQUEUE', nativeMicros, 'us'));
} finally {
  await connection.close();
  await server.stop();
}
