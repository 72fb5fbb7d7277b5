#!/usr/bin/env node
// The `branded` command (see cli/help.js, or run `branded --help`). stdout is left untouched here: the
// streaming commands write to fd 1 directly (cli/stdio.js), which process.stdout would make non-blocking.
import { main } from '../cli/main.js';

process.exitCode = await main(process.argv.slice(2));
