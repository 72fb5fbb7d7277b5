// The CLI as people pipe it: `branded decode` and `branded decode --json` from stdin to a pipe, against the naive
// Python decoder (bench/cli/naive_decode.py) on the same ids in the same run; `branded scan` of a log. Rates are
// from CPU time (user + system of the pipeline, as bash's `time` reports it), the best of a few rounds, the
// pipelines taking turns within each round; wall rates are shown beside them. The goal figure is at 1,000,000
// ids; the fixed start (Node alone, then Node with the CLI) is measured apart, and 10,000,000 ids give the rate
// with the start amortised. The WebAssembly CLI's figures (BRANDED_CLI=wasm); beside them the native binary's
// decode of the same ids, the same bytes out, against `cat` moving those bytes through the same pipe. Where the
// scheduler puts the two ends of that pipe moves its cost by 2-3x (apart, every page crosses between caches), so
// both sides are also timed with their ends pinned (`taskset`): on one CPU, and on two. Writes bench/out/cli.jsonl.
// Every run has NODE_EXTRA_CA_CERTS removed from its environment: Node reads and parses each certificate in
// that file before running anything, which no command of the CLI needs (none opens a TLS connection) and few
// users' machines set; where it is set (a sandbox pointing it at the whole system bundle), the pipeline is
// also timed with it, and shown beside.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomIds } from '../js/inputs.js';
import { figure, stageFile } from '../lib/figures.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'wasm', 'bin', 'branded.cjs');
const NATIVE = join(ROOT, 'wasm', 'platforms', 'linux-x64', 'bin', 'branded');
const PYTHON = join(import.meta.dirname, 'naive_decode.py');
const IDS = 1_000_000;
const LARGE_REPEATS = Number(process.env.BENCH_CLI_LARGE ?? 10); // the 10,000,000-id input: the ids 10 times
const PYTHON_IDS = 200_000; // the same ids' first fifth: the naive loop is slow, and its rate is per id
const ROUNDS = Number(process.env.BENCH_CLI_ROUNDS ?? 5);

const out = stageFile('cli');
const scratch = mkdtempSync(join(tmpdir(), 'branded-bench-cli-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

const ids = randomIds(IDS, { seed: 23 });
const idsFile = join(scratch, 'ids.txt');
writeFileSync(idsFile, `${ids.join('\n')}\n`);
const largeFile = join(scratch, 'ids-large.txt');
writeFileSync(largeFile, `${ids.join('\n')}\n`.repeat(LARGE_REPEATS));
const pythonFile = join(scratch, 'ids-python.txt');
writeFileSync(pythonFile, `${ids.slice(0, PYTHON_IDS).join('\n')}\n`);
// Every other line refused (`job-N`, lowercase and short): each refused row is made in JavaScript.
const halfRefusedFile = join(scratch, 'half-refused.txt');
writeFileSync(halfRefusedFile, `${ids.map((id, i) => (i % 2 === 0 ? id : `job-${i}`)).join('\n')}\n`);
// One line of 100 MB (no id: read past, shown cut), then the ids.
const longLineFile = join(scratch, 'long-line.txt');
writeFileSync(longLineFile, `${'A'.repeat(100_000_000)}\n${ids.slice(0, 1000).join('\n')}\n`);
const logFile = join(scratch, 'app.log');
writeFileSync(
  logFile,
  ids
    .map(
      (id, i) => `2026-12-01T09:00:00.123Z INFO worker-${i % 8} GET /jobs/${id}?attempt=2 {"tookMs":${i % 900}} done\n`,
    )
    .join(''),
);

const quote = (arg) => `'${arg.replaceAll("'", "'\\''")}'`;

const EXTRA_CA_CERTS = process.env.NODE_EXTRA_CA_CERTS;
// The package's bin runs the native CLI where it is installed: this stage's figures are the WebAssembly CLI's.
const wasmEnv = { ...process.env, BRANDED_CLI: 'wasm' };
const cleanEnv = { ...wasmEnv };
delete cleanEnv.NODE_EXTRA_CA_CERTS;

// Every pipeline `command < input | cat > /dev/null` is registered first and then run once a round, round
// after round, so a burst of load on the machine lands on one round of each figure rather than on every
// round of one; each keeps its least CPU and its least wall clock, each of its own round: {cpu, wall} in seconds.
const pipelines = [];
function timed(command, input, env = cleanEnv, placement = null) {
  const pipeline = { command, input, env, placement, cpu: Infinity, wall: Infinity };
  pipelines.push(pipeline);
  return pipeline;
}

// The ends of a pipeline: where the scheduler puts them (null), both on CPU 0 ('one'), or the command on CPU 0 and
// its reader on CPU 1 ('two').
const PINNED = availableParallelism() >= 2 ? ['one', 'two'] : ['one'];
function pipelineScript({ command, input, placement }) {
  const pin = (cpu) => (placement ? `taskset -c ${cpu} ` : '');
  const reader = placement === 'two' ? 1 : 0;
  return `TIMEFORMAT='%R %U %S'; time (${pin(0)}${command.map(quote).join(' ')} < ${quote(input)} | ${pin(reader)}cat > /dev/null)`;
}

function runRounds() {
  for (let round = 0; round < ROUNDS; round++) {
    for (const pipeline of pipelines) {
      const { command, env } = pipeline;
      const r = spawnSync('bash', ['-c', pipelineScript(pipeline)], { encoding: 'utf8', env });
      if (r.status !== 0) throw new Error(`${command.join(' ')} failed: ${r.stderr}`);
      const [wall, user, system] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
      pipeline.cpu = Math.min(pipeline.cpu, user + system);
      pipeline.wall = Math.min(pipeline.wall, wall);
    }
  }
}

const million = (count, seconds) => count / seconds / 1e6;
const emptyFile = join(scratch, 'empty.txt');
writeFileSync(emptyFile, '');
const node = timed([process.execPath, '-e', '0'], emptyFile);
const nodeWithCerts = EXTRA_CA_CERTS ? timed([process.execPath, '-e', '0'], emptyFile, process.env) : null;
const startup = timed([process.execPath, CLI, 'decode'], emptyFile);
const forms = [
  ['decode', []],
  ['decode --json', ['--json']],
].map(([form, flags]) => {
  // The pipe's own share of the goal figure: the same output bytes from a file through `cat | cat`.
  const outputFile = join(scratch, `decoded${flags.join('')}.txt`);
  const decoded = spawnSync('bash', [
    '-c',
    `${[process.execPath, CLI, 'decode', ...flags].map(quote).join(' ')} < ${quote(idsFile)} > ${quote(outputFile)}`,
  ]);
  if (decoded.status !== 0) throw new Error(`decode ${flags.join(' ')} failed: ${decoded.stderr}`);
  const nativeOutput = spawnSync(NATIVE, ['decode', ...flags], { input: readFileSync(idsFile), maxBuffer: 2 ** 30 });
  if (!nativeOutput.stdout.equals(readFileSync(outputFile)))
    throw new Error(`native decode ${flags.join(' ')} differs`);
  const decode = [process.execPath, CLI, 'decode', ...flags];
  return {
    form,
    cli: timed(decode, idsFile),
    withCerts: EXTRA_CA_CERTS ? timed(decode, idsFile, wasmEnv) : null,
    python: timed(['python3', PYTHON, ...flags], pythonFile),
    // [unpinned, ...pinned]: the native decode and the same bytes through `cat | cat`, each placement alike
    placed: [null, ...PINNED].map((placement) => ({
      placement,
      native: timed([NATIVE, 'decode', ...flags], idsFile, cleanEnv, placement),
      pipe: timed(['cat', outputFile], emptyFile, cleanEnv, placement),
    })),
    large: timed(decode, largeFile),
  };
});
const halfRefused = timed([process.execPath, CLI, 'decode'], halfRefusedFile);
const longLine = timed([process.execPath, CLI, 'decode'], longLineFile);
const scan = timed([process.execPath, CLI, 'scan', '--json'], logFile);

runRounds();

out.add(figure('cli start: node -e 0 (Node alone)', node.cpu * 1000, 'ms CPU'));
if (nodeWithCerts) {
  out.add(figure('cli start: node -e 0 with NODE_EXTRA_CA_CERTS as set here', nodeWithCerts.cpu * 1000, 'ms CPU'));
}
out.add(figure('cli wasm decode of empty stdin (Node and the CLI module starting)', startup.cpu * 1000, 'ms CPU'));
for (const { form, cli, withCerts, python, placed, large } of forms) {
  const [{ native, pipe }, ...pinned] = placed;
  const rate = million(IDS, cli.cpu);
  const pythonRate = million(PYTHON_IDS, python.cpu);
  out.add(figure(`cli wasm ${form}, stdin to a pipe (1,000,000 ids)`, rate, 'M ids/s', '>= 5 M ids/s'));
  out.add(figure(`cli wasm ${form}, wall clock`, million(IDS, cli.wall), 'M ids/s'));
  if (withCerts) {
    out.add(figure(`cli wasm ${form}, with NODE_EXTRA_CA_CERTS as set here`, million(IDS, withCerts.cpu), 'M ids/s'));
  }
  out.add(
    figure(`cli wasm ${form}, past startup (CPU less empty stdin's)`, million(IDS, cli.cpu - startup.cpu), 'M ids/s'),
  );
  out.add(figure(`cli wasm ${form}: naive Python decoder`, pythonRate, 'M ids/s'));
  out.add(figure(`cli wasm ${form}: branded / naive Python`, rate / pythonRate, 'x', '>= 10x'));
  out.add(figure(`cli wasm ${form}: its output through the pipe alone (cat file | cat)`, pipe.cpu * 1000, 'ms CPU'));
  out.add(figure(`cli wasm ${form} / cat moving its output through the pipe`, cli.cpu / pipe.cpu, 'x'));
  out.add(figure(`cli native ${form}, stdin to a pipe (1,000,000 ids)`, million(IDS, native.cpu), 'M ids/s'));
  out.add(figure(`cli native ${form} / cat moving its output through the pipe`, native.cpu / pipe.cpu, 'x'));
  out.add(
    figure(`cli native ${form} / cat moving its output through the pipe, wall clock`, native.wall / pipe.wall, 'x'),
  );
  for (const side of pinned) {
    const where = side.placement === 'one' ? 'both ends on one CPU' : 'its reader on another CPU';
    out.add(figure(`cli native ${form}: cat | cat, ${where}`, side.pipe.cpu * 1000, 'ms CPU'));
    out.add(figure(`cli native ${form} / cat, ${where}`, side.native.cpu / side.pipe.cpu, 'x', '<= 1.2x'));
  }
  const largeIds = IDS * LARGE_REPEATS;
  out.add(
    figure(
      `cli wasm ${form}, ${largeIds.toLocaleString('en-US')} ids (start amortised)`,
      million(largeIds, large.cpu),
      'M ids/s',
    ),
  );
}
out.add(
  figure('cli wasm decode, every other line refused (1,000,000 lines)', million(IDS, halfRefused.cpu), 'M lines/s'),
);
out.add(figure('cli wasm decode of a 100 MB line, then 1,000 ids', longLine.cpu * 1000, 'ms CPU'));
out.add(figure('cli wasm scan --json of a log (1,000,000 ids, one a line)', million(IDS, scan.cpu), 'M ids/s'));
