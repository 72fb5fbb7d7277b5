// Preloaded into a spawned CLI (node --require): reports the process's peak RSS (KiB) on stderr at exit.
process.on('exit', () => process.stderr.write(`maxRSS=${process.resourceUsage().maxRSS}\n`));
