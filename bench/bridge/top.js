// Self time by function in a .cpuprofile (the bridge's, from BENCH_BRIDGE_CPU_PROF): the top N lines.
// Usage: node bench/bridge/top.js FILE [N]
import { readFileSync } from 'node:fs';

const [file, count = '25'] = process.argv.slice(2);
const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(nodes.map((node) => [node.id, node]));
const selfMs = new Map();
samples.forEach((id, i) => {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  const where = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|work\/main)\//, '')}:${lineNumber + 1}`;
  selfMs.set(where, (selfMs.get(where) ?? 0) + timeDeltas[i] / 1000);
});
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
const top = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, Number(count));
for (const [where, ms] of top)
  console.log(`${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${where}`);
console.log(`${total.toFixed(0).padStart(7)} ms total`);
