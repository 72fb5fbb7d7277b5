// Google Benchmark's JSON (bench/out/native.json) → bench/out/native.jsonl: ns per id, the best of the
// repetitions (noise on a shared machine only ever adds time), from CPU time.
import { readFileSync } from 'node:fs';
import { figure, stageFile } from '../lib/figures.js';

// Benchmark → [figure name, goal]. Names are stable: results.json is compared run to run.
const FIGURES = {
  BM_parse: ['native parse', '<= 5 ns/id'],
  BM_valid: ['native valid'],
  BM_encode: ["native encode (encode_to: into the caller's buffer)", '<= 5 ns/id'],
  BM_encode_result: ['native encode (Result<Id> by value)'],
  BM_hash32: ['native hash32', '<= 1 ns/id'],
  BM_stream_id: ['native stream id (write_entry_id)'],
  BM_parse_batch: ['native parse_fixed (14-byte ids back to back)'],
  BM_parse_lines: ['native parse_lines (newline-separated)'],
  BM_encode_batch: ['native encode_many'],
  BM_mint_fixed_clock: ['native mint, the law alone (fixed clock)'],
  BM_minter: ['native mint (system clock)'],
  BM_system_clock: ['native system clock read (the floor under a mint)'],
};

// scan benchmarks report bytes: GB/s of log text, per kernel (-1: the one scan() picks on this CPU).
const SCAN_FIGURES = {
  'BM_scan/-1': ['native scan (log text, the kernel this CPU gets)', '>= 1 GB/s'],
  'BM_scan/0': ['native scan, portable kernel'],
  'BM_scan/1': ['native scan, SSE2 kernel'],
  'BM_scan/2': ['native scan, AVX2 kernel'],
  'BM_scan/3': ['native scan, AVX-512 kernel'],
};

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const best = new Map();
for (const run of report.benchmarks) {
  if (run.run_type !== 'iteration' || run.error_occurred) continue;
  const name = run.run_name ?? run.name;
  best.set(name, Math.max(best.get(name) ?? 0, run.items_per_second ?? run.bytes_per_second ?? 0));
}
const out = stageFile('native');
for (const [benchmark, [name, goal]] of Object.entries(FIGURES)) {
  if (!best.has(benchmark)) throw new Error(`native_bench did not report ${benchmark}`);
  out.add(figure(name, 1e9 / best.get(benchmark), 'ns/id', goal));
}
for (const [benchmark, [name, goal]] of Object.entries(SCAN_FIGURES)) {
  if (!best.has(benchmark)) {
    console.log(`  ${name}: not run on this CPU`);
    continue;
  }
  out.add(figure(name, best.get(benchmark) / 1e9, 'GB/s', goal));
}
