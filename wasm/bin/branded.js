#!/usr/bin/env node
// The `branded` command (see cli/help.js, or run `branded --help`).
import { main } from '../cli/main.js';

process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0); // the reader went away (e.g. `| head`)
  throw error;
});

process.exitCode = await main(process.argv.slice(2));
