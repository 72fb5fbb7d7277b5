// The last bench stage: every figure of this run (bench/out/*.jsonl, in stage order) as one table, and
// bench/results.json, a list of {name, value, unit, goal, met}.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { OUT_DIR } from './lib/figures.js';

const STAGE_ORDER = [
  'native',
  'js',
  'js-batch',
  'startup',
  'scan',
  'cli',
  'cli-peers',
  'enqueue',
  'bridge',
  'explorer',
  'bindings',
];
const rank = (file) => {
  const i = STAGE_ORDER.indexOf(file.replace(/\.jsonl$/, ''));
  return i === -1 ? STAGE_ORDER.length : i;
};

const files = readdirSync(OUT_DIR)
  .filter((f) => f.endsWith('.jsonl'))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const figures = files.flatMap((f) =>
  readFileSync(join(OUT_DIR, f), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line)),
);
if (figures.length === 0) throw new Error(`no figures in ${OUT_DIR}: did the bench stages run?`);

const width = Math.max(...figures.map((f) => f.name.length));
const rows = figures.map((f) => {
  const verdict = f.met === null ? '' : f.met ? 'met' : 'MISSED';
  return `${f.name.padEnd(width)}  ${String(f.value).padStart(9)} ${f.unit.padEnd(10)} ${(f.goal ?? '').padEnd(28)} ${verdict}`;
});
const header = `${'figure'.padEnd(width)}  ${'value'.padStart(9)} ${'unit'.padEnd(10)} ${'goal'.padEnd(28)} verdict`;
console.log(`\n${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.versions.node}\n`);
console.log(header);
console.log('-'.repeat(header.length));
for (const row of rows) console.log(row);
const goals = figures.filter((f) => f.met !== null);
console.log(`\n${goals.filter((f) => f.met).length} of ${goals.length} goals met.`);

// A stage that records its host (bench/lib/host.js) keeps it beside each of its figures.
const results = figures.map(({ name, value, unit, goal, met, host }) => ({
  name,
  value,
  unit,
  goal,
  met,
  ...(host ? { host } : {}),
}));
writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify(results, null, 1)}\n`);
console.log('bench/results.json written.');
