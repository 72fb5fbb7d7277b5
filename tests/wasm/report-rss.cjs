// Preloaded into a spawned CLI (node --require): reports the process's peak RSS (KiB) on stderr at exit. It is
// read from VmHWM, this program's own high-water mark: getrusage's maxRSS also counts the parent's memory,
// copied at fork, before exec.
const { readFileSync } = require('node:fs');

function peakKiB() {
  try {
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
  } catch {
    return process.resourceUsage().maxRSS;
  }
}

process.on('exit', () => process.stderr.write(`maxRSS=${peakKiB()}\n`));
