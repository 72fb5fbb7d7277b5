// Every bench stage reports figures the same way: one JSON object per line in bench/out/<stage>.jsonl,
// {name, value, unit, goal, met}. `goal` is text ("<= 5 ns/id", ">= 0.8x valkey-benchmark EVALSHA"): its
// comparison and number are read back to decide `met`, so the text shown is the test applied.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'out');

const GOAL = /^\s*(<=|>=)\s*([0-9.]+)/;

export function met(value, goal) {
  if (goal == null) return null;
  const match = GOAL.exec(goal);
  if (!match) throw new Error(`a goal must start with <= or >= and a number: ${JSON.stringify(goal)}`);
  const bound = Number(match[2]);
  return match[1] === '<=' ? value <= bound : value >= bound;
}

// Three significant digits keeps the table readable and is beyond what this box can resolve.
function round(value) {
  return Number(value.toPrecision(3));
}

export function figure(name, value, unit, goal = null) {
  if (!Number.isFinite(value)) throw new Error(`${name}: not a number (${value})`);
  return { name, value: round(value), unit, goal, met: met(round(value), goal) };
}

// A stage starts its file afresh, then adds figures as it measures them (a stage that dies halfway still
// leaves what it measured).
export function stageFile(stage) {
  mkdirSync(OUT_DIR, { recursive: true });
  const file = join(OUT_DIR, `${stage}.jsonl`);
  writeFileSync(file, '');
  return {
    add(f) {
      appendFileSync(file, `${JSON.stringify(f)}\n`);
      const goal = f.goal == null ? '' : `  (goal ${f.goal}: ${f.met ? 'met' : 'MISSED'})`;
      console.log(`  ${f.name.padEnd(52)} ${String(f.value).padStart(10)} ${f.unit}${goal}`);
      return f;
    },
  };
}
