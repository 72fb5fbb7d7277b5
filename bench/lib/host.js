// What a figure was measured on, kept beside it (bench/out/*.jsonl, bench/results.json): a figure read on another
// machine, or on this one while it was busy, cannot then pass for this one's.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';

/** {cpu, cores, memoryGiB, load1, node, commit, ...extra}: the machine, its load as the stage starts, the code. */
export function hostOf(extra = {}) {
  let commit = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // Not a clone (a tarball): the figure goes without its commit.
  }
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    load1: Number(loadavg()[0].toFixed(2)),
    node: process.versions.node,
    commit,
    ...extra,
  };
}
