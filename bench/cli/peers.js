// `branded scan` against ripgrep and grep on a realistic ~200 MB log (bench/cli/log.js), and the start-up of
// each on a 17 KB file. ripgrep runs "the exact rule", the regex that finds exactly the ids scan finds (a run of
// 14 ASCII letters and digits no letter or digit touches, its first three capitals: web/docs/guide/logs.md);
// `rg` with ASCII \b and `grep -oE` are the looser forms people type, recorded beside. Before any timing every
// exact side must report the generator's count of candidates, or the stage fails. Each side runs once a round,
// the sides in turn, best of BENCH_CLI_ROUNDS (5) rounds by CPU time (user + system of the command, bash's
// `time`) and, apart, by wall clock. Writes bench/out/cli-peers.jsonl.
import { mkdtempSync, openSync, readSync, rmSync, closeSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeRealisticLog } from './log.js';
import { figure, stageFile } from '../lib/figures.js';
import { installProject, packAll } from '../../tests/cli/installed.js';

const ROOT = join(import.meta.dirname, '..', '..');
const NATIVE = join(ROOT, 'wasm', 'platforms', 'linux-x64', 'bin', 'branded');
const BIN = join(ROOT, 'wasm', 'bin', 'branded.cjs');
const LOG_BYTES = Number(process.env.BENCH_CLI_LOG_MB ?? 200) * 1e6;
const ROUNDS = Number(process.env.BENCH_CLI_ROUNDS ?? 5);
const STARTS = Number(process.env.BENCH_CLI_STARTS ?? 40); // calls per start-up round
const SMALL_BYTES = 17_000;

// Lookarounds keep the boundary out of the match, so two ids one byte apart are both found (PCRE2 only).
const EXACT = '(?<![A-Za-z0-9])[A-Z]{3}[A-Za-z0-9]{11}(?![A-Za-z0-9])';
// Without lookarounds (Rust's regex): exact for which lines hold an id, the count `rg -c` reports.
const EXACT_LINES = '(?:^|[^A-Za-z0-9])[A-Z]{3}[A-Za-z0-9]{11}(?:[^A-Za-z0-9]|$)';
const WORD = '(?-u:\\b)[A-Z]{3}[A-Za-z0-9]{11}(?-u:\\b)';
const GREP_WORD = '\\b[A-Z]{3}[A-Za-z0-9]{11}\\b';

const out = stageFile('cli-peers');
const scratch = mkdtempSync(join(tmpdir(), 'branded-bench-peers-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

const log = join(scratch, 'app.log');
process.stderr.write(`writing a ${LOG_BYTES / 1e6} MB log…\n`);
const planted = writeRealisticLog(log, LOG_BYTES);
// The first 17 KB of it, cut at a line's end.
const small = join(scratch, 'small.log');
const head = Buffer.alloc(SMALL_BYTES);
const fd = openSync(log, 'r');
readSync(fd, head, 0, SMALL_BYTES, 0);
closeSync(fd);
writeFileSync(small, head.subarray(0, head.lastIndexOf(10) + 1));

const quote = (arg) => `'${arg.replaceAll("'", "'\\''")}'`;
const shell = (argv) => argv.map(quote).join(' ');
const env = { ...process.env, LC_ALL: 'C' };
delete env.NODE_EXTRA_CA_CERTS; // as bench/cli/bench.js: Node would parse every certificate in it first

// The sides: argv, the file it reads, and where stdout goes (a pipe to `cat`, or /dev/null).
const native = (...args) => [NATIVE, ...args];
const wasm = (...args) => ['env', 'BRANDED_CLI=wasm', process.execPath, BIN, ...args];
const sides = {
  native: { argv: native('scan', log) },
  nativeJson: { argv: native('scan', '--json', log), sink: '/dev/null' },
  wasm: { argv: wasm('scan', log) },
  wasmJson: { argv: wasm('scan', '--json', log), sink: '/dev/null' },
  rgCount: { argv: ['rg', '-c', EXACT_LINES, log] },
  rgPcreCount: { argv: ['rg', '-P', '--count-matches', EXACT, log] },
  rgPcre: { argv: ['rg', '-P', '-o', EXACT, log] },
  rgWord: { argv: ['rg', '-o', WORD, log] },
  grep: { argv: ['grep', '-oE', GREP_WORD, log] },
};

// One run: `command > sink` or `command | cat > /dev/null` (the command alone timed) → {cpu, wall} in seconds.
// Exit status 1 is a result (scan: a refused candidate; rg and grep: nothing found); 2 or more fails.
function runOnce(command, sink = 'pipe') {
  const timed = `{ time ${command} ; } 2>&3`;
  const script = `exec 3>&2; TIMEFORMAT='@time %R %U %S'; set -o pipefail; ${
    sink === 'pipe' ? `${timed} | cat > /dev/null` : `${timed} > ${sink}`
  }`;
  const r = spawnSync('bash', ['-c', script], { encoding: 'utf8', env });
  if (r.status > 1 || r.status === null) throw new Error(`${command} failed (${r.status}): ${r.stderr}`);
  const [wall, user, system] = r.stderr
    .split('\n')
    .findLast((l) => l.startsWith('@time'))
    .split(' ')
    .slice(1)
    .map(Number);
  return { cpu: user + system, wall };
}

// Every side once a round, in turn: a burst of load lands on one round of each side, not on every round of one.
// Each side keeps its least CPU and its least wall clock, each of its own round.
function bestOf(table, command) {
  const best = Object.fromEntries(Object.keys(table).map((k) => [k, { cpu: Infinity, wall: Infinity }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [key, side] of Object.entries(table)) {
      const t = runOnce(command(side), side.sink);
      best[key].cpu = Math.min(best[key].cpu, t.cpu);
      best[key].wall = Math.min(best[key].wall, t.wall);
    }
  }
  return best;
}

// What a command prints, counted by a shell pipeline (the outputs run to hundreds of MB).
function counted(command) {
  const r = spawnSync('bash', ['-c', `set -o pipefail; { ${command} || [ $? = 1 ]; } | wc -l`], {
    encoding: 'utf8',
    env,
  });
  if (r.status !== 0) throw new Error(`${command} failed (${r.status}): ${r.stderr}`);
  return Number(r.stdout.trim());
}
const lineCount = (argv) => counted(shell(argv));
// The number rg prints for a count of one file.
const rgCount = (argv) => Number(spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', env }).stdout);

// The count check: the same candidates on every exact side, and the generator's count.
const counts = {
  'the generator (candidates planted)': planted.candidates,
  'branded scan (native)': lineCount(native('scan', log)),
  'branded scan --json (native)': lineCount(native('scan', '--json', log)),
  'branded scan (wasm)': lineCount(wasm('scan', log)),
  'rg -P -o, the exact rule': lineCount(sides.rgPcre.argv),
  'rg -P --count-matches, the exact rule': rgCount(sides.rgPcreCount.argv),
};
// scan prints in file order: the distinct `line` values are the lines holding an id.
const lineCounts = {
  'lines with an id (branded scan --json)': counted(
    `${shell(native('scan', '--json', log))} | grep -o '"line":[0-9]*' | uniq`,
  ),
  'rg -c, the exact rule': rgCount(sides.rgCount.argv),
};
const loose = { 'rg -o, ASCII \\b': lineCount(sides.rgWord.argv), 'grep -oE \\b': lineCount(sides.grep.argv) };
console.log(
  `  a ${(planted.bytes / 1e6).toFixed(1)} MB log of ${planted.lines.toLocaleString('en-US')} lines; ids found:`,
);
for (const [side, n] of Object.entries({ ...counts, ...lineCounts, ...loose }))
  console.log(`    ${side.padEnd(44)} ${n}`);
const disagree = (group) => new Set(Object.values(group)).size !== 1;
if (disagree(counts) || disagree(lineCounts)) {
  console.error('cli-peers: the exact sides disagree on the ids of the log (above): no figure is recorded');
  process.exit(1);
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`  load average before timing: ${load()}`);
const scans = bestOf(sides, (side) => shell(side.argv));
const gbs = (side) => planted.bytes / side.cpu / 1e9;
const ids = planted.candidates;
out.add(
  figure(
    `cli native scan of a ${Math.round(planted.bytes / 1e6)} MB log (${ids.toLocaleString('en-US')} ids)`,
    gbs(scans.native),
    'GB/s',
  ),
);
out.add(figure('cli native scan / rg -c, the exact rule', scans.rgCount.cpu / scans.native.cpu, 'x', '>= 1.5x'));
out.add(figure('cli native scan / rg -P -o, the exact rule', scans.rgPcre.cpu / scans.native.cpu, 'x', '>= 5x'));
// The same ratios by wall clock: the wait a user sees (the native CLI writes from a second thread; rg and grep run
// one thread on one file).
out.add(figure('cli native scan / rg -c, the exact rule, wall clock', scans.rgCount.wall / scans.native.wall, 'x'));
out.add(figure('cli native scan / rg -P -o, the exact rule, wall clock', scans.rgPcre.wall / scans.native.wall, 'x'));
out.add(figure('cli native scan --json to /dev/null', gbs(scans.nativeJson), 'GB/s', '>= 1 GB/s'));
out.add(figure('cli native scan --json to /dev/null, wall clock', planted.bytes / scans.nativeJson.wall / 1e9, 'GB/s'));
out.add(figure('cli native scan / rg -P --count-matches, exact', scans.rgPcreCount.cpu / scans.native.cpu, 'x'));
out.add(figure('cli native scan / rg -o, ASCII \\b (looser)', scans.rgWord.cpu / scans.native.cpu, 'x'));
out.add(figure('cli native scan / grep -oE \\b (looser)', scans.grep.cpu / scans.native.cpu, 'x'));
out.add(figure('cli wasm scan of the same log', gbs(scans.wasm), 'GB/s'));
out.add(figure('cli wasm scan / rg -c, the exact rule', scans.rgCount.cpu / scans.wasm.cpu, 'x'));
out.add(figure('cli wasm scan / rg -P -o, the exact rule', scans.rgPcre.cpu / scans.wasm.cpu, 'x'));
out.add(figure('cli wasm scan --json to /dev/null', gbs(scans.wasmJson), 'GB/s'));
for (const [key, name] of [
  ['rgCount', 'rg -c, the exact rule'],
  ['rgPcreCount', 'rg -P --count-matches, the exact rule'],
  ['rgPcre', 'rg -P -o, the exact rule'],
  ['rgWord', 'rg -o, ASCII \\b'],
  ['grep', 'grep -oE \\b'],
]) {
  out.add(figure(`cli peer ${name}`, gbs(scans[key]), 'GB/s'));
}
console.log(`  load average after the scans: ${load()}`);

// Start-up: STARTS calls of each side on the 17 KB file in one timed loop (the loop's fork and exec are what a
// script calling the tool pays too; /bin/true's loop is shown as that floor).
// The package's bin as npm installs it: its postinstall copied the binary over it; with install scripts off it is
// the Node script that runs the binary.
const tarballs = packAll(scratch);
const installedBin = (name, flags) =>
  join(installProject(scratch, name, tarballs, flags), 'node_modules', '.bin', 'branded');
const starts = {
  native: { argv: native('scan', small) },
  bin: { argv: [installedBin('installed'), 'scan', small] },
  binScriptsOff: { argv: [installedBin('installed-ignore-scripts', ['--ignore-scripts']), 'scan', small] },
  wasm: { argv: wasm('scan', small) },
  rgCount: { argv: ['rg', '-c', EXACT_LINES, small] },
  rgPcre: { argv: ['rg', '-P', '-o', EXACT, small] },
  floor: { argv: ['/bin/true', small] },
};
const loop = (side) => `(for ((i = 0; i < ${STARTS}; i++)); do ${shell(side.argv)} || [ $? = 1 ]; done)`;
const started = bestOf(starts, loop);
const ms = (side) => (side.cpu / STARTS) * 1000;
const rg = Math.min(ms(started.rgCount), ms(started.rgPcre));
out.add(figure(`cli native start-up: scan of a ${SMALL_BYTES / 1000} KB file`, ms(started.native), 'ms CPU'));
out.add(figure('cli native start-up / the fastest rg (same file)', ms(started.native) / rg, 'x', '<= 2x'));
const rgWall = Math.min(started.rgCount.wall, started.rgPcre.wall);
out.add(figure('cli native start-up / the fastest rg, wall clock', started.native.wall / rgWall, 'x'));
out.add(figure('cli start-up through the package bin as npm installs it', ms(started.bin), 'ms CPU'));
out.add(figure('cli package bin start-up / the fastest rg', ms(started.bin) / rg, 'x', '<= 2x'));
out.add(
  figure(
    'cli start-up through the package bin, install scripts off (Node, native)',
    ms(started.binScriptsOff),
    'ms CPU',
  ),
);
out.add(figure('cli wasm start-up: scan of the same file', ms(started.wasm), 'ms CPU'));
out.add(figure('cli peer start-up: rg -c, the exact rule', ms(started.rgCount), 'ms CPU'));
out.add(figure('cli peer start-up: rg -P -o, the exact rule', ms(started.rgPcre), 'ms CPU'));
out.add(figure('cli start-up floor: /bin/true in the same loop', ms(started.floor), 'ms CPU'));
console.log(`  load average at the end: ${load()}`);
